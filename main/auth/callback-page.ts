import type { AppLocale } from '../../common/locale.ts';

/**
 * The small page the browser tab shows after the bank sends the customer back: in their language, saying whether
 * sign-in finished and that they can return to the app. No script, no outside resources.
 */
export type CallbackOutcome =
  | 'signed-in'
  | 'denied'
  | 'bank-error'
  | 'exchange-failed'
  | 'identity-failed'
  | 'not-individual'
  | 'wrong-state'
  | 'cancelled'
  | 'timed-out'
  | 'not-found';

const TEXT: Record<AppLocale, Record<CallbackOutcome, [title: string, body: string]>> = {
  en: {
    'signed-in': ['You are signed in', 'Sign-in is complete. You can close this tab and return to {app}.'],
    denied: ['Sign-in was declined', 'You did not give {app} access at the bank. Return to {app} to try again.'],
    'bank-error': ['Sign-in did not finish', 'The bank did not complete the sign-in. Return to {app} to try again.'],
    'exchange-failed': [
      'Sign-in did not finish',
      'The bank did not hand {app} its access after you approved. Return to {app} to try again.',
    ],
    'identity-failed': [
      'Sign-in did not finish',
      'The bank’s proof of who signed in did not check out, so {app} did not sign you in. Return to {app}.',
    ],
    'not-individual': [
      'Sign-in did not finish',
      '{app} is for individuals only, and the bank did not confirm one. Return to {app}.',
    ],
    'wrong-state': [
      'This sign-in is not the one the app started',
      'This tab belongs to an older or another sign-in. Return to {app} and start again from there.',
    ],
    cancelled: [
      'This sign-in was cancelled',
      'You cancelled this sign-in in {app}, so it did not sign you in. You can close this tab; to sign in, start again from {app}.',
    ],
    'timed-out': [
      'This sign-in timed out',
      '{app} stopped waiting for the bank, so it did not sign you in. You can close this tab; to sign in, start again from {app}.',
    ],
    'not-found': ['Nothing here', 'This address is only used while {app} waits for the bank.'],
  },
  is: {
    'signed-in': ['Þú ert innskráð(ur)', 'Innskráningu er lokið. Þú getur lokað þessum flipa og farið aftur í {app}.'],
    denied: [
      'Innskráningu var hafnað',
      'Þú veittir {app} ekki aðgang hjá bankanum. Farðu aftur í {app} til að reyna aftur.',
    ],
    'bank-error': [
      'Innskráning kláraðist ekki',
      'Bankinn lauk ekki innskráningunni. Farðu aftur í {app} til að reyna aftur.',
    ],
    'exchange-failed': [
      'Innskráning kláraðist ekki',
      'Bankinn veitti {app} ekki aðganginn eftir samþykki þitt. Farðu aftur í {app} til að reyna aftur.',
    ],
    'identity-failed': [
      'Innskráning kláraðist ekki',
      'Staðfesting bankans á því hver skráði sig inn stóðst ekki, svo {app} skráði þig ekki inn. Farðu aftur í {app}.',
    ],
    'not-individual': [
      'Innskráning kláraðist ekki',
      '{app} er aðeins fyrir einstaklinga og bankinn staðfesti ekki einstakling. Farðu aftur í {app}.',
    ],
    'wrong-state': [
      'Þessi innskráning er ekki sú sem forritið hóf',
      'Þessi flipi tilheyrir eldri eða annarri innskráningu. Farðu aftur í {app} og byrjaðu upp á nýtt þaðan.',
    ],
    cancelled: [
      'Hætt var við þessa innskráningu',
      'Þú hættir við þessa innskráningu í {app}, svo þú varst ekki skráð(ur) inn. Þú getur lokað þessum flipa; til að skrá þig inn byrjar þú aftur í {app}.',
    ],
    'timed-out': [
      'Tíminn fyrir þessa innskráningu rann út',
      '{app} hætti að bíða eftir bankanum, svo þú varst ekki skráð(ur) inn. Þú getur lokað þessum flipa; til að skrá þig inn byrjar þú aftur í {app}.',
    ],
    'not-found': ['Ekkert hér', 'Þetta vistfang er aðeins notað á meðan {app} bíður eftir bankanum.'],
  },
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function callbackPage(outcome: CallbackOutcome, locale: AppLocale, appName: string): string {
  const [title, body] = TEXT[locale][outcome].map((text) => escape(text.replaceAll('{app}', appName)));
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body>
<h1>${title}</h1>
<p>${body}</p>
</body>
</html>
`;
}
