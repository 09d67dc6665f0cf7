import type { AppLocale } from '../../common/locale.ts';
/** The question asked when an update has downloaded, in the app's language. Button 0 restarts, button 1 waits. */
export interface RestartPrompt {
  title: string;
  message: string;
  detail: string;
  buttons: [restart: string, later: string];
}

export function restartPrompt(locale: AppLocale, productName: string, version: string): RestartPrompt {
  return locale === 'is'
    ? {
        title: 'Uppfærsla tilbúin',
        message: `Ný útgáfa af ${productName} (${version}) er tilbúin.`,
        detail:
          'Endurræstu forritið til að setja hana upp. Ef þú velur „Síðar“ verður hún sett upp þegar þú lokar forritinu.',
        buttons: ['Endurræsa núna', 'Síðar'],
      }
    : {
        title: 'Update ready',
        message: `A new version of ${productName} (${version}) is ready.`,
        detail: 'Restart the app to install it. If you choose “Later”, it installs when you quit the app.',
        buttons: ['Restart now', 'Later'],
      };
}
