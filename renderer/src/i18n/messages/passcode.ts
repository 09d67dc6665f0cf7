/**
 * What a passcode protects against, and why a passcode is refused (issue 26): the rules' reasons as the form shows
 * them (`lock.problem.*`, which the lock screen's form shows too), main's refusals of the same (`error.*`), and the
 * passcode's part of Settings.
 */
export const en = {
  'lock.problem.trivial': 'That is too easy to guess (like 123456, 111111 or 121212): choose one without a pattern.',
  'lock.problem.birthDate': 'That is your birth date or kennitala, which others can know: choose something else.',
  'lock.problem.passphraseNeeded':
    'On this computer the passcode is what encrypts your sign-in, and a number could be guessed from a copy of your data folder in hours. Use a passphrase of 16 or more characters, not only digits.',
  'lock.problem.passphraseTooShort':
    'On this computer the passphrase is what encrypts your sign-in, so it needs 16 or more characters. Four or more words are easy to remember.',
  'lock.problem.fewDifferent':
    'Use 8 or more different characters: a passphrase of a few repeated ones is easy to guess.',
  'lock.problem.ownDetails':
    'That holds your name, kennitala or birth date, which others know and try first. Leave them out: four random words, not a sentence, are easy to remember and hard to guess.',
  'lock.problem.commonPassword':
    'That is a common password, or built on one (like password1234): among the first guessed. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'lock.problem.keyboardPattern':
    'That follows the keyboard (like qwertyuiop or 1q2w3e4r): among the first guessed. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'lock.problem.nameOrDate':
    'That is built on a name, a place or a date (like reykjavik2026): among the first guessed. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'lock.problem.predictable':
    'That is too easy to guess: common words, sequences and repeats are tried first, however long. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'error.PASSPHRASE_OWN_DETAILS':
    'That passphrase holds your name, kennitala or birth date, which others know and try first. Someone with a copy of your data could try guesses without limit. Leave them out: four random words, not a sentence, are easy to remember and hard to guess.',
  'error.PASSPHRASE_COMMON':
    'That passphrase is a common password, or built on one (like password1234). Someone with a copy of your data could try guesses without limit. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'error.PASSPHRASE_KEYBOARD':
    'That passphrase follows the keyboard (like qwertyuiop or 1q2w3e4r). Someone with a copy of your data could try guesses without limit. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'error.PASSPHRASE_NAME_OR_DATE':
    'That passphrase is built on a name, a place or a date (like reykjavik2026). Someone with a copy of your data could try guesses without limit. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'error.PASSPHRASE_PREDICTABLE':
    'That passphrase is too easy to guess: common words, sequences and repeats are tried first, however long. Someone with a copy of your data could try guesses without limit. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'error.PASSCODE_TRIVIAL':
    'That passcode is too easy to guess (like 123456, 111111 or 121212). Choose one without a pattern.',
  'error.PASSCODE_BIRTH_DATE':
    'That passcode is your birth date or kennitala, which others can know. Choose something else.',
  'error.PASSPHRASE_NEEDED':
    'On this computer the passcode is what encrypts your sign-in; a 6-digit code could be guessed from a copy of your data folder in hours. Use a passphrase of 16 or more characters, not only digits.',
  'error.PASSPHRASE_FEW_DIFFERENT':
    'That passphrase repeats too few characters. Use 8 or more different ones: it is what encrypts your sign-in on this computer.',
  'passcode.rules':
    '6 or more digits, or a passphrase of 8 or more characters. Not a pattern like 123456, nor your birth date.',
  'passcode.rules.strong':
    'A passphrase of 16 or more characters, not only digits, with 8 or more different ones, and hard to guess: not a common password, a name or a date. Four random words are easy to remember.',
  'passcode.protects':
    'A passcode protects you from someone at this computer: the app locks, asks for it to confirm payments, and ends your sign-ins after 10 wrong tries. For that, 6 digits are enough.',
  'passcode.protects.keychain':
    'It is not what protects a copy of your data folder (a stolen disk, a backup): your system’s keychain encrypts your sign-in.',
  'passcode.protects.noKeychain':
    'This computer has no keychain, so the passcode is also what encrypts your sign-in on disk. Someone with a copy of your data folder could try codes there without the app’s limits, as fast as their computers allow: every 6-digit code in a few hours. So here it must be a passphrase of 16 or more characters: that is what protects a copied disk.',
  'passcode.tooWeak.title': 'Choose a stronger passphrase',
  'passcode.tooWeak':
    'Your passcode was set before this computer needed a passphrase. It encrypts your sign-in here, and it is short enough to be guessed from a copy of your data folder in hours. So your sign-in is no longer kept on disk: you sign in again each time the app starts, until you change the passcode to a passphrase of 16 or more characters.',
  'passcode.tooWeak.action': 'Choose a passphrase',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'lock.problem.trivial':
    'Það er of auðvelt að giska á þetta (eins og 123456, 111111 eða 121212): veldu kóða án mynsturs.',
  'lock.problem.birthDate': 'Þetta er fæðingardagurinn þinn eða kennitalan, sem aðrir geta vitað: veldu annað.',
  'lock.problem.passphraseNeeded':
    'Á þessari tölvu er aðgangskóðinn það sem dulkóðar innskráninguna þína, og tölu mætti giska á út frá afriti af gagnamöppunni þinni á nokkrum klukkustundum. Notaðu lykilsetningu með 16 stöfum eða fleiri, ekki aðeins tölustöfum.',
  'lock.problem.passphraseTooShort':
    'Á þessari tölvu er lykilsetningin það sem dulkóðar innskráninguna þína, svo hún þarf 16 stafi eða fleiri. Fjögur orð eða fleiri er auðvelt að muna.',
  'lock.problem.fewDifferent':
    'Notaðu 8 ólíka stafi eða fleiri: lykilsetningu úr fáum endurteknum stöfum er auðvelt að giska á.',
  'lock.problem.ownDetails':
    'Þetta inniheldur nafnið þitt, kennitöluna eða fæðingardaginn, sem aðrir vita og prófa fyrst. Slepptu þeim: fjögur orð valin af handahófi, ekki setningu, er auðvelt að muna en erfitt að giska á.',
  'lock.problem.commonPassword':
    'Þetta er algengt lykilorð eða byggt á slíku (eins og lykilord1234) og er með því fyrsta sem giskað er á. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'lock.problem.keyboardPattern':
    'Þetta fylgir lyklaborðinu (eins og asdfghjkl eða 1q2w3e4r) og er með því fyrsta sem giskað er á. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'lock.problem.nameOrDate':
    'Þetta er byggt á nafni, stað eða dagsetningu (eins og akureyri1985) og er með því fyrsta sem giskað er á. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'lock.problem.predictable':
    'Það er of auðvelt að giska á þetta: algeng orð, runur og endurtekningar eru reynd fyrst, hversu langt sem það er. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'error.PASSPHRASE_OWN_DETAILS':
    'Þessi lykilsetning inniheldur nafnið þitt, kennitöluna eða fæðingardaginn, sem aðrir vita og prófa fyrst. Sá sem kemst yfir afrit af gögnunum þínum gæti giskað án takmarkana. Slepptu þeim: fjögur orð valin af handahófi, ekki setningu, er auðvelt að muna en erfitt að giska á.',
  'error.PASSPHRASE_COMMON':
    'Þessi lykilsetning er algengt lykilorð eða byggð á slíku (eins og lykilord1234). Sá sem kemst yfir afrit af gögnunum þínum gæti giskað án takmarkana. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'error.PASSPHRASE_KEYBOARD':
    'Þessi lykilsetning fylgir lyklaborðinu (eins og asdfghjkl eða 1q2w3e4r). Sá sem kemst yfir afrit af gögnunum þínum gæti giskað án takmarkana. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'error.PASSPHRASE_NAME_OR_DATE':
    'Þessi lykilsetning er byggð á nafni, stað eða dagsetningu (eins og akureyri1985). Sá sem kemst yfir afrit af gögnunum þínum gæti giskað án takmarkana. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'error.PASSPHRASE_PREDICTABLE':
    'Það er of auðvelt að giska á þessa lykilsetningu: algeng orð, runur og endurtekningar eru reynd fyrst, hversu löng sem hún er. Sá sem kemst yfir afrit af gögnunum þínum gæti giskað án takmarkana. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'error.PASSCODE_TRIVIAL':
    'Það er of auðvelt að giska á þennan aðgangskóða (eins og 123456, 111111 eða 121212). Veldu kóða án mynsturs.',
  'error.PASSCODE_BIRTH_DATE':
    'Þessi aðgangskóði er fæðingardagurinn þinn eða kennitalan, sem aðrir geta vitað. Veldu annað.',
  'error.PASSPHRASE_NEEDED':
    'Á þessari tölvu er aðgangskóðinn það sem dulkóðar innskráninguna þína; 6 tölustafa kóða mætti giska á út frá afriti af gagnamöppunni þinni á nokkrum klukkustundum. Notaðu lykilsetningu með 16 stöfum eða fleiri, ekki aðeins tölustöfum.',
  'error.PASSPHRASE_FEW_DIFFERENT':
    'Þessi lykilsetning endurtekur of fáa stafi. Notaðu 8 ólíka stafi eða fleiri: hún er það sem dulkóðar innskráninguna þína á þessari tölvu.',
  'passcode.rules':
    '6 tölustafir eða fleiri, eða lykilsetning með 8 stöfum eða fleiri. Ekki mynstur eins og 123456 og ekki fæðingardagurinn þinn.',
  'passcode.rules.strong':
    'Lykilsetning með 16 stöfum eða fleiri, ekki aðeins tölustöfum, þar af 8 ólíkum eða fleiri, sem erfitt er að giska á: ekki algengt lykilorð, nafn eða dagsetning. Fjögur orð valin af handahófi er auðvelt að muna.',
  'passcode.protects':
    'Aðgangskóði verndar þig gegn þeim sem situr við þessa tölvu: forritið læsist, biður um hann til að staðfesta greiðslur og lýkur innskráningum þínum eftir 10 rangar tilraunir. Til þess duga 6 tölustafir.',
  'passcode.protects.keychain':
    'Hann er ekki það sem verndar afrit af gagnamöppunni þinni (stolinn disk, afrit): lyklakippa kerfisins dulkóðar innskráninguna þína.',
  'passcode.protects.noKeychain':
    'Þessi tölva hefur enga lyklakippu, svo aðgangskóðinn er líka það sem dulkóðar innskráninguna þína á diskinum. Sá sem kemst yfir afrit af gagnamöppunni þinni gæti prófað kóða þar án takmarkana forritsins, eins hratt og tölvurnar hans leyfa: alla 6 tölustafa kóða á nokkrum klukkustundum. Því þarf hér lykilsetningu með 16 stöfum eða fleiri: hún er það sem verndar afritaðan disk.',
  'passcode.tooWeak.title': 'Veldu sterkari lykilsetningu',
  'passcode.tooWeak':
    'Aðgangskóðinn þinn var valinn áður en þessi tölva krafðist lykilsetningar. Hann dulkóðar innskráninguna þína hér og er nógu stuttur til að giska mætti á hann út frá afriti af gagnamöppunni þinni á nokkrum klukkustundum. Því er innskráningin ekki lengur geymd á diskinum: þú skráir þig inn aftur í hvert sinn sem forritið ræsist, þar til þú breytir aðgangskóðanum í lykilsetningu með 16 stöfum eða fleiri.',
  'passcode.tooWeak.action': 'Velja lykilsetningu',
};
