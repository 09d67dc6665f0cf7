/** The sign-in screen. */
export const en = {
  'signIn.title': 'Sign in with your bank',
  'signIn.profile': 'Profile: {name}',
  'signIn.intro':
    'The app pays from your own bank account. Sign in with your bank in your browser; you give the app access for 90 days.',
  'signIn.button': 'Sign in',
  'signIn.waiting': 'Finish signing in in your browser',
  'signIn.waitingHelp': 'Your browser has opened the bank’s sign-in page. When you are done, come back here.',
  'signIn.cancel': 'Cancel sign-in',
  'signIn.incomplete': 'This profile is not ready: its bank addresses or keys are missing.',
  'signIn.goToProfiles': 'Open profiles',
  'signIn.memoryOnly':
    'This computer has no secure place for your sign-in, so you will need to sign in again each time you open the app.',
  'signIn.signedOut.revoked': 'Access was withdrawn at the bank. Sign in again to continue.',
  'signIn.signedOut.grant-ended': 'Your 90-day access to the bank has ended. Sign in again to continue.',
  'signIn.signedOut.expired': 'Your sign-in has expired. Sign in again to continue.',
  'signIn.signedOut.unreadable': 'Your saved sign-in could not be read. Sign in again.',
  'signIn.signedOut.passcode':
    'Your sign-in was ended because the app’s passcode was entered wrong too many times. Your payment history is kept. Sign in with your bank again to pay.',
  'signIn.signedOut.passcode-forgotten':
    'The app’s passcode was forgotten, so every sign-in was ended and your payment history, accounts and payees are hidden: whoever opened the app may not be you. Sign in with your bank again; once the bank has confirmed it is you, everything of yours shows again.',
  'signIn.signedOut.profile-changed':
    'This profile’s bank addresses or app registration changed, so its sign-in was ended. Sign in again.',
  'signIn.error.SIGN_IN_CANCELLED': 'Sign-in was cancelled.',
  'signIn.error.SIGN_IN_TIMED_OUT': 'Sign-in took too long and was stopped. Try again.',
  'signIn.error.SIGN_IN_DENIED':
    'You refused the app access at the bank. Nothing was shared. Try again if you want to use the app.',
  'signIn.error.SIGN_IN_FAILED': 'The bank ended the sign-in without letting the app in. Try again.',
  'signIn.error.BANK_UNREACHABLE': 'The bank could not be reached. Check your internet connection and try again.',
  'signIn.error.BROWSER_FAILED':
    'Your browser could not be opened. Check that a default browser is set, then try again.',
  'signIn.error.REDIRECT_PORTS_BUSY':
    'The app could not listen for the bank’s answer: other programs use its ports. Close them and try again.',
  'signIn.error.TOKEN_REQUEST_FAILED':
    'The bank refused to complete the sign-in. Try again; if it keeps happening, contact the vendor.',
  'signIn.error.DISCOVERY_FAILED':
    'The bank’s sign-in settings could not be read. Try again; if it keeps happening, contact the vendor.',
  'signIn.error.BAD_TOKEN_RESPONSE':
    'The bank answered the sign-in with something the app could not read. Try again; if it keeps happening, contact the vendor.',
  'signIn.error.ID_TOKEN_INVALID':
    'The bank’s proof of who signed in did not check out, so the app did not sign you in. Try again; if it keeps happening, contact the vendor.',
  'signIn.error.USERINFO_FAILED':
    'The bank did not say who signed in, so the app did not sign you in. Try again; if it keeps happening, contact the vendor.',
  'signIn.error.NO_KENNITALA':
    'The bank did not say who signed in, so the app did not sign you in. Try again; if it keeps happening, contact the vendor.',
  'signIn.error.BAD_KENNITALA':
    'The bank gave a kennitala that is not valid, so the app did not sign you in. Contact the vendor.',
  'signIn.error.COMPANY_KENNITALA':
    'You signed in with a company’s kennitala. The app pays only from individuals’ own accounts.',
  'signIn.error.other': 'Sign-in did not complete. Try again.',
  'session.signedInAs': 'Signed in as {name} ({kennitala})',
  'session.signOut': 'Sign out',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'signIn.title': 'Skráðu þig inn hjá bankanum',
  'signIn.profile': 'Tenging: {name}',
  'signIn.intro':
    'Forritið greiðir af þínum eigin bankareikningi. Skráðu þig inn hjá bankanum í vafranum þínum; þú veitir forritinu aðgang í 90 daga.',
  'signIn.button': 'Skrá inn',
  'signIn.waiting': 'Ljúktu innskráningu í vafranum',
  'signIn.waitingHelp': 'Vafrinn hefur opnað innskráningarsíðu bankans. Komdu aftur hingað þegar þú ert búin(n).',
  'signIn.cancel': 'Hætta við innskráningu',
  'signIn.incomplete': 'Þessi tenging er ekki tilbúin: vefföng eða lykla bankans vantar.',
  'signIn.goToProfiles': 'Opna tengingar',
  'signIn.memoryOnly':
    'Þessi tölva hefur engan öruggan stað fyrir innskráninguna, svo þú þarft að skrá þig inn í hvert sinn sem þú opnar forritið.',
  'signIn.signedOut.revoked': 'Aðgangurinn var afturkallaður í bankanum. Skráðu þig inn aftur til að halda áfram.',
  'signIn.signedOut.grant-ended':
    '90 daga aðgangur þinn að bankanum er útrunninn. Skráðu þig inn aftur til að halda áfram.',
  'signIn.signedOut.expired': 'Innskráningin er útrunnin. Skráðu þig inn aftur til að halda áfram.',
  'signIn.signedOut.unreadable': 'Ekki tókst að lesa vistaða innskráningu. Skráðu þig inn aftur.',
  'signIn.signedOut.passcode':
    'Innskráningunni var lokið því að rangur aðgangskóði var sleginn inn of oft. Greiðslusagan er geymd. Skráðu þig aftur inn hjá bankanum til að greiða.',
  'signIn.signedOut.passcode-forgotten':
    'Aðgangskóði forritsins gleymdist, svo öllum innskráningum var lokið og greiðslusagan, reikningarnir og viðtakendurnir eru falin: sá sem opnaði forritið er ekki endilega þú. Skráðu þig aftur inn hjá bankanum; þegar bankinn hefur staðfest að þetta sért þú birtist allt þitt aftur.',
  'signIn.signedOut.profile-changed':
    'Vefföngum bankans eða skráningu forritsins í þessari tengingu var breytt, svo innskráningunni var lokið. Skráðu þig inn aftur.',
  'signIn.error.SIGN_IN_CANCELLED': 'Hætt var við innskráninguna.',
  'signIn.error.SIGN_IN_TIMED_OUT': 'Innskráningin tók of langan tíma og var stöðvuð. Reyndu aftur.',
  'signIn.error.SIGN_IN_DENIED':
    'Þú hafnaðir aðgangi forritsins í bankanum. Engu var deilt. Reyndu aftur ef þú vilt nota forritið.',
  'signIn.error.SIGN_IN_FAILED': 'Bankinn lauk innskráningunni án þess að hleypa forritinu inn. Reyndu aftur.',
  'signIn.error.BANK_UNREACHABLE': 'Ekki náðist samband við bankann. Athugaðu nettenginguna og reyndu aftur.',
  'signIn.error.BROWSER_FAILED':
    'Ekki tókst að opna vafrann. Athugaðu að sjálfgefinn vafri sé stilltur og reyndu aftur.',
  'signIn.error.REDIRECT_PORTS_BUSY':
    'Forritið gat ekki hlustað eftir svari bankans: önnur forrit nota gáttirnar. Lokaðu þeim og reyndu aftur.',
  'signIn.error.TOKEN_REQUEST_FAILED':
    'Bankinn neitaði að ljúka innskráningunni. Reyndu aftur; ef það endurtekur sig skaltu hafa samband við þjónustuaðilann.',
  'signIn.error.DISCOVERY_FAILED':
    'Ekki tókst að lesa innskráningarstillingar bankans. Reyndu aftur; ef það endurtekur sig skaltu hafa samband við þjónustuaðilann.',
  'signIn.error.BAD_TOKEN_RESPONSE':
    'Bankinn svaraði innskráningunni með einhverju sem forritið gat ekki lesið. Reyndu aftur; ef það endurtekur sig skaltu hafa samband við þjónustuaðilann.',
  'signIn.error.ID_TOKEN_INVALID':
    'Staðfesting bankans á því hver skráði sig inn stóðst ekki, svo forritið skráði þig ekki inn. Reyndu aftur; ef það endurtekur sig skaltu hafa samband við þjónustuaðilann.',
  'signIn.error.USERINFO_FAILED':
    'Bankinn sagði ekki hver skráði sig inn, svo forritið skráði þig ekki inn. Reyndu aftur; ef það endurtekur sig skaltu hafa samband við þjónustuaðilann.',
  'signIn.error.NO_KENNITALA':
    'Bankinn sagði ekki hver skráði sig inn, svo forritið skráði þig ekki inn. Reyndu aftur; ef það endurtekur sig skaltu hafa samband við þjónustuaðilann.',
  'signIn.error.BAD_KENNITALA':
    'Bankinn gaf upp ógilda kennitölu, svo forritið skráði þig ekki inn. Hafðu samband við þjónustuaðilann.',
  'signIn.error.COMPANY_KENNITALA':
    'Þú skráðir þig inn með kennitölu fyrirtækis. Forritið greiðir aðeins af reikningum einstaklinga.',
  'signIn.error.other': 'Innskráningu lauk ekki. Reyndu aftur.',
  'session.signedInAs': 'Innskráð(ur): {name} ({kennitala})',
  'session.signOut': 'Skrá út',
};
