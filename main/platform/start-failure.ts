import { localeFromLanguageTags } from '../../common/locale.ts';

/**
 * What the customer reads when the app cannot start (an unreadable settings file after a run with sudo, a full disk,
 * a keychain that refuses): the reason, and what to do about it, in their system's language. No Electron here.
 */
export function startFailureMessage(
  preferredLanguages: readonly string[],
  reason: string,
  dataFolder: string | undefined,
): { title: string; message: string } {
  const folder = dataFolder ?? '';
  if (localeFromLanguageTags(preferredLanguages) === 'is') {
    return {
      title: 'A2A Wallet gat ekki ræst',
      message: [
        `Ástæða: ${reason}`,
        '',
        'Hvað er til ráða: ræstu forritið aftur. Gerist þetta aftur, athugaðu hvort nóg pláss sé á diskinum og hvort ' +
          `notandinn þinn geti lesið og skrifað í gagnamöppu forritsins${folder ? ` (${folder})` : ''}.`,
        'Greiðslur sem þú hefur þegar gert eru hjá bankanum; netbankinn sýnir þær.',
      ].join('\n'),
    };
  }
  return {
    title: 'A2A Wallet could not start',
    message: [
      `Reason: ${reason}`,
      '',
      'What to do: start the app again. If this happens again, check that the disk has free space and that your user ' +
        `can read and write the app's data folder${folder ? ` (${folder})` : ''}.`,
      'Payments you already made are with your bank; your online banking shows them.',
    ].join('\n'),
  };
}
