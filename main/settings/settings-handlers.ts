import type { HandlerTable } from '../../common/bridge-contract.ts';
import type { SettingsService } from './settings-service.ts';

export type SettingsHandlers = Pick<HandlerTable, 'getSettings' | 'updateSettings'>;

/** The customer's settings; a change of where tokens may be kept is applied to every profile at once. */
export function settingsHandlers(options: {
  settings: SettingsService;
  tokenStorageChanged(): Promise<void>;
  /** The language in use changed (the menus and dialogs main shows follow it). */
  localeChanged(): void;
}): SettingsHandlers {
  const { settings } = options;
  // One change at a time: moving the sessions to or off the disk must not interleave with another such move.
  let changing: Promise<unknown> = Promise.resolve();
  const update = async (change: Parameters<SettingsService['update']>[0]) => {
    const allowedWeak = settings.allowWeakTokenStorage();
    const locale = settings.locale();
    settings.update(change);
    if (settings.allowWeakTokenStorage() !== allowedWeak) await options.tokenStorageChanged();
    if (settings.locale() !== locale) options.localeChanged();
    return settings.get();
  };
  return {
    getSettings: () => settings.get(),
    updateSettings: (change) => {
      const run = changing.then(() => update(change));
      changing = run.catch(() => undefined);
      return run;
    },
  };
}
