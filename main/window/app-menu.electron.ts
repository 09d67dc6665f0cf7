import { app, Menu } from 'electron';
import type { AppLocale } from '../../common/locale.ts';
import { buildAppMenuTemplate } from './app-menu.ts';
import { openInSystemBrowser } from './desktop.electron.ts';

export interface AppMenuSettings {
  isDev: boolean;
  locale: AppLocale;
  /** https origins that may open in the system browser; the Help menu's link must be one of them. */
  allowedOrigins: readonly string[];
  helpUrl?: string;
  lockApp?: () => void;
}

/** Sets the application menu; call again when the language changes. */
export function installAppMenu(settings: AppMenuSettings): void {
  const template = buildAppMenuTemplate({
    platform: process.platform,
    appName: app.getName(),
    ...settings,
    openExternal: (url) => void openInSystemBrowser(url).catch(() => undefined),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
