/**
 * The words of every state a payment can be in as the customer sees it (common/payment-status.ts: the one table),
 * for the pay screen's result and a payment's details alike: a title, and a text saying what is known and what to
 * do. A payee is never declined in Icelandic: the name stands after "Viðtakandi:" as it was typed.
 */
export const en = {
  'status.draft.title': 'Not sent yet',
  'status.draft.text': 'Nothing has been sent. Review the payment to pay it.',
  'status.notSent.title': 'Confirmed, not sent',
  'status.notSent.text':
    'The payment of {amount} to {payee} was confirmed but has not been sent, and nothing has left your account. Send it now, or choose Don’t send to drop it for good.',
  'status.awaitingPasscode.title': 'Waiting for the app’s passcode',
  'status.awaitingPasscode.text':
    'The payment of {amount} to {payee} has not been sent. It goes once the app’s passcode is entered.',
  'status.notSentTooLate.title': 'Confirmed, never sent, and too old to send',
  'status.notSentTooLate.text':
    'You confirmed this payment of {amount} to {payee} more than 24 hours ago and it was never sent, so the app will not send it now. Choose Don’t send, and make a new payment if you still want to pay.',
  'status.sending.title': 'Sending the payment…',
  'status.sending.text': 'Sending {amount} to {payee} ({seconds} s so far). Do not pay again.',
  'status.slow.title': 'The bank is slow to answer',
  'status.slow.text':
    'The bank has not answered yet ({seconds} s so far). The app keeps trying with the same request id, so the payment cannot go through twice. Do not pay again.',
  // A send after one the bank did not answer (issue 42, item 8): said as what it is, not as a bank slow for 0 s.
  'status.resending.title': 'No answer from the bank: sending again',
  'status.resending.text':
    'The bank did not answer when the app sent the payment of {amount} to {payee}, so the app is sending it again with the same request id (attempt {attempt}). The bank takes a request id only once, so it cannot be paid twice. Do not pay again.',
  'status.resending.waiting': 'No answer yet ({seconds} s so far).',
  'status.accepted.title': 'Payment sent',
  'status.accepted.text':
    'The bank accepted the payment of {amount} to {payee}. It has not yet told the app that the payment is completed.',
  'status.settled.title': 'Payment sent',
  'status.settled.text': 'The bank accepted the payment of {amount} to {payee} and has completed it.',
  'status.rejected.title': 'The payment was not made',
  'status.rejected.text': 'Nothing was paid.',
  'status.unknown.title': 'We do not know yet whether the payment went through',
  // {date} {time}: when the request id's 24 hours end (common/request-id.ts), the last moment the app sends it.
  'status.unknown.text':
    'Until {date} at {time} the app tries to send this payment again by itself, with the same request id ({requestId}): the bank takes a request id only once, so the payment goes through at most once. Do not pay it another way while the app tries. To look in your online banking and decide yourself, choose Stop trying.',
  'status.unknownTooLate.title': 'The app can no longer ask the bank',
  'status.unknownTooLate.text':
    'More than 24 hours have passed since this payment was confirmed, and the bank’s answer never reached the app. Look in your online banking for a payment of {amount} to {payee} on {date}, and tell the app what you find. Your answer will be kept as yours, not as the bank’s.',
  'status.unknownStopped.title': 'You stopped the app from trying',
  'status.unknownStopped.text':
    'The app will not send this payment again, by itself or on a press. Whether it went through is not known. Look in your online banking for a payment of {amount} to {payee} on {date}, and tell the app what you find. Until then it counts towards your daily limit. Your answer will be kept as yours, not as the bank’s.',
  'status.unknownRestored.title': 'From a backup: look in your online banking',
  'status.unknownRestored.text':
    'This payment of {amount} to {payee} came from a backup file, not from the app’s own talk with the bank, so the app never sends it. Whether it went through is not known. Look in your online banking for it on {date}, and tell the app what you find. Until then it counts towards your daily limit.',
  'status.declaredPaid.title': 'Went through, by your word',
  'status.declaredPaid.text':
    'You said your online banking shows this payment of {amount} to {payee}. The bank never confirmed it to the app.',
  'status.declaredNotPaid.title': 'Did not go through, by your word',
  'status.declaredNotPaid.text':
    'You said your online banking does not show this payment of {amount} to {payee}. It does not count towards your daily limit. The bank never confirmed it to the app.',
  'status.dropped.title': 'Not sent: you dropped it',
  'status.dropped.text':
    'The payment of {amount} to {payee} was never sent and will not be. Its share of the daily limit is free again.',
  'status.damaged.title': 'This payment’s record is damaged',
  'status.damaged.text': 'Whether it was paid is not known.',
  'status.nextCheck': 'The app asks the bank again by itself at {time}.',
  'status.nextCheckDay': 'The app asks the bank again by itself on {date} at {time}.',
  // An unknown payment is not asked about: it is sent again, with the same request id.
  'status.nextTry': 'The app tries to send it again by itself at {time}.',
  'status.nextTryDay': 'The app tries to send it again by itself on {date} at {time}.',
  'status.action.send': 'Send it',
  'status.action.dontSend': 'Don’t send',
  'status.action.checkNow': 'Check now',
  'status.action.tryAgain': 'Try again now',
  'status.action.stopTrying': 'Stop trying',
  'status.action.declarePaid': 'It went through',
  'status.action.declareNotPaid': 'It did not go through',
  'status.working': 'Working…',
  'status.stop.title': 'Stop trying to send this payment?',
  'status.stop.text':
    'The app will then not send this payment again, by itself or when you press a button. Whether it went through stays unknown: look in your online banking, and tell the app what you find. It counts towards your daily limit until you do.',
  'status.stop.confirm': 'Yes, stop trying',
  'status.stop.keep': 'Keep trying',
  'limit.held': '{amount} of it is held by a payment not sent yet.',
  'limit.uncertain': '{amount} of it is for payments on their way or whose outcome is not known.',
  'review.duplicate.declaredPaid':
    'You said a payment of {amount} to this payee on {date} went through (the bank never confirmed it). Is this a new payment?',
  'review.duplicate.uncertain':
    'The outcome of a payment of {amount} to this payee on {date} is not known: it may have gone through, or the app may still send it. Look at it in History before you pay again. Is this a new payment?',
  'review.duplicate.notSent':
    'A payment of {amount} to this payee, confirmed on {date}, has not been sent: you can send it or drop it in History. Is this a new payment?',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'status.draft.title': 'Ekki send enn',
  'status.draft.text': 'Ekkert hefur verið sent. Yfirfarðu greiðsluna til að greiða hana.',
  'status.notSent.title': 'Staðfest en ekki send',
  'status.notSent.text':
    'Greiðslan ({amount}, viðtakandi: {payee}) var staðfest en hefur ekki verið send og ekkert hefur farið af reikningnum þínum. Sendu hana núna, eða veldu „Ekki senda“ til að hætta við hana fyrir fullt og allt.',
  'status.awaitingPasscode.title': 'Beðið eftir aðgangskóða forritsins',
  'status.awaitingPasscode.text':
    'Greiðslan ({amount}, viðtakandi: {payee}) hefur ekki verið send. Hún fer þegar aðgangskóði forritsins er sleginn inn.',
  'status.notSentTooLate.title': 'Staðfest, aldrei send og of gömul til að senda',
  'status.notSentTooLate.text':
    'Þú staðfestir þessa greiðslu ({amount}, viðtakandi: {payee}) fyrir meira en sólarhring og hún var aldrei send, svo forritið sendir hana ekki úr þessu. Veldu „Ekki senda“ og gerðu nýja greiðslu ef þú vilt enn greiða.',
  'status.sending.title': 'Greiðslan er í sendingu…',
  'status.sending.text':
    'Greiðslan ({amount}, viðtakandi: {payee}) er í sendingu ({seconds} sek. hingað til). Ekki greiða aftur.',
  'status.slow.title': 'Bankinn er lengi að svara',
  'status.slow.text':
    'Bankinn hefur ekki svarað enn ({seconds} sek. hingað til). Forritið reynir áfram með sama auðkenni beiðninnar, svo greiðslan getur ekki farið tvisvar í gegn. Ekki greiða aftur.',
  'status.resending.title': 'Ekkert svar frá bankanum: send aftur',
  'status.resending.text':
    'Bankinn svaraði ekki þegar forritið sendi greiðsluna ({amount}, viðtakandi: {payee}), svo forritið sendir hana aftur með sama auðkenni beiðni (tilraun {attempt}). Bankinn tekur aðeins einu sinni við hverju auðkenni, svo hún getur ekki farið tvisvar í gegn. Ekki greiða aftur.',
  'status.resending.waiting': 'Ekkert svar enn ({seconds} sek. hingað til).',
  'status.accepted.title': 'Greiðsla send',
  'status.accepted.text':
    'Bankinn tók við greiðslunni ({amount}, viðtakandi: {payee}). Hann hefur ekki enn sagt forritinu að henni sé lokið.',
  'status.settled.title': 'Greiðsla send',
  'status.settled.text': 'Bankinn tók við greiðslunni ({amount}, viðtakandi: {payee}) og henni er lokið.',
  'status.rejected.title': 'Greiðslan var ekki framkvæmd',
  'status.rejected.text': 'Ekkert var greitt.',
  'status.unknown.title': 'Ekki er enn vitað hvort greiðslan fór í gegn',
  'status.unknown.text':
    'Til {date} kl. {time} reynir forritið sjálft að senda greiðsluna aftur með sama auðkenni beiðninnar ({requestId}): bankinn tekur aðeins einu sinni við sama auðkenni, svo greiðslan fer í mesta lagi einu sinni í gegn. Ekki greiða hana á annan hátt á meðan forritið reynir. Veldu „Hætta að reyna“ til að athuga hana í netbankanum þínum í staðinn.',
  'status.unknownTooLate.title': 'Forritið getur ekki lengur spurt bankann',
  'status.unknownTooLate.text':
    'Meira en sólarhringur er liðinn frá því að greiðslan var staðfest og svar bankans barst forritinu aldrei. Leitaðu í netbankanum þínum að greiðslu ({amount}, viðtakandi: {payee}) þann {date} og segðu forritinu hvað þú finnur. Svarið verður skráð sem þitt, ekki bankans.',
  'status.unknownStopped.title': 'Þú lést forritið hætta að reyna',
  'status.unknownStopped.text':
    'Forritið sendir þessa greiðslu ekki aftur, hvorki sjálft né þegar ýtt er á hnapp. Ekki er vitað hvort hún fór í gegn. Leitaðu í netbankanum þínum að greiðslu ({amount}, viðtakandi: {payee}) þann {date} og segðu forritinu hvað þú finnur. Þangað til telst hún með í daglegri hámarksupphæð. Svarið verður skráð sem þitt, ekki bankans.',
  'status.unknownRestored.title': 'Úr afriti: athugaðu netbankann þinn',
  'status.unknownRestored.text':
    'Þessi greiðsla ({amount}, viðtakandi: {payee}) kom úr afritsskrá, ekki úr samskiptum forritsins sjálfs við bankann, svo forritið sendir hana aldrei. Ekki er vitað hvort hún fór í gegn. Leitaðu að henni í netbankanum þínum þann {date} og segðu forritinu hvað þú finnur. Þangað til telst hún með í daglegri hámarksupphæð.',
  'status.declaredPaid.title': 'Fór í gegn, að þinni sögn',
  'status.declaredPaid.text':
    'Þú sagðir að netbankinn þinn sýndi þessa greiðslu ({amount}, viðtakandi: {payee}). Bankinn staðfesti hana aldrei við forritið.',
  'status.declaredNotPaid.title': 'Fór ekki í gegn, að þinni sögn',
  'status.declaredNotPaid.text':
    'Þú sagðir að netbankinn þinn sýndi ekki þessa greiðslu ({amount}, viðtakandi: {payee}). Hún telst ekki með í daglegri hámarksupphæð. Bankinn staðfesti hana aldrei við forritið.',
  'status.dropped.title': 'Ekki send: þú hættir við hana',
  'status.dropped.text':
    'Greiðslan ({amount}, viðtakandi: {payee}) var aldrei send og verður ekki send. Hlutur hennar í daglegri hámarksupphæð er laus aftur.',
  'status.damaged.title': 'Færsla þessarar greiðslu er skemmd',
  'status.damaged.text': 'Ekki er vitað hvort hún var greidd.',
  'status.nextCheck': 'Forritið spyr bankann sjálft aftur kl. {time}.',
  'status.nextCheckDay': 'Forritið spyr bankann sjálft aftur {date} kl. {time}.',
  'status.nextTry': 'Forritið reynir sjálft að senda hana aftur kl. {time}.',
  'status.nextTryDay': 'Forritið reynir sjálft að senda hana aftur {date} kl. {time}.',
  'status.action.send': 'Senda hana',
  'status.action.dontSend': 'Ekki senda',
  'status.action.checkNow': 'Athuga núna',
  'status.action.tryAgain': 'Reyna aftur núna',
  'status.action.stopTrying': 'Hætta að reyna',
  'status.action.declarePaid': 'Hún fór í gegn',
  'status.action.declareNotPaid': 'Hún fór ekki í gegn',
  'status.working': 'Augnablik…',
  'status.stop.title': 'Hætta að reyna að senda greiðsluna?',
  'status.stop.text':
    'Forritið sendir greiðsluna þá ekki aftur, hvorki sjálft né þegar þú ýtir á hnapp. Áfram verður óvíst hvort hún fór í gegn: athugaðu netbankann þinn og segðu forritinu hvað þú finnur. Hún telst með í daglegri hámarksupphæð þangað til.',
  'status.stop.confirm': 'Já, hætta að reyna',
  'status.stop.keep': 'Halda áfram að reyna',
  'limit.held': 'Þar af eru {amount} fráteknar fyrir greiðslu sem er ekki send enn.',
  'limit.uncertain': 'Þar af eru {amount} fyrir greiðslur á leiðinni eða með óvissa niðurstöðu.',
  'review.duplicate.declaredPaid':
    'Þú sagðir að greiðsla til þessa viðtakanda ({amount}) þann {date} hefði farið í gegn (bankinn staðfesti hana aldrei). Er þetta ný greiðsla?',
  'review.duplicate.uncertain':
    'Ekki er vitað hvort greiðsla til þessa viðtakanda ({amount}) þann {date} fór í gegn: hún gæti hafa farið í gegn eða forritið gæti enn sent hana. Skoðaðu hana undir „Saga“ áður en þú greiðir aftur. Er þetta ný greiðsla?',
  'review.duplicate.notSent':
    'Greiðsla til þessa viðtakanda ({amount}), staðfest þann {date}, hefur ekki verið send: þú getur sent hana eða hætt við hana undir „Saga“. Er þetta ný greiðsla?',
};
