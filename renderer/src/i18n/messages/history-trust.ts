/**
 * The payment history on this computer is not the one the app last wrote (common/bridge-contract.ts,
 * HistoryIntegrity): the banner on Pay and History, per problem what happened, then what it means and what to do, and
 * the confirmation before the customer takes it as it is.
 */
export const en = {
  'trust.title': 'Your payment history on this computer may be incomplete',
  'trust.older': 'An older copy of your payment history was put back on this computer.',
  'trust.gap': 'Records were removed from your payment history on this computer.',
  'trust.unreadable': 'Your payment history on this computer cannot be read.',
  'trust.damagedRows':
    'Some records in your payment history on this computer were changed or damaged and cannot be read. Until you have checked, each of them counts towards today’s limit.',
  'trust.meaning':
    'Payments you made may be missing here or out of date, so the app cannot tell whether a payment was already made. Until you have checked, every payment asks you to confirm that it is new.',
  'trust.todo': 'Check in your online banking which payments were made.',
  'trust.checked': 'I have checked my online banking',
  'trust.confirmTitle': 'Have you checked your online banking?',
  'trust.confirmText':
    'Go on only once your online banking has shown you which payments were made. The history here is then taken as it is now: what is missing from it stays missing, and payments no longer ask you to confirm that they are new.',
  'trust.confirm': 'Yes, I have checked',
  'trust.accepted': 'The payment history on this computer is trusted again.',
  'history.detail.confirmedNew': 'Confirmed as a new payment',
  'history.detail.untrustedHistory': 'The payment history on this computer could not be trusted then',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'trust.title': 'Greiðslusagan á þessari tölvu gæti verið ófullkomin',
  'trust.older': 'Eldra afrit af greiðslusögunni þinni var sett aftur á þessa tölvu.',
  'trust.gap': 'Færslur voru fjarlægðar úr greiðslusögunni þinni á þessari tölvu.',
  'trust.unreadable': 'Ekki er hægt að lesa greiðslusöguna þína á þessari tölvu.',
  'trust.damagedRows':
    'Sumum færslum í greiðslusögunni þinni á þessari tölvu hefur verið breytt eða þær skemmst, svo ekki er hægt að lesa þær. Þar til þú hefur athugað telst hver þeirra með í hámarki dagsins.',
  'trust.meaning':
    'Hér gæti vantað greiðslur sem þú hefur gert, eða staða þeirra verið úrelt, svo forritið getur ekki séð hvort greiðsla hafi þegar verið gerð. Þar til þú hefur athugað þarftu að staðfesta við hverja greiðslu að hún sé ný.',
  'trust.todo': 'Athugaðu í netbankanum þínum hvaða greiðslur hafa verið gerðar.',
  'trust.checked': 'Ég hef athugað netbankann',
  'trust.confirmTitle': 'Hefurðu athugað netbankann?',
  'trust.confirmText':
    'Haltu aðeins áfram þegar netbankinn hefur sýnt þér hvaða greiðslur voru gerðar. Greiðslusagan hér gildir þá eins og hún er núna: það sem vantar í hana vantar áfram, og ekki þarf lengur að staðfesta við hverja greiðslu að hún sé ný.',
  'trust.confirm': 'Já, ég hef athugað hann',
  'trust.accepted': 'Greiðslusagan á þessari tölvu er aftur tekin gild.',
  'history.detail.confirmedNew': 'Staðfest sem ný greiðsla',
  'history.detail.untrustedHistory': 'Ekki var þá hægt að treysta greiðslusögunni á þessari tölvu',
};
