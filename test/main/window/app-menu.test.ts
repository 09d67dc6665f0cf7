import { describe, expect, it } from 'vitest';
import type { AppMenuOptions, MenuTemplateItem } from '../../../main/window/app-menu.ts';
import { buildAppMenuTemplate } from '../../../main/window/app-menu.ts';

const opened: string[] = [];
const base: AppMenuOptions = {
  platform: 'linux',
  isDev: false,
  appName: 'A2A Wallet',
  locale: 'en',
  allowedOrigins: [],
  openExternal: (url) => opened.push(url),
};

const labels = (items: MenuTemplateItem[]) => items.map((item) => item.label);
const roles = (items: MenuTemplateItem[]): unknown[] =>
  items.flatMap((item) => [item.role, ...roles(item.submenu ?? [])]);
const menu = (items: MenuTemplateItem[], label: string) => items.find((item) => item.label === label)?.submenu ?? [];

describe('the application menu', () => {
  it('locks the app from File > Lock, or Ctrl+L (⌘L), in the app’s language', () => {
    let locks = 0;
    for (const [locale, label] of [
      ['en', 'Lock A2A Wallet'],
      ['is', 'Læsa A2A Wallet'],
    ] as const) {
      const file = menu(
        buildAppMenuTemplate({ ...base, locale, lockApp: () => (locks += 1) }),
        locale === 'en' ? 'File' : 'Skrá',
      );
      expect(file[0]).toMatchObject({ label, accelerator: 'CmdOrCtrl+L' });
      file[0]?.click?.();
    }
    expect(locks).toBe(2);
    expect(menu(buildAppMenuTemplate(base), 'File').map((item) => item.label)).not.toContain('Lock A2A Wallet');
  });

  it('has File, Edit, View, Window and Help on Windows and Linux', () => {
    for (const platform of ['linux', 'win32']) {
      const template = buildAppMenuTemplate({ ...base, platform });
      expect(labels(template)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
      expect(roles(menu(template, 'File'))).toEqual(['quit']);
      expect(roles(menu(template, 'Help'))).toEqual(['about']);
    }
  });

  it('puts the app menu first on macOS, with Close under File and About in the app menu', () => {
    const template = buildAppMenuTemplate({ ...base, platform: 'darwin' });
    expect(labels(template)).toEqual(['A2A Wallet', 'File', 'Edit', 'View', 'Window']);
    expect(roles(menu(template, 'A2A Wallet'))).toEqual([
      'about',
      undefined,
      'services',
      undefined,
      'hide',
      'hideOthers',
      'unhide',
      undefined,
      'quit',
    ]);
    expect(roles(menu(template, 'File'))).toEqual(['close']);
    expect(template.find((item) => item.label === 'Window')?.role).toBe('window');
  });

  it('has the editing commands, so that copy and paste work (macOS needs them in the menu)', () => {
    const edit = menu(buildAppMenuTemplate(base), 'Edit');
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']) expect(roles(edit)).toContain(role);
  });

  it('offers reload and the developer tools only in development', () => {
    const devOnly = ['reload', 'forceReload', 'toggleDevTools'];
    for (const platform of ['linux', 'win32', 'darwin']) {
      const production = roles(buildAppMenuTemplate({ ...base, platform }));
      for (const role of devOnly) expect(production).not.toContain(role);
      const development = roles(buildAppMenuTemplate({ ...base, platform, isDev: true }));
      for (const role of devOnly) expect(development).toContain(role);
    }
    // Zoom is for everyone.
    expect(roles(menu(buildAppMenuTemplate(base), 'View'))).toEqual(
      expect.arrayContaining(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']),
    );
  });

  it('links the homepage under Help, its own origin allowed for that item with no other origin listed', () => {
    expect(labels(menu(buildAppMenuTemplate(base), 'Help'))).toEqual(['About A2A Wallet']);

    const helpUrl = 'https://a2awallet.is';
    // The page's allow-list is the profiles' bank sites, which never include the homepage.
    const linux = buildAppMenuTemplate({ ...base, helpUrl, allowedOrigins: ['https://api.bank.example'] });
    const docs = menu(linux, 'Help').find((item) => item.label === 'Documentation');
    expect(labels(menu(linux, 'Help'))).toEqual(['Documentation', 'About A2A Wallet']);
    opened.length = 0;
    docs?.click?.();
    // The parsed, normalized href, as every link that leaves the app.
    expect(opened).toEqual(['https://a2awallet.is/']);

    const mac = buildAppMenuTemplate({ ...base, platform: 'darwin', helpUrl: 'https://www.banki.example/app' });
    expect(labels(mac).at(-1)).toBe('Help');
    expect(labels(menu(mac, 'Help'))).toEqual(['Documentation']);
  });

  it('refuses a homepage over plain http, or one that URL parsers read differently, even when its host is listed', () => {
    for (const helpUrl of [
      'http://docs.example.org/',
      'https://docs.example.org\\@evil.example/',
      'https://user@docs.example.org/',
      ' https://docs.example.org/',
    ]) {
      const template = buildAppMenuTemplate({ ...base, helpUrl, allowedOrigins: ['https://docs.example.org'] });
      expect(labels(menu(template, 'Help')), helpUrl).toEqual(['About A2A Wallet']);
    }
  });

  it('speaks Icelandic, every item labelled', () => {
    const template = buildAppMenuTemplate({ ...base, locale: 'is', isDev: true });
    expect(labels(template)).toEqual(['Skrá', 'Breyta', 'Skoða', 'Gluggi', 'Hjálp']);
    expect(labels(menu(template, 'Breyta'))).toContain('Afrita');
    expect(labels(menu(template, 'Skrá'))).toEqual(['Hætta í A2A Wallet']);
    const unlabelled = (items: MenuTemplateItem[]): MenuTemplateItem[] =>
      items.flatMap((item) => [
        ...(item.type === 'separator' || item.label ? [] : [item]),
        ...unlabelled(item.submenu ?? []),
      ]);
    expect(unlabelled(template)).toEqual([]);
    expect(unlabelled(buildAppMenuTemplate({ ...base, locale: 'is', platform: 'darwin' }))).toEqual([]);
  });
});
