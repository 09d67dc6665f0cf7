/**
 * Backup and moving to a new computer (issue 29): the Settings section, its two dialogs (make a backup under a
 * passphrase, restore one), why a passphrase is refused as it is typed (`backup.problem.*`, the rules of
 * common/backup-passphrase.ts), what was saved or restored, and main's refusals (`error.BACKUP_*`), each with what to
 * do. The counts (`backup.count.*`) are joined into one list by renderer/src/screens/settings/backup-texts.ts; in
 * Icelandic they are in the accusative, as the verbs that take them ("Vistaði", "Endurheimti", "Uppfærði") want.
 */
export const en = {
  'backup.title': 'Backup and moving to a new computer',
  'backup.signedOut': 'Sign in with your bank first to make or restore a backup.',
  'backup.make.text':
    'A backup is one file with your own accounts, saved payees, payment history, payments that come due and settings in this profile: never your sign-in, passcode or bank keys. A passphrase you choose locks it, and without the passphrase nobody can open it, not even the app’s makers.',
  'backup.make': 'Make a backup',
  'backup.make.intro':
    'Choose a passphrase for this backup. You need it to restore the backup: keep it somewhere safe, apart from the file. Nobody can open the backup without it, and nobody can tell you what it was.',
  'backup.passphrase': 'Passphrase',
  'backup.passphraseAgain': 'Passphrase again',
  'backup.passphraseHint':
    '16 or more characters, not only digits, with 8 or more different ones, and hard to guess: not a common password, a name or a date. Four random words, not a sentence, make a good passphrase.',
  'backup.show': 'Show passphrase',
  'backup.problem.tooShort': 'Use 16 or more characters: for example four words you will remember.',
  'backup.problem.tooLong':
    'The passphrase is too long: use at most {max, plural, one {# character} other {# characters}}.',
  'backup.problem.onlyDigits':
    'Use words, not only digits: numbers people choose (dates, phone and card numbers) are the first to be guessed.',
  'backup.problem.kennitala': 'Leave out your kennitala and birth date: others can know them. Use words of your own.',
  'backup.problem.trivial':
    'That is too easy to guess (a repeat, a sequence or a row of the keyboard): use words you will remember.',
  'backup.problem.fewDifferent':
    'Use 8 or more different characters: a passphrase of a few repeated ones is easy to guess.',
  'backup.problem.ownDetails':
    'That holds your name, kennitala or birth date, which others know and try first. Leave them out: four random words, not a sentence, are easy to remember and hard to guess.',
  'backup.problem.commonPassword':
    'That is a common password, or built on one (like password1234): among the first guessed. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'backup.problem.keyboardPattern':
    'That follows the keyboard (like qwertyuiop or 1q2w3e4r): among the first guessed. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'backup.problem.nameOrDate':
    'That is built on a name, a place or a date (like reykjavik2026): among the first guessed. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'backup.problem.predictable':
    'That is too easy to guess: common words, sequences and repeats are tried first, however long. Use four random words instead, not a sentence: easy to remember, hard to guess.',
  'backup.problem.mismatch': 'The two passphrases are not the same: type the same one twice.',
  'backup.save': 'Save backup',
  'backup.saving': 'Locking the backup with your passphrase…',
  'backup.saved': 'Saved {list} in {folder} as {fileName}.',
  'backup.saved.settingsOnly': 'Saved your settings in {folder} as {fileName}: there is nothing else to back up yet.',
  'backup.saved.next':
    'To move to a new computer, put the file there, sign in with the same bank as the same person, and restore it here in Settings.',
  'backup.restore.text':
    'Restoring adds what a backup holds to what is on this computer: a payment that is already here is kept once, in the newer of its two states. Only a backup of the person signed in, made with the same bank, can be restored.',
  'backup.restore': 'Restore a backup',
  'backup.restore.intro': 'Choose the backup file and type the passphrase it was made with.',
  'backup.file': 'Backup file',
  'backup.chooseFile': 'Choose file…',
  'backup.noFile': 'No file chosen',
  'backup.fileHint': 'The file the app saved when you made the backup: its name ends in .a2abackup.',
  'backup.restore.button': 'Restore',
  'backup.restoring': 'Opening the backup and adding what is new…',
  'backup.restored.added': 'Added {list} from the backup made {date}.',
  'backup.restored.updated': 'Updated {list} to the newer state in the backup.',
  'backup.restored.updatedOnly': 'Updated {list} to the newer state in the backup made {date}.',
  'backup.restored.nothing': 'Nothing new: everything in this backup made {date} is already here.',
  'backup.restored.where': 'You find them under “Pay” and “History”.',
  'backup.nothingChanged': 'Nothing on this computer was changed.',
  'backup.count.payments': '{count, plural, one {# payment} other {# payments}}',
  'backup.count.accounts': '{count, plural, one {# account} other {# accounts}}',
  'backup.count.payees': '{count, plural, one {# payee} other {# payees}}',
  'backup.count.due': '{count, plural, one {# payment that comes due} other {# payments that come due}}',
  'backup.and': 'and',
  'error.BACKUP_WEAK_PASSPHRASE':
    'That passphrase is not strong enough for a backup: use 16 or more characters, not only digits, with 8 or more different ones, and not your kennitala or birth date.',
  'error.BACKUP_NOT_A_BACKUP':
    'This file is not a backup of this app. Choose the file the app saved when you made the backup: its name ends in .a2abackup.',
  'error.BACKUP_NEWER_FORMAT':
    'This backup was made by a newer version of the app. Update the app on this computer, then restore it again.',
  'error.BACKUP_WRONG_PASSPHRASE':
    'The passphrase does not open this backup. Check it letter by letter, and that Caps Lock is off, then try again.',
  'error.BACKUP_DAMAGED':
    'This backup is damaged and cannot be read: the file may have been cut short or changed as it was copied. Choose another copy of it if you have one.',
  'error.BACKUP_TOO_LARGE':
    'This file is larger than any backup the app opens, so it is not one. Choose the file the app saved when you made the backup.',
  'error.BACKUP_OTHER_CUSTOMER':
    'This backup is of another person than the one signed in. Sign in as the person who made it, then restore it.',
  'error.BACKUP_OTHER_BANK':
    'This backup was made with another bank than this profile’s. Under Profiles, choose the profile of the bank it was made with, then restore it.',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'backup.title': 'Afrit og flutningur á nýja tölvu',
  'backup.signedOut': 'Skráðu þig fyrst inn hjá bankanum til að búa til eða endurheimta afrit.',
  'backup.make.text':
    'Afrit er ein skrá með reikningunum þínum, vistuðum viðtakendum, greiðslusögu, greiðslum á gjalddaga og stillingum í þessari tengingu, en aldrei innskráningunni þinni, aðgangskóðanum eða lyklum að bankanum. Lykilsetning sem þú velur læsir því og án hennar getur enginn opnað það, ekki einu sinni framleiðendur forritsins.',
  'backup.make': 'Búa til afrit',
  'backup.make.intro':
    'Veldu lykilsetningu fyrir þetta afrit. Þú þarft hana til að endurheimta afritið: geymdu hana á öruggum stað, ekki með skránni. Enginn getur opnað afritið án hennar og enginn getur sagt þér hver hún var.',
  'backup.passphrase': 'Lykilsetning',
  'backup.passphraseAgain': 'Lykilsetning aftur',
  'backup.passphraseHint':
    '16 stafir eða fleiri, ekki aðeins tölustafir, þar af 8 ólíkir eða fleiri, og erfitt að giska á: ekki algengt lykilorð, nafn eða dagsetning. Fjögur orð valin af handahófi, ekki setning, eru góð lykilsetning.',
  'backup.show': 'Sýna lykilsetningu',
  'backup.problem.tooShort': 'Notaðu 16 stafi eða fleiri: til dæmis fjögur orð sem þú manst.',
  'backup.problem.tooLong': 'Lykilsetningin er of löng: notaðu mest {max, plural, one {# staf} other {# stafi}}.',
  'backup.problem.onlyDigits':
    'Notaðu orð, ekki aðeins tölustafi: tölur sem fólk velur (dagsetningar, síma- og kortanúmer) eru það fyrsta sem giskað er á.',
  'backup.problem.kennitala':
    'Slepptu kennitölunni þinni og fæðingardeginum: aðrir geta vitað þau. Notaðu þín eigin orð.',
  'backup.problem.trivial':
    'Það er of auðvelt að giska á þetta (endurtekning, runa eða röð á lyklaborðinu): notaðu orð sem þú manst.',
  'backup.problem.fewDifferent':
    'Notaðu 8 ólíka stafi eða fleiri: lykilsetningu úr fáum endurteknum stöfum er auðvelt að giska á.',
  'backup.problem.ownDetails':
    'Þetta inniheldur nafnið þitt, kennitöluna eða fæðingardaginn, sem aðrir vita og prófa fyrst. Slepptu þeim: fjögur orð valin af handahófi, ekki setningu, er auðvelt að muna en erfitt að giska á.',
  'backup.problem.commonPassword':
    'Þetta er algengt lykilorð eða byggt á slíku (eins og lykilord1234) og er með því fyrsta sem giskað er á. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'backup.problem.keyboardPattern':
    'Þetta fylgir lyklaborðinu (eins og asdfghjkl eða 1q2w3e4r) og er með því fyrsta sem giskað er á. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'backup.problem.nameOrDate':
    'Þetta er byggt á nafni, stað eða dagsetningu (eins og akureyri1985) og er með því fyrsta sem giskað er á. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'backup.problem.predictable':
    'Það er of auðvelt að giska á þetta: algeng orð, runur og endurtekningar eru reynd fyrst, hversu langt sem það er. Notaðu frekar fjögur orð valin af handahófi, ekki setningu: þau er auðvelt að muna en erfitt að giska á.',
  'backup.problem.mismatch': 'Lykilsetningarnar tvær eru ekki eins: sláðu sömu lykilsetninguna inn tvisvar.',
  'backup.save': 'Vista afrit',
  'backup.saving': 'Læsi afritinu með lykilsetningunni…',
  'backup.saved': 'Vistaði {list} í möppunni {folder} sem {fileName}.',
  'backup.saved.settingsOnly':
    'Vistaði stillingarnar þínar í möppunni {folder} sem {fileName}: ekkert annað er enn til að geyma í afriti.',
  'backup.saved.next':
    'Til að flytja á nýja tölvu skaltu setja skrána á hana, skrá þig inn sem sami einstaklingur hjá sama banka og endurheimta afritið hér í Stillingum.',
  'backup.restore.text':
    'Endurheimt bætir því sem afritið geymir við það sem er á þessari tölvu: greiðsla sem er hér fyrir er aðeins geymd einu sinni, í nýrri stöðu sinni. Aðeins er hægt að endurheimta afrit þess sem er innskráður, gert hjá sama banka.',
  'backup.restore': 'Endurheimta afrit',
  'backup.restore.intro': 'Veldu afritsskrána og sláðu inn lykilsetninguna sem afritið var gert með.',
  'backup.file': 'Afritsskrá',
  'backup.chooseFile': 'Velja skrá…',
  'backup.noFile': 'Engin skrá valin',
  'backup.fileHint': 'Skráin sem forritið vistaði þegar þú bjóst til afritið: heiti hennar endar á .a2abackup.',
  'backup.restore.button': 'Endurheimta',
  'backup.restoring': 'Opna afritið og bæti við því sem er nýtt…',
  'backup.restored.added': 'Endurheimti {list} úr afritinu frá {date}.',
  'backup.restored.updated': 'Uppfærði {list} í nýrri stöðu úr afritinu.',
  'backup.restored.updatedOnly': 'Uppfærði {list} í nýrri stöðu úr afritinu frá {date}.',
  'backup.restored.nothing': 'Ekkert nýtt: allt í þessu afriti frá {date} er þegar hér.',
  'backup.restored.where': 'Þú finnur það undir „Greiða“ og „Saga“.',
  'backup.nothingChanged': 'Engu var breytt á þessari tölvu.',
  'backup.count.payments': '{count, plural, one {# greiðslu} other {# greiðslur}}',
  'backup.count.accounts': '{count, plural, one {# reikning} other {# reikninga}}',
  'backup.count.payees': '{count, plural, one {# viðtakanda} other {# viðtakendur}}',
  'backup.count.due': '{count, plural, one {# greiðslu á gjalddaga} other {# greiðslur á gjalddaga}}',
  'backup.and': 'og',
  'error.BACKUP_WEAK_PASSPHRASE':
    'Þessi lykilsetning er ekki nógu sterk fyrir afrit: notaðu 16 stafi eða fleiri, ekki aðeins tölustafi, þar af 8 ólíka eða fleiri, og ekki kennitöluna þína eða fæðingardaginn.',
  'error.BACKUP_NOT_A_BACKUP':
    'Þessi skrá er ekki afrit úr þessu forriti. Veldu skrána sem forritið vistaði þegar þú bjóst til afritið: heiti hennar endar á .a2abackup.',
  'error.BACKUP_NEWER_FORMAT':
    'Þetta afrit var gert með nýrri útgáfu forritsins. Uppfærðu forritið á þessari tölvu og endurheimtu afritið svo aftur.',
  'error.BACKUP_WRONG_PASSPHRASE':
    'Lykilsetningin opnar ekki þetta afrit. Athugaðu hana staf fyrir staf og að hástafalás sé ekki á, og reyndu svo aftur.',
  'error.BACKUP_DAMAGED':
    'Þetta afrit er skemmt og ekki hægt að lesa það: skráin gæti hafa styst eða breyst þegar hún var afrituð. Veldu annað eintak af henni ef þú átt það.',
  'error.BACKUP_TOO_LARGE':
    'Þessi skrá er stærri en nokkurt afrit sem forritið opnar, svo hún er ekki afrit. Veldu skrána sem forritið vistaði þegar þú bjóst til afritið.',
  'error.BACKUP_OTHER_CUSTOMER':
    'Þetta afrit er af öðrum einstaklingi en þeim sem er innskráður. Skráðu þig inn sem sá sem gerði afritið og endurheimtu það svo.',
  'error.BACKUP_OTHER_BANK':
    'Þetta afrit var gert hjá öðrum banka en þessi tenging er við. Veldu tenginguna við bankann sem afritið var gert hjá, undir Tengingar, og endurheimtu það svo.',
};
