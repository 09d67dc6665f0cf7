/**
 * What a failed or uncertain payment's error means and what to do, for the result screen and the payment's details
 * alike (see ../explain-failure.ts): the app's own failures by code or name, each a title and an action. The bank's
 * refusals are not here: their words are the catalogue's, in common/bank-error-texts.ts.
 */
export const en = {
  'failure.generic.title': 'The payment did not go through as expected.',
  'failure.generic.action':
    'Check the payment with your bank before you pay again. If it keeps happening, contact the app’s vendor.',
  'failure.NetworkError.title': 'The connection to the bank failed.',
  'failure.NetworkError.action':
    'The bank may or may not have received the payment. Do not pay again before you know whether it went through.',
  'failure.Timeout.title': 'The bank did not answer in time.',
  'failure.Timeout.action':
    'The bank may or may not have received the payment. Do not pay again before you know whether it went through.',
  'failure.RateLimited.title': 'The bank was busy and asked the app to wait.',
  'failure.RateLimited.action': 'Wait a few minutes, then check the payment again.',
  'failure.UnexpectedResponse.title': 'The bank answered in a way the app did not understand.',
  'failure.UnexpectedResponse.action':
    'Check the payment with your bank before you pay again. If it keeps happening, contact the app’s vendor.',
  'failure.WindowExpired.title':
    'More than 24 hours passed since you confirmed the payment, so the app stopped sending it.',
  'failure.WindowExpired.action': 'Check with your bank whether it was paid; if it was not, make a new payment.',
  'failure.Interrupted.title': 'The app stopped while the payment was being sent.',
  'failure.Interrupted.action':
    'The bank may or may not have received the payment. Do not pay again before you know whether it went through.',
  'failure.RECORD_DAMAGED.title': 'This payment’s record is damaged: check your online banking before paying again.',
  'failure.RECORD_DAMAGED.action':
    'The app’s own record of this payment was changed or damaged on this computer, so the app cannot tell whether it was paid and will never send it by itself. It counts towards the daily limit as a possible payment.',
  'failure.LOCAL_DAILY_LIMIT.title':
    'The app did not send this payment: it would have gone over today’s limit of {limit}.',
  'failure.LOCAL_DAILY_LIMIT.action':
    'Nothing was sent to the bank. Pay a smaller amount, or try again after midnight GMT.',
  'failure.limitUsedUp.action':
    'Nothing is left of today’s limit, so no payment can go through apps until it resets at {time} ({duration} from now).',
  // A token renewal that failed outside the sign-in: the customer is still signed in, and nothing reached the bank's
  // payment service.
  'failure.BANK_UNREACHABLE.title': 'The bank could not be reached to renew the app’s access.',
  'failure.BANK_UNREACHABLE.action': 'Check your internet connection and try again. You are still signed in.',
  'failure.TOKEN_REQUEST_FAILED.title': 'The bank did not renew the app’s access this time.',
  'failure.TOKEN_REQUEST_FAILED.action':
    'Try again in a little while. If it keeps happening, sign out and sign in with your bank again.',
  'failure.BAD_TOKEN_RESPONSE.title': 'The app could not read the bank’s answer when it renewed its access.',
  'failure.BAD_TOKEN_RESPONSE.action': 'Try again in a little while. If it keeps happening, contact the app’s vendor.',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'failure.generic.title': 'Greiðslan fór ekki í gegn eins og til stóð.',
  'failure.generic.action':
    'Athugaðu greiðsluna hjá bankanum áður en þú greiðir aftur. Ef þetta endurtekur sig skaltu hafa samband við þjónustuaðila forritsins.',
  'failure.NetworkError.title': 'Sambandið við bankann rofnaði.',
  'failure.NetworkError.action':
    'Óvíst er hvort bankinn tók við greiðslunni. Ekki greiða aftur fyrr en þú veist hvort hún fór í gegn.',
  'failure.Timeout.title': 'Bankinn svaraði ekki í tæka tíð.',
  'failure.Timeout.action':
    'Óvíst er hvort bankinn tók við greiðslunni. Ekki greiða aftur fyrr en þú veist hvort hún fór í gegn.',
  'failure.RateLimited.title': 'Bankinn var önnum kafinn og bað forritið að bíða.',
  'failure.RateLimited.action': 'Bíddu í nokkrar mínútur og athugaðu svo greiðsluna aftur.',
  'failure.UnexpectedResponse.title': 'Forritið skildi ekki svar bankans.',
  'failure.UnexpectedResponse.action':
    'Athugaðu greiðsluna hjá bankanum áður en þú greiðir aftur. Ef þetta endurtekur sig skaltu hafa samband við þjónustuaðila forritsins.',
  'failure.WindowExpired.title':
    'Meira en sólarhringur leið frá því að þú staðfestir greiðsluna, svo forritið hætti að senda hana.',
  'failure.WindowExpired.action': 'Athugaðu hjá bankanum hvort hún var greidd; ef ekki skaltu gera nýja greiðslu.',
  'failure.Interrupted.title': 'Forritið stöðvaðist meðan verið var að senda greiðsluna.',
  'failure.Interrupted.action':
    'Óvíst er hvort bankinn tók við greiðslunni. Ekki greiða aftur fyrr en þú veist hvort hún fór í gegn.',
  'failure.RECORD_DAMAGED.title':
    'Færsla þessarar greiðslu er skemmd: athugaðu netbankann þinn áður en þú greiðir aftur.',
  'failure.RECORD_DAMAGED.action':
    'Skrá forritsins um þessa greiðslu hefur verið breytt eða hún skemmst á þessari tölvu, svo forritið getur ekki sagt til um hvort hún var greidd og sendir hana aldrei sjálft. Hún telst með í daglegu hámarki sem möguleg greiðsla.',
  'failure.LOCAL_DAILY_LIMIT.title':
    'Forritið sendi ekki þessa greiðslu: hún hefði farið yfir daglegt hámark, {limit}.',
  'failure.LOCAL_DAILY_LIMIT.action':
    'Ekkert var sent til bankans. Greiddu lægri upphæð eða reyndu aftur eftir miðnætti (GMT).',
  'failure.limitUsedUp.action':
    'Ekkert er eftir af hámarki dagsins, svo engin greiðsla kemst í gegnum forrit fyrr en það endurnýjast kl. {time} (eftir {duration}).',
  'failure.BANK_UNREACHABLE.title': 'Ekki náðist samband við bankann til að endurnýja aðgang forritsins.',
  'failure.BANK_UNREACHABLE.action': 'Athugaðu nettenginguna og reyndu aftur. Innskráningin þín er enn í gildi.',
  'failure.TOKEN_REQUEST_FAILED.title': 'Bankinn endurnýjaði ekki aðgang forritsins að þessu sinni.',
  'failure.TOKEN_REQUEST_FAILED.action':
    'Reyndu aftur eftir smástund. Ef þetta endurtekur sig skaltu skrá þig út og svo aftur inn hjá bankanum.',
  'failure.BAD_TOKEN_RESPONSE.title': 'Forritið gat ekki lesið svar bankans þegar það endurnýjaði aðganginn.',
  'failure.BAD_TOKEN_RESPONSE.action':
    'Reyndu aftur eftir smástund. Ef þetta endurtekur sig skaltu hafa samband við þjónustuaðila forritsins.',
};
