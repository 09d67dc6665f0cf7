/** The app lock: the lock screen, the passcode prompt before a payment, and the passcode's settings. */
export const en = {
  'lock.title': '{app} is locked',
  'lock.reason.start': 'Enter the passcode set for the app on this computer to open it.',
  'lock.reason.idle': 'The app locked itself: it was not used for {minutes} min.',
  'lock.reason.system': 'The app locked when your computer locked or went to sleep.',
  'lock.reason.manual': 'You locked the app.',
  'lock.reason.setup': 'Set a passcode to open the app.',
  'lock.passcode': 'Passcode',
  'lock.unlock': 'Unlock',
  'lock.unlocking': 'Checking…',
  'lock.wait': 'You can try again at {time}.',
  'lock.waitDay': 'You can try again on {date} at {time}.',
  'lock.triesLeft.one': '{count} try left before every sign-in ends.',
  'lock.triesLeft.other': '{count} tries left before every sign-in ends.',
  'lock.wiped':
    'Too many wrong passcodes, so your sign-ins have ended. Your payment history is kept; sign in with your bank again to pay.',
  'lock.wipedWaits': 'Wrong passcodes still count: the wait before the next try grows with each one.',
  'lock.forgot': 'Forgot your passcode?',
  'lock.forgotTitle': 'Forget the passcode?',
  'lock.forgotText':
    'The passcode is removed and every sign-in ends. Your payment history, accounts and payees stay on this computer, hidden until you sign in with your bank again: then they show again, and you can set a new passcode.',
  'lock.forgotTextLosesData':
    'The passcode is removed and every sign-in ends: you sign in with your bank again, and can set a new passcode. This computer has no keychain, so your passcode is what encrypts the payment history, own accounts and payees kept here: without it they cannot be opened again. Your payments themselves are safe at your bank.',
  'lock.forgotConfirm': 'Forget passcode and sign out',
  'lock.forgotKeep': 'Keep trying',
  'keychain.title': '{app} cannot open your data yet',
  'keychain.temporary':
    'Your computer’s keychain is locked or not ready, so the key that protects your payment history, payees and sign-in cannot be read. Nothing has been changed or lost.',
  'keychain.refused':
    'Your computer’s keychain does not open the key that protects your payment history, payees and sign-in on this computer. Nothing has been changed or lost.',
  'keychain.what':
    'Unlock your keychain (on Linux, start your desktop’s keyring, such as GNOME Keyring or KWallet, and unlock it), then press Try again.',
  'keychain.retry': 'Try again',
  'keychain.retrying': 'Trying…',
  'keychain.stillLocked': 'The keychain still does not open it. Unlock it, then try again.',
  'keychain.afresh': 'Start without this data',
  'keychain.afreshTitle': 'Start without the data on this computer?',
  'keychain.afreshText':
    'The app will not show the payment history, payees and accounts kept on this computer, and you sign in with your bank again. Nothing is deleted: the old key and the data stay on this computer. Payments you made are with your bank; your online banking shows them.',
  'keychain.afreshConfirm': 'Start without this data',
  'keychain.afreshKeep': 'Keep trying',
  'lock.setupTitle': 'Set a passcode for {app}',
  'lock.setupText':
    'This app asks for a passcode when it starts, after a few minutes without use, and to confirm payments, so that only you can pay from your account.',
  'lock.new': 'New passcode',
  'lock.repeat': 'Passcode again',
  'lock.current': 'Current passcode',
  'lock.rules': '6 or more digits, or a passphrase of 8 or more characters.',
  'lock.problem.digitsTooFew': 'Use 6 or more digits.',
  'lock.problem.tooShort': 'A passphrase needs 8 or more characters.',
  'lock.problem.tooLong': 'Use 200 characters or fewer.',
  'lock.problem.mismatch': 'The two passcodes are not the same.',
  'lock.set': 'Set passcode',
  'lock.change': 'Change passcode',
  'lock.remove': 'Remove passcode',
  'lock.lockNow': 'Lock',
  'lock.settings': 'Passcode and lock',
  'lock.settings.on':
    'The app asks for your passcode when it starts, after {minutes, plural, one {# minute} other {# minutes}} without use, and when your computer locks.',
  // Before a payment, the passcode is asked again only when the vendor's window (LockStatus.presenceSeconds) has
  // passed since it was last entered, unlocking included; a window of 0 asks for every payment.
  'lock.settings.presence':
    'Before a payment it asks again if more than {seconds, plural, one {# second has} other {# seconds have}} passed since you last entered it.',
  'lock.settings.presenceEvery':
    'Before a payment it asks again, unless you entered it just before (to unlock the app, say): one entry counts for one payment.',
  'lock.settings.off':
    'No passcode is set: anyone who can use this computer while you are signed in could pay from your account. Setting one is recommended.',
  'lock.settings.required': 'This app requires a passcode.',
  'lock.settings.setDone': 'Your passcode is set. The app now asks for it as said above.',
  'lock.settings.changeDone': 'Your passcode is changed.',
  'lock.settings.removeDone': 'Your passcode is removed: the app no longer locks itself.',
  'lock.settings.idle': 'Lock after',
  'lock.settings.minutes': '{count, plural, one {# minute} other {# minutes}}',
  'lock.settings.saved': 'Saved.',
  'lock.presenceTitle': 'Confirm with the app’s passcode',
  'lock.presenceText': 'Enter the passcode set for the app on this computer to send {amount}.',
  'lock.presenceConfirm': 'Confirm and pay',
  'lock.offerTitle': 'Protect your payments with a passcode',
  'lock.offerText':
    'With a passcode, the app locks when you leave it and asks for the passcode to confirm payments. You can set it now or later in Settings.',
  'lock.offerLater': 'Not now',
  'error.LOCKED': 'The app is locked. Enter the passcode set for it on this computer.',
  'error.WRONG_PASSCODE': 'The passcode is wrong.',
  'error.PASSCODE_WAIT': 'Too many wrong passcodes. Wait a moment, then try again.',
  'error.PASSCODE_WIPED': 'Too many wrong passcodes, so your sign-ins have ended. Sign in with your bank again.',
  'error.PASSCODE_DAMAGED':
    'The saved passcode could not be read. Use “Forgot your passcode?”: you then sign in with your bank again.',
  'error.PASSCODE_WEAK': 'That passcode is too weak: use 6 or more digits, or a passphrase of 8 or more characters.',
  'error.PASSCODE_REQUIRED': 'This app requires a passcode, so it cannot be removed.',
  'error.PASSCODE_NOT_SET': 'Set a passcode first.',
  'error.PASSCODE_KEEPS_DATA':
    'This computer has no keychain, so your passcode is what encrypts your sign-in and payment history here. To remove it, first choose “Keep me signed in anyway” in Settings, or change the passcode instead.',
  'error.PRESENCE_REQUIRED': 'The payment was not sent: it needs the app’s passcode first.',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'lock.title': '{app} er læst',
  'lock.reason.start': 'Sláðu inn aðgangskóða forritsins á þessari tölvu til að opna það.',
  'lock.reason.idle': 'Forritið læstist: það var ekki notað í {minutes} mín.',
  'lock.reason.system': 'Forritið læstist þegar tölvan læstist eða fór í svefn.',
  'lock.reason.manual': 'Þú læstir forritinu.',
  'lock.reason.setup': 'Veldu aðgangskóða til að opna forritið.',
  'lock.passcode': 'Aðgangskóði',
  'lock.unlock': 'Opna',
  'lock.unlocking': 'Athuga…',
  'lock.wait': 'Þú getur reynt aftur kl. {time}.',
  'lock.waitDay': 'Þú getur reynt aftur {date} kl. {time}.',
  'lock.triesLeft.one': '{count} tilraun eftir áður en öllum innskráningum lýkur.',
  'lock.triesLeft.other': '{count} tilraunir eftir áður en öllum innskráningum lýkur.',
  'lock.wiped':
    'Of margir rangir aðgangskóðar, svo innskráningum þínum er lokið. Greiðslusagan er geymd; skráðu þig aftur inn hjá bankanum til að greiða.',
  'lock.wipedWaits': 'Rangir aðgangskóðar telja áfram: biðin fyrir næstu tilraun lengist með hverjum þeirra.',
  'lock.forgot': 'Gleymdirðu aðgangskóðanum?',
  'lock.forgotTitle': 'Gleyma aðgangskóðanum?',
  'lock.forgotText':
    'Aðgangskóðinn er fjarlægður og öllum innskráningum lýkur. Greiðslusagan, reikningarnir og viðtakendurnir eru áfram á þessari tölvu en falin þar til þú skráir þig aftur inn hjá bankanum: þá birtast þau aftur og þú getur valið nýjan aðgangskóða.',
  'lock.forgotTextLosesData':
    'Aðgangskóðinn er fjarlægður og öllum innskráningum lýkur: þú skráir þig aftur inn hjá bankanum og getur valið nýjan aðgangskóða. Þessi tölva hefur enga lyklakippu, svo aðgangskóðinn er það sem dulkóðar greiðslusöguna, reikningana þína og viðtakendur sem geymd eru hér: án hans er ekki hægt að opna þau aftur. Greiðslurnar sjálfar eru öruggar hjá bankanum.',
  'lock.forgotConfirm': 'Gleyma aðgangskóða og skrá út',
  'lock.forgotKeep': 'Reyna áfram',
  'keychain.title': '{app} getur ekki enn opnað gögnin þín',
  'keychain.temporary':
    'Lyklakippa tölvunnar er læst eða ekki tilbúin, svo ekki er hægt að lesa lykilinn sem verndar greiðslusöguna, viðtakendur og innskráninguna. Engu hefur verið breytt og ekkert hefur glatast.',
  'keychain.refused':
    'Lyklakippa tölvunnar opnar ekki lykilinn sem verndar greiðslusöguna, viðtakendur og innskráninguna á þessari tölvu. Engu hefur verið breytt og ekkert hefur glatast.',
  'keychain.what':
    'Opnaðu lyklakippuna (á Linux: ræstu lyklakippu skjáborðsins, til dæmis GNOME Keyring eða KWallet, og opnaðu hana) og veldu svo „Reyna aftur“.',
  'keychain.retry': 'Reyna aftur',
  'keychain.retrying': 'Reyni…',
  'keychain.stillLocked': 'Lyklakippan opnar hann ekki enn. Opnaðu hana og reyndu svo aftur.',
  'keychain.afresh': 'Byrja án þessara gagna',
  'keychain.afreshTitle': 'Byrja án gagnanna á þessari tölvu?',
  'keychain.afreshText':
    'Forritið sýnir þá ekki greiðslusöguna, viðtakendur og reikninga sem eru geymd á þessari tölvu, og þú skráir þig aftur inn hjá bankanum. Engu er eytt: gamli lykillinn og gögnin eru áfram á tölvunni. Greiðslur sem þú gerðir eru hjá bankanum; netbankinn sýnir þær.',
  'keychain.afreshConfirm': 'Byrja án þessara gagna',
  'keychain.afreshKeep': 'Reyna áfram',
  'lock.setupTitle': 'Veldu aðgangskóða fyrir {app}',
  'lock.setupText':
    'Forritið biður um aðgangskóða þegar það ræsist, eftir nokkrar mínútur án notkunar og til að staðfesta greiðslur, svo að aðeins þú getir greitt af reikningnum þínum.',
  'lock.new': 'Nýr aðgangskóði',
  'lock.repeat': 'Aðgangskóði aftur',
  'lock.current': 'Núverandi aðgangskóði',
  'lock.rules': '6 tölustafir eða fleiri, eða lykilsetning með 8 stöfum eða fleiri.',
  'lock.problem.digitsTooFew': 'Notaðu 6 tölustafi eða fleiri.',
  'lock.problem.tooShort': 'Lykilsetning þarf 8 stafi eða fleiri.',
  'lock.problem.tooLong': 'Notaðu 200 stafi eða færri.',
  'lock.problem.mismatch': 'Aðgangskóðarnir tveir eru ekki eins.',
  'lock.set': 'Velja aðgangskóða',
  'lock.change': 'Breyta aðgangskóða',
  'lock.remove': 'Fjarlægja aðgangskóða',
  'lock.lockNow': 'Læsa',
  'lock.settings': 'Aðgangskóði og læsing',
  'lock.settings.on':
    'Forritið biður um aðgangskóðann þegar það ræsist, eftir {minutes, plural, one {# mínútu} other {# mínútur}} án notkunar og þegar tölvan læsist.',
  'lock.settings.presence':
    'Fyrir greiðslu biður það aftur um hann ef meira en {seconds, plural, one {# sekúnda er liðin} other {# sekúndur eru liðnar}} frá því að þú slóst hann síðast inn.',
  'lock.settings.presenceEvery':
    'Fyrir greiðslu biður það aftur um hann, nema þú hafir slegið hann inn rétt áður (til dæmis til að opna forritið): hver innsláttur gildir fyrir eina greiðslu.',
  'lock.settings.off':
    'Enginn aðgangskóði er valinn: hver sem notar þessa tölvu á meðan þú ert skráð(ur) inn gæti greitt af reikningnum þínum. Mælt er með að velja aðgangskóða.',
  'lock.settings.required': 'Þetta forrit krefst aðgangskóða.',
  'lock.settings.setDone': 'Aðgangskóðinn er vistaður. Forritið biður nú um hann eins og sagt er hér að ofan.',
  'lock.settings.changeDone': 'Aðgangskóðanum er breytt.',
  'lock.settings.removeDone': 'Aðgangskóðinn er fjarlægður: forritið læsir sér ekki lengur sjálft.',
  'lock.settings.idle': 'Læsa eftir',
  'lock.settings.minutes': '{count, plural, one {# mínútu} other {# mínútur}}',
  'lock.settings.saved': 'Vistað.',
  'lock.presenceTitle': 'Staðfestu með aðgangskóða forritsins',
  'lock.presenceText': 'Sláðu inn aðgangskóða forritsins á þessari tölvu til að senda {amount}.',
  'lock.presenceConfirm': 'Staðfesta og greiða',
  'lock.offerTitle': 'Verndaðu greiðslurnar með aðgangskóða',
  'lock.offerText':
    'Með aðgangskóða læsist forritið þegar þú ferð frá því og biður um kóðann til að staðfesta greiðslur. Þú getur valið hann núna eða síðar í stillingum.',
  'lock.offerLater': 'Ekki núna',
  'error.LOCKED': 'Forritið er læst. Sláðu inn aðgangskóða þess á þessari tölvu.',
  'error.WRONG_PASSCODE': 'Aðgangskóðinn er rangur.',
  'error.PASSCODE_WAIT': 'Of margir rangir aðgangskóðar. Bíddu aðeins og reyndu svo aftur.',
  'error.PASSCODE_WIPED':
    'Of margir rangir aðgangskóðar, svo innskráningum þínum er lokið. Skráðu þig aftur inn hjá bankanum.',
  'error.PASSCODE_DAMAGED':
    'Ekki tókst að lesa vistaða aðgangskóðann. Veldu „Gleymdirðu aðgangskóðanum?“: þá skráirðu þig aftur inn hjá bankanum.',
  'error.PASSCODE_WEAK':
    'Þessi aðgangskóði er of veikur: notaðu 6 tölustafi eða fleiri, eða lykilsetningu með 8 stöfum eða fleiri.',
  'error.PASSCODE_REQUIRED': 'Þetta forrit krefst aðgangskóða, svo ekki er hægt að fjarlægja hann.',
  'error.PASSCODE_NOT_SET': 'Veldu fyrst aðgangskóða.',
  'error.PASSCODE_KEEPS_DATA':
    'Þessi tölva hefur enga lyklakippu, svo aðgangskóðinn er það sem dulkóðar innskráninguna og greiðslusöguna hér. Til að fjarlægja hann skaltu fyrst velja „Halda innskráningu samt“ í stillingum, eða breyta aðgangskóðanum í staðinn.',
  'error.PRESENCE_REQUIRED': 'Greiðslan var ekki send: fyrst þarf aðgangskóða forritsins.',
};
