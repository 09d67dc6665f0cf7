import type { MenuItemConstructorOptions } from 'electron';
import type { AppLocale } from '../../common/locale.ts';
import { allowedExternalHref, originsOf } from './external-links.ts';

/** Only Electron's own roles: one it does not know (a typo, a removed role) fails to compile. */
type ElectronRoles<Role extends NonNullable<MenuItemConstructorOptions['role']>> = Role;

/** The menu roles used here. */
export type MenuRole = ElectronRoles<
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'window'
  | 'help'
>;

/**
 * A menu item as plain data, built under plain Node and handed to `Menu.buildFromTemplate`: Electron's own options,
 * narrowed to the roles above and a click that needs none of its arguments.
 */
export type MenuTemplateItem = Pick<MenuItemConstructorOptions, 'label' | 'type' | 'accelerator'> & {
  role?: MenuRole;
  click?: () => void;
  submenu?: MenuTemplateItem[];
};

export interface AppMenuOptions {
  platform: string;
  isDev: boolean;
  appName: string;
  locale: AppLocale;
  /**
   * The product's homepage (package.json's, or the vendor preset's), listed under Help. Its own origin is allowed for
   * this item, as long as it is an unambiguous https URL; the page's links never get it from here.
   */
  helpUrl?: string;
  /** The origins links may open (the profiles' bank sites): the Help item may open those too. */
  allowedOrigins: readonly string[];
  /** Opens a URL in the system browser. */
  openExternal(url: string): void;
  /** Locks the app (the File menu's Lock, Ctrl+L or ⌘L); without it, no such item. */
  lockApp?: () => void;
}

/** Every role has a label, and so do the top-level menus and the documentation link. */
type LabelKey = MenuRole | 'file' | 'edit' | 'view' | 'docs' | 'lock';

// Labels for every item, so that the menu speaks the app's language rather than Electron's English defaults.
const labels: Record<AppLocale, Record<LabelKey, string>> = {
  is: {
    file: 'Skrá',
    edit: 'Breyta',
    view: 'Skoða',
    window: 'Gluggi',
    help: 'Hjálp',
    about: 'Um {app}',
    services: 'Þjónustur',
    hide: 'Fela {app}',
    hideOthers: 'Fela aðra',
    unhide: 'Sýna allt',
    quit: 'Hætta í {app}',
    close: 'Loka glugga',
    undo: 'Afturkalla',
    redo: 'Endurgera',
    cut: 'Klippa',
    copy: 'Afrita',
    paste: 'Líma',
    selectAll: 'Velja allt',
    reload: 'Endurhlaða',
    forceReload: 'Endurhlaða án skyndiminnis',
    toggleDevTools: 'Þróunartól',
    resetZoom: 'Raunstærð',
    zoomIn: 'Stækka',
    zoomOut: 'Minnka',
    togglefullscreen: 'Allur skjárinn',
    minimize: 'Lágmarka',
    zoom: 'Súmma',
    front: 'Færa alla glugga fram',
    docs: 'Leiðbeiningar',
    lock: 'Læsa {app}',
  },
  en: {
    file: 'File',
    edit: 'Edit',
    view: 'View',
    window: 'Window',
    help: 'Help',
    about: 'About {app}',
    services: 'Services',
    hide: 'Hide {app}',
    hideOthers: 'Hide Others',
    unhide: 'Show All',
    quit: 'Quit {app}',
    close: 'Close Window',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select All',
    reload: 'Reload',
    forceReload: 'Force Reload',
    toggleDevTools: 'Toggle Developer Tools',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    togglefullscreen: 'Toggle Full Screen',
    minimize: 'Minimize',
    zoom: 'Zoom',
    front: 'Bring All to Front',
    docs: 'Documentation',
    lock: 'Lock {app}',
  },
};

const separator: MenuTemplateItem = { type: 'separator' };

/**
 * The application menu: File, Edit, View, Window and Help, with the app menu first on macOS. Reload and the
 * developer tools appear only in development; the Edit menu is what makes copy and paste work on macOS.
 */
export function buildAppMenuTemplate(options: AppMenuOptions): MenuTemplateItem[] {
  const mac = options.platform === 'darwin';
  const text = (key: LabelKey) => labels[options.locale][key].replace('{app}', options.appName);
  const item = (role: MenuRole & LabelKey): MenuTemplateItem => ({ role, label: text(role) });

  const appMenu: MenuTemplateItem = {
    label: options.appName,
    submenu: [
      item('about'),
      separator,
      item('services'),
      separator,
      item('hide'),
      item('hideOthers'),
      item('unhide'),
      separator,
      item('quit'),
    ],
  };
  const lockApp = options.lockApp;
  const lockItems: MenuTemplateItem[] = lockApp
    ? [{ label: text('lock'), accelerator: 'CmdOrCtrl+L', click: () => lockApp() }, separator]
    : [];
  const fileMenu: MenuTemplateItem = {
    label: text('file'),
    submenu: [...lockItems, mac ? item('close') : item('quit')],
  };
  const editMenu: MenuTemplateItem = {
    label: text('edit'),
    submenu: [item('undo'), item('redo'), separator, item('cut'), item('copy'), item('paste'), item('selectAll')],
  };
  const viewMenu: MenuTemplateItem = {
    label: text('view'),
    submenu: [
      ...(options.isDev ? [item('reload'), item('forceReload'), item('toggleDevTools'), separator] : []),
      item('resetZoom'),
      item('zoomIn'),
      item('zoomOut'),
      separator,
      item('togglefullscreen'),
    ],
  };
  const windowMenu: MenuTemplateItem = {
    label: text('window'),
    ...(mac
      ? { role: 'window', submenu: [item('minimize'), item('zoom'), separator, item('front')] }
      : { submenu: [item('minimize'), item('close')] }),
  };

  // The homepage comes from the build, not from the page or a profile: its origin is added for this one item.
  // originsOf takes strict https URLs only, so plain http or a URL that parsers read differently is still refused.
  const helpHref =
    options.helpUrl === undefined
      ? undefined
      : allowedExternalHref(options.helpUrl, [...options.allowedOrigins, ...originsOf([options.helpUrl])]);
  const helpItems: MenuTemplateItem[] = [];
  if (helpHref !== undefined) {
    helpItems.push({ label: text('docs'), click: () => options.openExternal(helpHref) }); // eng-disable OPEN_EXTERNAL_JS_CHECK: helpHref is the parsed href of a URL that passed the https allow-list above
  }
  if (!mac) helpItems.push(item('about'));
  const helpMenu: MenuTemplateItem = { label: text('help'), ...(mac ? { role: 'help' } : {}), submenu: helpItems };

  // On macOS, About lives in the app menu; without a documentation link Help would be empty, so it is left out.
  return [...(mac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, ...(helpItems.length ? [helpMenu] : [])];
}
