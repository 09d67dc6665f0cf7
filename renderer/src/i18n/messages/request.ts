/**
 * Payment requests (issue 19): asking to be paid with a link or a QR code, and paying one. A request only ever fills
 * the pay form; the texts say so. Its name is whatever the requester typed (issue 26, finding 3): the texts give it
 * as "the name in the request", never as who sent it, and say how it stands to the customer's saved payees. A name
 * is only ever shown after a colon or in quotes, where Icelandic keeps it as it is written (no "frá Anna").
 * The check value only catches typos: no text says it would notice a link someone changed on purpose.
 */
export const en = {
  'request.open': 'Request money',
  'request.title': 'Request money',
  'request.intro':
    'Make a link and a QR code that fill in the payer’s form with your account. They still check it and confirm the payment themselves.',
  'request.account': 'Into your account',
  'request.amount': 'Amount (optional)',
  'request.message': 'Text for the payer (optional)',
  'request.create': 'Make the request',
  'request.link': 'Payment request link',
  'request.copy': 'Copy link',
  'request.copied': 'The link is copied.',
  'request.savePng': 'Save QR code as PNG',
  'request.saved': 'Saved as {fileName} in {folder}.',
  'request.qrAlt': 'QR code of the payment request into account {account}',
  'request.showLarge': 'Show large',
  'request.largeTitle': 'Payment request',
  'request.caption.who': 'Payment request: {name}',
  'request.caption.amount': 'Amount: {amount}',
  'request.caption.anyAmount': 'Amount: the payer chooses',
  'request.caption.account': 'Into account {account}',
  'request.caption.message': 'Text: {message}',
  'request.noAccounts': 'Add one of your own accounts first: a request says which account to pay into.',
  'request.pay': 'Pay a request',
  'request.paste': 'Payment request link',
  'request.pasteHint': 'Paste a link that begins with a2a-wallet://pay?',
  'request.use': 'Fill in the form',
  'request.qrFile': 'Read a QR code image',
  'request.dropHint': 'You can also drop an image of a QR code onto the form.',
  'request.filled':
    'Filled in from a payment request. Check every field: nothing is paid until you review and confirm it.',
  'request.nameLabel': 'Name in the request:',
  'request.nameClaim':
    'Whoever made the request typed this name themselves: neither the bank nor this app has confirmed it.',
  'request.payeeMatch': 'The request matches your saved payee: the same name, kennitala and account number.',
  'request.payeeUnknown': 'None of your saved payees has this name, kennitala or account number.',
  'request.payeeUnchecked': 'Sign in to compare the name with your saved payees.',
  'request.conflictTitle': 'Warning: this request does not agree with your saved payees.',
  'request.conflict.savedAsOther': 'You saved this kennitala and account number as “{name}”.',
  'request.conflict.kennitalaSavedAsOther': 'You saved this kennitala as “{name}”.',
  'request.conflict.accountSavedAsOther': 'You saved this account number as “{name}”.',
  'request.conflict.nameWithOtherKennitala':
    'You saved “{name}” with another kennitala: {kennitala} (account number {account}).',
  'request.conflict.nameWithOtherAccount':
    'You saved “{name}” with this kennitala and another account number: {account}.',
  'request.conflictAdvice':
    'The money goes to the kennitala and account number in the form, whatever name the request gives. Pay only if you know whose they are.',
  'request.companyLike':
    'Warning: the name looks like a company’s, a bank’s or an authority’s, but the kennitala is a person’s. A bank or a company does not ask to be paid into a person’s account: this may be fraud.',
  'request.dismiss': 'Dismiss',
  'error.REQUEST_TOO_LONG': 'That link is far longer than a payment request can be, so it was not used.',
  'error.REQUEST_NOT_A_LINK': 'That is not a payment request of this app: such links begin with a2a-wallet://pay?',
  'error.REQUEST_NEWER_VERSION':
    'That payment request was made by a newer version of the app. Update the app, then open the request again.',
  'error.REQUEST_UNKNOWN_FIELD':
    'That link has fields a payment request does not have, so it was not used. Ask for a new request.',
  'error.REQUEST_CHECK_FAILED':
    'That link does not match its check value: part of it was mistyped or cut off. Copy the whole link again, or scan its QR code.',
  'error.REQUEST_KENNITALA': 'The kennitala in that request is not valid, so it was not used. Ask for a new request.',
  'error.REQUEST_COMPANY': 'That request is for a company’s kennitala: this app pays individuals only.',
  'error.REQUEST_ACCOUNT':
    'The account number in that request is not valid, so it was not used. Ask for a new request.',
  'error.REQUEST_NAME': 'The name in that request has characters no name has, so the request was not used.',
  'error.REQUEST_NAME_SCRIPTS':
    'The name in that request mixes letters of different alphabets (such as Latin and Cyrillic), a trick to make one name look like another, so the request was not used.',
  'error.REQUEST_NAME_MARKS':
    'The name in that request has more than two accent marks on one letter, so the request was not used.',
  'error.REQUEST_AMOUNT':
    'The amount in that request is not a whole number of krónur from ISK 1 to ISK 200,000, so the request was not used.',
  'error.REQUEST_MESSAGE': 'The text in that request is too long or has characters that cannot be sent.',
  'error.REQUEST_NOT_OWN_ACCOUNT': 'That is not one of your own accounts. Choose one of them.',
  'error.REQUEST_NO_QR': 'No QR code could be read in that image. Try a sharper picture, or paste the link.',
  'error.REQUEST_CAPTION':
    'The QR code was not saved: the text drawn under it could not be used. Close the request and make it again.',
};

