/** The 90-day grant: the banner, the last-day dialog and the prompt after its end. */
export const en = {
  'grant.banner': 'Your bank access ends in {days, plural, one {# day} other {# days}}.',
  'grant.bannerOne': 'Your bank access ends tomorrow.',
  'grant.renew': 'Renew now',
  'grant.dialogTitle': 'Your bank access ends tomorrow',
  'grant.dialogText':
    'On {date} the app can no longer pay for you. A new sign-in with your bank gives it another 90 days; your draft and history stay.',
  'grant.later': 'Later',
  'grant.endedTitle': 'Your bank access has ended',
  'grant.endedText':
    'The 90 days you gave the app are over. Sign in with your bank again to keep paying; your draft and history are kept.',
  'grant.signInAgain': 'Sign in again',
  'grant.revokedTitle': 'Your bank access was withdrawn',
  'grant.expiredTitle': 'Your sign-in has expired',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'grant.banner': 'Aðgangur þinn að bankanum rennur út eftir {days, plural, one {# dag} other {# daga}}.',
  'grant.bannerOne': 'Aðgangur þinn að bankanum rennur út á morgun.',
  'grant.renew': 'Endurnýja núna',
  'grant.dialogTitle': 'Aðgangur þinn að bankanum rennur út á morgun',
  'grant.dialogText':
    'Þann {date} getur forritið ekki lengur greitt fyrir þig. Ný innskráning hjá bankanum veitir því aðra 90 daga; uppkastið og sagan haldast.',
  'grant.later': 'Seinna',
  'grant.endedTitle': 'Aðgangur þinn að bankanum er útrunninn',
  'grant.endedText':
    '90 dagarnir sem þú veittir forritinu eru liðnir. Skráðu þig aftur inn hjá bankanum til að halda áfram að greiða; uppkastið og sagan haldast.',
  'grant.signInAgain': 'Skrá inn aftur',
  'grant.revokedTitle': 'Aðgangur þinn að bankanum var afturkallaður',
  'grant.expiredTitle': 'Innskráningin er útrunnin',
};
