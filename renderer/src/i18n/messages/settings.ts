/** The settings screen. */
export const en = {
  'settings.title': 'Settings',
  'settingsReset.title': 'Your settings were reset',
  'settingsReset.text':
    'The app’s settings file on this computer was damaged, so the app started with fresh settings. Your payment history is kept. What was reset: your language, saved payees and own accounts, payments that come due, profiles you added, your sign-in and your passcode. The damaged file is kept beside the new one, in the app’s data folder, for your vendor’s support.',
  'settingsReset.ok': 'OK',
  'settings.notSaved': 'Your change was not saved, so the setting is back as it was.',
  'settings.language': 'Language',
  'settings.language.system': 'System default',
  'settings.language.is': 'Íslenska',
  'settings.language.en': 'English',
  'settings.languageHint': 'The change takes effect at once. System default follows your computer’s language.',
  'settings.appearance': 'Light and dark',
  'settings.appearanceText':
    'The app follows your system’s light or dark setting. To change it, change it in your system’s settings.',
  'settings.tokens': 'Staying signed in',
  'settings.tokens.secure':
    'Your sign-ins are kept encrypted with your system’s keychain, so you stay signed in when you restart the app.',
  'settings.tokens.basicText':
    'This computer has no keyring, so sign-ins are kept in memory only: you sign in again each time you restart the app.',
  'settings.tokens.unavailable':
    'This computer offers no way to protect a saved sign-in, so sign-ins are kept in memory only: you sign in again each time you restart the app.',
  'settings.tokens.allowWeak': 'Keep me signed in anyway (less secure: tokens stored with a fixed key)',
  'settings.tokens.passcode':
    'This computer has no keyring, so your passcode encrypts your sign-ins instead: you stay signed in after a restart, and the app opens with your passcode.',
  'settings.tokens.passcodeTooWeak':
    'This computer has no keyring. Your passcode is too short to protect your sign-in, so you sign in again after each restart until you set a passphrase (under “Passcode and lock” below).',
  'settings.data.passcode':
    'Your payment history, own accounts and payees are encrypted the same way, under your passcode.',
  'settings.tokens.setPasscode':
    'Set a passcode (under “Passcode and lock” below) to stay signed in and keep your history here, encrypted under your passcode.',
  'settings.tokens.persist': 'Now: you stay signed in after a restart.',
  'settings.tokens.memory': 'Now: you sign in again after each restart.',
  'settings.data.secure': 'Your payment history, own accounts and payees are encrypted the same way.',
  'settings.data.memory':
    'Your payment history, own accounts and payees are encrypted under the same key as sign-ins, so what this run adds is lost when you quit the app.',
  'settings.data.weak':
    'Your payment history, own accounts and payees are encrypted under the same key as sign-ins: they are kept, but protected only by a key stored on this computer.',
  'settings.tokens.confirmTitle': 'Keep sign-ins with a fixed key?',
  'settings.tokens.confirmText':
    'Your sign-in tokens will be saved on this computer, protected only by a key that is the same everywhere. Anyone who can read your files could use your bank access until it ends or you sign out.',
  'settings.tokens.confirmData': 'Your payment history, own accounts and payees will be kept the same way.',
  'settings.tokens.confirm': 'Keep me signed in',
  'settings.notifications': 'Notifications',
  'settings.notificationsText':
    'When the app learns a payment’s outcome by itself, it tells you with a notification. Notifications can show on the lock screen, so by default they say only that a payment went through or was refused.',
  'settings.notificationDetails': 'Show the payee’s name and the amount in notifications',
  'settings.about': 'About',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'settings.title': 'Stillingar',
  'settingsReset.title': 'Stillingar þínar voru endurstilltar',
  'settingsReset.text':
    'Stillingaskrá forritsins á þessari tölvu var skemmd, svo forritið byrjaði með nýjar stillingar. Greiðslusagan þín er óbreytt. Þetta var endurstillt: tungumálið, vistaðir viðtakendur og eigin reikningar, greiðslur sem falla í gjalddaga, tengingar sem þú bættir við, innskráningin og aðgangskóðinn. Skemmda skráin er geymd við hlið þeirrar nýju, í gagnamöppu forritsins, fyrir þjónustu söluaðilans.',
  'settingsReset.ok': 'Í lagi',
  'settings.notSaved': 'Breytingin var ekki vistuð, svo stillingin er aftur eins og hún var.',
  'settings.language': 'Tungumál',
  'settings.language.system': 'Sjálfgefið í kerfinu',
  'settings.language.is': 'Íslenska',
  'settings.language.en': 'English',
  'settings.languageHint': 'Breytingin tekur gildi strax. Sjálfgefið í kerfinu fylgir tungumáli tölvunnar.',
  'settings.appearance': 'Ljóst og dökkt',
  'settings.appearanceText':
    'Forritið fylgir stillingu kerfisins um ljóst eða dökkt útlit. Til að breyta því skaltu breyta stillingum kerfisins.',
  'settings.tokens': 'Vistun innskráningar',
  'settings.tokens.secure':
    'Innskráningar þínar eru geymdar dulkóðaðar með lyklakippu kerfisins, svo innskráningin helst þótt þú endurræsir forritið.',
  'settings.tokens.basicText':
    'Þessi tölva hefur enga lyklakippu, svo innskráningar eru aðeins geymdar í minni: þú skráir þig inn aftur í hvert sinn sem þú endurræsir forritið.',
  'settings.tokens.unavailable':
    'Þessi tölva býður enga leið til að vernda vistaða innskráningu, svo innskráningar eru aðeins geymdar í minni: þú skráir þig inn aftur í hvert sinn sem þú endurræsir forritið.',
  'settings.tokens.allowWeak': 'Halda innskráningu samt (minna öruggt: innskráningin geymd með föstum lykli)',
  'settings.tokens.passcode':
    'Þessi tölva hefur enga lyklakippu, svo aðgangskóðinn þinn dulkóðar innskráningar í staðinn: innskráningin helst eftir endurræsingu og forritið opnast með aðgangskóðanum.',
  'settings.tokens.passcodeTooWeak':
    'Þessi tölva hefur enga lyklakippu. Aðgangskóðinn þinn er of stuttur til að vernda innskráninguna, svo þú skráir þig inn aftur eftir hverja endurræsingu þar til þú velur lykilsetningu (undir „Aðgangskóði og læsing“ hér fyrir neðan).',
  'settings.data.passcode':
    'Greiðslusagan, reikningarnir þínir og viðtakendur eru dulkóðuð á sama hátt, undir aðgangskóðanum.',
  'settings.tokens.setPasscode':
    'Veldu aðgangskóða (undir „Aðgangskóði og læsing“ hér fyrir neðan) til að haldast innskráð(ur) og geyma söguna hér, dulkóðaða undir aðgangskóðanum.',
  'settings.tokens.persist': 'Núna: innskráningin helst eftir endurræsingu.',
  'settings.tokens.memory': 'Núna: þú skráir þig inn aftur eftir hverja endurræsingu.',
  'settings.data.secure': 'Greiðslusagan, reikningarnir þínir og viðtakendur eru dulkóðuð á sama hátt.',
  'settings.data.memory':
    'Greiðslusagan, reikningarnir þínir og viðtakendur eru dulkóðuð með sama lykli og innskráningar, svo það sem bætist við í þessari keyrslu glatast þegar þú lokar forritinu.',
  'settings.data.weak':
    'Greiðslusagan, reikningarnir þínir og viðtakendur eru dulkóðuð með sama lykli og innskráningar: þau eru geymd, en aðeins varin með lykli sem er vistaður á þessari tölvu.',
  'settings.tokens.confirmTitle': 'Geyma innskráningar með föstum lykli?',
  'settings.tokens.confirmText':
    'Innskráning þín verður vistuð á þessari tölvu, aðeins varin með lykli sem er sá sami alls staðar. Hver sem getur lesið skrárnar þínar gæti notað aðgang þinn að bankanum þar til hann rennur út eða þú skráir þig út.',
  'settings.tokens.confirmData': 'Greiðslusagan, reikningarnir þínir og viðtakendur verða geymd á sama hátt.',
  'settings.tokens.confirm': 'Halda innskráningu',
  'settings.notifications': 'Tilkynningar',
  'settings.notificationsText':
    'Þegar forritið fréttir sjálft af afdrifum greiðslu lætur það þig vita með tilkynningu. Tilkynningar geta sést á læstum skjá, svo sjálfgefið segja þær aðeins að greiðsla hafi farið í gegn eða verið hafnað.',
  'settings.notificationDetails': 'Sýna nafn viðtakanda og upphæð í tilkynningum',
  'settings.about': 'Um forritið',
};