export const is: Record<keyof typeof en, string> = {
  'request.open': 'Biðja um greiðslu',
  'request.title': 'Biðja um greiðslu',
  'request.intro':
    'Búðu til hlekk og QR-kóða sem fylla út greiðsluform greiðandans með reikningnum þínum. Greiðandinn yfirfer og staðfestir greiðsluna sjálfur.',
  'request.account': 'Inn á reikninginn þinn',
  'request.amount': 'Upphæð (valfrjálst)',
  'request.message': 'Skýring til greiðanda (valfrjálst)',
  'request.create': 'Búa til greiðslubeiðni',
  'request.link': 'Hlekkur greiðslubeiðni',
  'request.copy': 'Afrita hlekk',
  'request.copied': 'Hlekkurinn er afritaður.',
  'request.savePng': 'Vista QR-kóða sem PNG',
  'request.saved': 'Vistað sem {fileName} í {folder}.',
  'request.qrAlt': 'QR-kóði greiðslubeiðni inn á reikning {account}',
  'request.showLarge': 'Sýna stórt',
  'request.largeTitle': 'Greiðslubeiðni',
  'request.caption.who': 'Greiðslubeiðni: {name}',
  'request.caption.amount': 'Upphæð: {amount}',
  'request.caption.anyAmount': 'Upphæð: greiðandinn velur',
  'request.caption.account': 'Inn á reikning {account}',
  'request.caption.message': 'Skýring: {message}',
  'request.noAccounts': 'Bættu fyrst við eigin reikningi: greiðslubeiðni segir inn á hvaða reikning á að greiða.',
  'request.pay': 'Greiða greiðslubeiðni',
  'request.paste': 'Hlekkur greiðslubeiðni',
  'request.pasteHint': 'Límdu inn hlekk sem byrjar á a2a-wallet://pay?',
  'request.use': 'Fylla út formið',
  'request.qrFile': 'Lesa mynd af QR-kóða',
  'request.dropHint': 'Þú getur líka dregið mynd af QR-kóða á formið.',
  'request.filled':
    'Fyllt út úr greiðslubeiðni. Athugaðu hvern reit: ekkert er greitt fyrr en þú yfirferð og staðfestir greiðsluna.',
  'request.nameLabel': 'Nafn í beiðninni:',
  'request.nameClaim':
    'Sá sem bjó til beiðnina skrifaði nafnið sjálfur; hvorki bankinn né forritið hefur staðfest það.',
  'request.payeeMatch':
    'Beiðnin stemmir við vistaðan viðtakanda þinn: sama nafn, sama kennitala og sama reikningsnúmer.',
  'request.payeeUnknown':
    'Enginn viðtakandi sem þú hefur vistað er með þetta nafn, þessa kennitölu eða þetta reikningsnúmer.',
  'request.payeeUnchecked': 'Skráðu þig inn til að bera nafnið saman við vistaða viðtakendur þína.',
  'request.conflictTitle': 'Varúð: beiðnin stemmir ekki við vistaða viðtakendur þína.',
  'request.conflict.savedAsOther': 'Þú hefur vistað þessa kennitölu og þetta reikningsnúmer með öðru nafni: {name}.',
  'request.conflict.kennitalaSavedAsOther': 'Þú hefur vistað þessa kennitölu með öðru nafni: {name}.',
  'request.conflict.accountSavedAsOther': 'Þú hefur vistað þetta reikningsnúmer með öðru nafni: {name}.',
  'request.conflict.nameWithOtherKennitala':
    'Þú hefur vistað nafnið „{name}“ með annarri kennitölu: {kennitala} (reikningsnúmer {account}).',
  'request.conflict.nameWithOtherAccount':
    'Þú hefur vistað nafnið „{name}“ með þessari kennitölu og öðru reikningsnúmeri: {account}.',
  'request.conflictAdvice':
    'Greiðslan fer á kennitöluna og reikningsnúmerið í forminu, hvaða nafn sem beiðnin gefur upp. Greiddu aðeins ef þú veist hver á þau.',
  'request.companyLike':
    'Varúð: nafnið líkist nafni fyrirtækis, banka eða stofnunar en kennitalan er einstaklings. Banki eða fyrirtæki biður ekki um greiðslu inn á reikning einstaklings: þetta gæti verið svik.',
  'request.dismiss': 'Loka',
  'error.REQUEST_TOO_LONG': 'Þessi hlekkur er langtum lengri en greiðslubeiðni getur verið og var því ekki notaður.',
  'error.REQUEST_NOT_A_LINK': 'Þetta er ekki greiðslubeiðni þessa forrits: slíkir hlekkir byrja á a2a-wallet://pay?',
  'error.REQUEST_NEWER_VERSION':
    'Þessi greiðslubeiðni var gerð í nýrri útgáfu forritsins. Uppfærðu forritið og opnaðu beiðnina aftur.',
  'error.REQUEST_UNKNOWN_FIELD':
    'Í þessum hlekk eru reitir sem greiðslubeiðni hefur ekki og hann var því ekki notaður. Biddu um nýja beiðni.',
  'error.REQUEST_CHECK_FAILED':
    'Hlekkurinn stemmir ekki við vartölu sína: hann var rangt sleginn inn eða hluti hans féll niður. Afritaðu allan hlekkinn aftur eða skannaðu QR-kóðann.',
  'error.REQUEST_KENNITALA': 'Kennitalan í beiðninni er ekki gild og hún var því ekki notuð. Biddu um nýja beiðni.',
  'error.REQUEST_COMPANY': 'Beiðnin er á kennitölu fyrirtækis: þetta forrit greiðir aðeins einstaklingum.',
  'error.REQUEST_ACCOUNT': 'Reikningsnúmerið í beiðninni er ekki gilt og hún var því ekki notuð. Biddu um nýja beiðni.',
  'error.REQUEST_NAME': 'Í nafninu í beiðninni eru stafir sem ekkert nafn hefur og hún var því ekki notuð.',
  'error.REQUEST_NAME_SCRIPTS':
    'Í nafninu í beiðninni er stöfum úr ólíkum stafrófum blandað saman (til dæmis latneskum og kýrillískum), eins og gert er til að nafn líkist öðru, og beiðnin var því ekki notuð.',
  'error.REQUEST_NAME_MARKS':
    'Í nafninu í beiðninni eru fleiri en tvö merki (broddar, tvípunktar og þess háttar) á sama staf og beiðnin var því ekki notuð.',
  'error.REQUEST_AMOUNT':
    'Upphæðin í beiðninni er ekki heil tala króna frá 1 kr. til 200.000 kr. og beiðnin var því ekki notuð.',
  'error.REQUEST_MESSAGE': 'Skýringin í beiðninni er of löng eða í henni eru stafir sem ekki er hægt að senda.',
  'error.REQUEST_NOT_OWN_ACCOUNT': 'Þetta er ekki einn af þínum eigin reikningum. Veldu einn þeirra.',
  'error.REQUEST_NO_QR': 'Enginn QR-kóði fannst á myndinni. Reyndu skýrari mynd eða límdu inn hlekkinn.',
  'error.REQUEST_CAPTION':
    'QR-kóðinn var ekki vistaður: ekki var hægt að nota textann undir honum. Lokaðu beiðninni og búðu hana til aftur.',
};
