/**
 * Short help where it is needed (issue 42): what an unknown outcome means, and what the end of the bank access
 * means, opened from the states that raise the question (components/HelpLink.tsx).
 */
export const en = {
  'help.open': 'What does this mean?',
  'help.unknownOutcome.title': 'When the outcome is not known',
  'help.unknownOutcome.what':
    'The app sent your payment, but no clear answer came back from the bank: the connection dropped, or the bank answered too late, or in a way the app could not read.',
  'help.unknownOutcome.maybe': 'So the bank may have made the payment, or not. Your online banking shows which.',
  'help.unknownOutcome.again':
    'For 24 hours from when you confirmed it, the app asks the bank again by itself, with the same request id each time. The bank makes a payment with the same request id at most once, so asking again never pays twice.',
  'help.unknownOutcome.you':
    'Do not pay it again another way while the app is trying: that could pay twice. If you press Stop trying, look in your online banking, then tell the app what it shows: paid, or not paid.',
  'help.grantEnds.title': 'When your bank access ends',
  'help.grantEnds.what':
    'When you sign in with your bank, you give this app access to make payments from your account for 90 days.',
  'help.grantEnds.after':
    'From the time it ends the app cannot pay for you. Sign in with your bank again to give it another 90 days: your accounts, payees, history and due payments stay on this computer.',
  'help.grantEnds.when':
    'The app tells you from 14 days before the end, and again on the last day. You can also withdraw the access sooner in your online banking.',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'help.open': 'Hvað þýðir þetta?',
  'help.unknownOutcome.title': 'Þegar niðurstaðan er ekki þekkt',
  'help.unknownOutcome.what':
    'Forritið sendi greiðsluna en fékk ekki skýrt svar frá bankanum: sambandið rofnaði, eða bankinn svaraði of seint eða þannig að forritið gat ekki lesið svarið.',
  'help.unknownOutcome.maybe': 'Bankinn gæti því hafa framkvæmt greiðsluna, eða ekki. Netbankinn þinn sýnir hvort er.',
  'help.unknownOutcome.again':
    'Í sólarhring frá því að þú staðfestir hana spyr forritið bankann sjálft aftur, alltaf með sama auðkenni beiðninnar. Bankinn framkvæmir greiðslu með sama auðkenni í mesta lagi einu sinni, svo að spyrja aftur greiðir aldrei tvisvar.',
  'help.unknownOutcome.you':
    'Ekki greiða hana aftur á annan hátt á meðan forritið reynir: þá gæti hún greiðst tvisvar. Ef þú velur „Hætta að reyna“ skaltu skoða netbankann og segja forritinu svo hvað hann sýnir: greitt eða ekki greitt.',
  'help.grantEnds.title': 'Þegar aðgangur þinn að bankanum rennur út',
  'help.grantEnds.what':
    'Þegar þú skráir þig inn hjá bankanum veitir þú forritinu aðgang til að greiða af reikningnum þínum í 90 daga.',
  'help.grantEnds.after':
    'Þegar aðgangurinn er runninn út getur forritið ekki greitt fyrir þig. Skráðu þig aftur inn hjá bankanum til að veita því aðra 90 daga: reikningar, viðtakendur, greiðslusaga og greiðslur á gjalddaga haldast á þessari tölvu.',
  'help.grantEnds.when':
    'Forritið lætur þig vita frá 14 dögum fyrir lokin og aftur á síðasta deginum. Þú getur líka afturkallað aðganginn fyrr í netbankanum.',
};
