import { describe, expect, it } from 'vitest';
import { developmentSwitches } from '../../../main/platform/dev-switches.ts';

const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173/', A2A_WALLET_USER_DATA: '/tmp/a2a-e2e' };

describe('development switches (issue 13, case 11)', () => {
  it('a packaged app honours none: no dev server, no other data folder, no DevTools', () => {
    expect(developmentSwitches({ isPackaged: true, env })).toEqual({ isDev: false });
    expect(
      developmentSwitches({
        isPackaged: true,
        env: { ELECTRON_RENDERER_URL: 'https://evil.example/', A2A_WALLET_USER_DATA: '/home/mallory/wallet' },
      }),
    ).toEqual({ isDev: false });
  });

  it('an unpackaged app honours both, with DevTools', () => {
    expect(developmentSwitches({ isPackaged: false, env })).toEqual({
      isDev: true,
      devServerUrl: 'http://localhost:5173/',
      userDataDir: '/tmp/a2a-e2e',
    });
  });

  it('an unpackaged app without switches is still a development run, on the built page', () => {
    expect(developmentSwitches({ isPackaged: false, env: {} })).toEqual({ isDev: true });
    expect(developmentSwitches({ isPackaged: false, env: { A2A_WALLET_USER_DATA: '' } })).toEqual({ isDev: true });
  });

  it.each(['javascript:alert(1)', 'file:///tmp/evil.html', 'app://wallet/index.html', 'localhost:5173', 'not a url'])(
    'ignores a dev server that is not an http(s) URL: %s',
    (url) => {
      expect(developmentSwitches({ isPackaged: false, env: { ELECTRON_RENDERER_URL: url } })).toEqual({ isDev: true });
    },
  );
});
