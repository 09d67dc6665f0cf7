/** The 90-day grant: the banner, the last-day dialog, the prompt after its end, and what Settings says of it. */
export const en = {
  'grant.endsInDays': 'Your bank access ends on {date}, in {days, plural, one {# day} other {# days}}.',
  'grant.endsTomorrow': 'Your bank access ends tomorrow, {date}, at {time}.',
  'grant.endsToday': 'Your bank access ends today, {date}, at {time}.',
  'grant.renew': 'Renew now',
  'grant.dialogTitle': 'Your bank access ends on {date}',
  'grant.dialogTitleTomorrow': 'Your bank access ends tomorrow at {time}',
  'grant.dialogTitleToday': 'Your bank access ends today at {time}',
  'grant.dialogText':
    'From {time} on {date} the app can no longer pay for you. A new sign-in with your bank gives it another 90 days; your draft and history stay.',
  'grant.later': 'Later',
  'grant.endedTitle': 'Your bank access has ended',
  'grant.endedText':
    'The 90 days you gave the app are over. Sign in with your bank again to keep paying; your draft and history are kept.',
  'grant.signInAgain': 'Sign in again',
  'grant.revokedTitle': 'Your bank access was withdrawn',
  'grant.expiredTitle': 'Your sign-in has expired',
  'grant.settings.title': 'Bank access',
  'grant.settings.withdraw':
    'The app can make payments for you until then. To withdraw the access sooner, use your bank’s online banking.',
  'grant.settings.none':
    'There is no bank access on this computer now. When you sign in with your bank, the app can make payments for you for 90 days.',
  'grant.settings.ended':
    'Your bank access has ended: the 90 days are over, and the app can no longer make payments for you. Sign in with your bank again to give it another 90 days.',
  'grant.settings.revoked':
    'Your bank access was withdrawn at the bank, and the app can no longer make payments for you. Sign in with your bank again to give it another 90 days.',
} satisfies Record<string, string>;

export const is: Record<keyof typeof en, string> = {
  'grant.endsInDays': 'Aðgangur þinn að bankanum rennur út {date}, eftir {days, plural, one {# dag} other {# daga}}.',
  'grant.endsTomorrow': 'Aðgangur þinn að bankanum rennur út á morgun, {date}, kl. {time}.',
  'grant.endsToday': 'Aðgangur þinn að bankanum rennur út í dag, {date}, kl. {time}.',
  'grant.renew': 'Endurnýja núna',
  'grant.dialogTitle': 'Aðgangur þinn að bankanum rennur út {date}',
  'grant.dialogTitleTomorrow': 'Aðgangur þinn að bankanum rennur út á morgun kl. {time}',
  'grant.dialogTitleToday': 'Aðgangur þinn að bankanum rennur út í dag kl. {time}',
  'grant.dialogText':
    'Frá kl. {time} þann {date} getur forritið ekki lengur greitt fyrir þig. Ný innskráning hjá bankanum veitir því aðra 90 daga; uppkastið og sagan haldast.',
  'grant.later': 'Seinna',
  'grant.endedTitle': 'Aðgangur þinn að bankanum er útrunninn',
  'grant.endedText':
    '90 dagarnir sem þú veittir forritinu eru liðnir. Skráðu þig aftur inn hjá bankanum til að halda áfram að greiða; uppkastið og sagan haldast.',
  'grant.signInAgain': 'Skrá inn aftur',
  'grant.revokedTitle': 'Aðgangur þinn að bankanum var afturkallaður',
  'grant.expiredTitle': 'Innskráningin er útrunnin',
  'grant.settings.title': 'Aðgangur að bankanum',
  'grant.settings.withdraw':
    'Fram að því getur forritið greitt fyrir þig. Þú getur afturkallað aðganginn fyrr í netbanka bankans þíns.',
  'grant.settings.none':
    'Enginn aðgangur að bankanum er á þessari tölvu núna. Þegar þú skráir þig inn hjá bankanum getur forritið greitt fyrir þig í 90 daga.',
  'grant.settings.ended':
    'Aðgangur þinn að bankanum er útrunninn: 90 dagarnir eru liðnir og forritið getur ekki lengur greitt fyrir þig. Skráðu þig aftur inn hjá bankanum til að veita því aðra 90 daga.',
  'grant.settings.revoked':
    'Aðgangur þinn að bankanum var afturkallaður hjá bankanum og forritið getur ekki lengur greitt fyrir þig. Skráðu þig aftur inn hjá bankanum til að veita því aðra 90 daga.',
};
