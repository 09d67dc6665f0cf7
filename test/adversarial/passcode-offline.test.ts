import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema, type Profile } from '../../common/profile.ts';
import { DAY_MS } from '../../common/time.ts';
import { FAST_TEST_KDF } from '../../main/lock/passcode.ts';
import { builtInProfiles, LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import { LOCAL_SANDBOX_APP } from '../../main/profiles/local-sandbox.ts';
import type { KeyProtector } from '../../main/secrets/key-protector.ts';
import { aesGcmBox } from '../../main/secrets/secret-box.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { fixedKeyProtector, memoryKeychain } from '../helpers/memory-keychain.ts';
import { dataKeyWith, everythingOpened, leftByEarlierVersion, readSettings } from '../helpers/passcode-on-disk.ts';
import { CUSTOMERS, inProcessWallet, NOON, type InProcessWallet } from '../support/in-process-wallet.ts';

/**
 * Issue 26, finding 2: where no keychain protects the data key, the passcode's key does, and settings.json holds
 * scrypt's salt and a copy of the data key sealed under it. Each guess can then be tested offline, with none of the
 * app's waits: every 6-digit code in hours. The right one opened the sealed session, and its refresh token paid for
 * 90 days from anywhere. Here the attacker has the data folder (and the fixed key every copy of Chromium knows) and
 * the app's formats; the app must leave no refresh token that a short code opens, and refuse codes anyone guesses
 * first (trivial ones, the customer's birth date) everywhere, whatever a renderer sends.
 */
const PASSPHRASE = 'hestur á túni í dag';
const ANOTHER_PASSPHRASE = 'köttur í glugga við sjóinn';
const WEAK = '482916';
const SESSION_KEY = `vault.session.${LOCAL_SANDBOX_ID}`;

let sandbox: Sandbox;
const opened: InProcessWallet[] = [];
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOON });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((core) => core.close()));
  sandbox.reset();
  sandbox.clock.set(NOON);
});
afterAll(() => sandbox.stop());

/** A second profile on the same sandbox, so that two profiles each know a customer. */
const OTHER_PROFILE = 'bank';
const otherProfile = (url: string): Profile =>
  ProfileSchema.parse({
    id: OTHER_PROFILE,
    name: 'Bank sandbox',
    environment: 'bank-sandbox',
    baseUrl: url,
    authUrl: url,
    ...LOCAL_SANDBOX_APP,
  });

async function open(keyProtector: KeyProtector = memoryKeychain(), twoProfiles = false): Promise<InProcessWallet> {
  const local = builtInProfiles().filter((profile) => profile.id === LOCAL_SANDBOX_ID);
  const core = await inProcessWallet({
    sandbox,
    keyProtector,
    platform: {
      shipped: { profiles: twoProfiles ? [...local, otherProfile(sandbox.url)] : local, allowEdit: false },
    },
  });
  opened.push(core);
  return core;
}

/** Anna signed in. */
async function anna(keyProtector?: KeyProtector, twoProfiles = false): Promise<InProcessWallet> {
  const core = await open(keyProtector, twoProfiles);
  core.as('anna');
  await core.value('signIn');
  return core;
}

const everyFile = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile());

/** The refresh token of the session sealed in the folder, opened with the data key as the attacker found it. */
function refreshTokenOnDisk(dataDir: string, passcode: string): string | undefined {
  const settings = readSettings(dataDir);
  const key = dataKeyWith(settings, passcode);
  const sealed = settings[SESSION_KEY];
  if (!key || typeof sealed !== 'string') return undefined;
  return (JSON.parse(aesGcmBox(key).open(sealed)) as { refreshToken?: string }).refreshToken;
}

/**
 * The attacker's whole haul with `passcode` guessed: every value in settings.json that the data key opens, and every
 * file in the folder as plain text. No refresh token in any of it (`token` where it is known; any at all by its name).
 */
function expectNoRefreshToken(dataDir: string, passcode: string, token?: string): void {
  const settings = readSettings(dataDir);
  expect(settings[SESSION_KEY]).toBeUndefined();
  const key = dataKeyWith(settings, passcode);
  // The passcode still guards the history (the data key): only the tokens left.
  expect(key).toBeDefined();
  const haul = everythingOpened(settings, aesGcmBox(key ?? Buffer.alloc(32)));
  for (const text of haul) {
    expect(text).not.toContain('refreshToken');
    if (token) expect(text).not.toContain(token);
  }
  if (token) {
    for (const path of everyFile(dataDir)) expect(readFileSync(path, 'utf8').includes(token), path).toBe(false);
  }
}

describe('where the passcode is the key: a copy of the data folder gives up no sign-in', () => {
  const weakProtectors: [string, () => KeyProtector][] = [
    ['basic_text (the fixed key)', fixedKeyProtector],
    ['no keychain at all', () => memoryKeychain({ secure: false, reason: 'unavailable' })],
  ];

  it.each(weakProtectors)(
    '%s: a 6-digit code, any number or a short passphrase is refused, saying why',
    async (_, protector) => {
      const core = await anna(protector());
      const refused: [string, string, string][] = [
        [WEAK, 'PASSPHRASE_NEEDED', 'passphraseNeeded'],
        ['48291637', 'PASSPHRASE_NEEDED', 'passphraseNeeded'],
        // A long number is still a number: a date, a phone number, a card, tried first.
        ['4829 1637 5520 1184 3391', 'PASSPHRASE_NEEDED', 'passphraseNeeded'],
        ['hestur á túni', 'PASSPHRASE_NEEDED', 'passphraseTooShort'],
        ['abcdefghijklmnopqrs', 'PASSCODE_TRIVIAL', 'trivial'],
        ['passwordpassword', 'PASSCODE_TRIVIAL', 'trivial'],
        ['aaaaaaaaaaaaaaab', 'PASSPHRASE_FEW_DIFFERENT', 'fewDifferent'],
      ];
      for (const [next, code, reason] of refused) {
        expect(await core.call('setPasscode', { next }), next).toEqual({
          ok: false,
          error: { code, message: expect.stringContaining(reason) as unknown },
        });
      }
      // Nothing was derived or stored: no passcode, no copy of a data key under one.
      expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: false, locked: false });
      const settings = readSettings(core.dataDir);
      expect(settings['lock.passcode']).toBeUndefined();
      expect(settings['vault.dataKey.passcode']).toBeUndefined();
      expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: false });
    },
  );

  it('a strong passphrase works: the sign-in outlives a restart, and a short code’s guesses open nothing', async () => {
    const core = await anna(fixedKeyProtector());
    await core.value('setPasscode', { next: PASSPHRASE });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: true });
    expect(await core.value('getSettings')).toMatchObject({ passcodeProtects: true, passcodeTooWeak: false });
    await core.restart();
    await core.value('unlock', { passcode: PASSPHRASE });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: true });
    await core.wallet.close();
    // The folder is as strong as the passphrase: it opens with it, and with none of the codes tried first.
    expect(refreshTokenOnDisk(core.dataDir, PASSPHRASE)).toEqual(expect.any(String));
    for (const guess of [WEAK, '123456', '000000', '120385', '12031985', 'hestur á túni']) {
      expect(dataKeyWith(readSettings(core.dataDir), guess), guess).toBeUndefined();
    }
  });

  it('a short code set by an earlier version: once entered, its refresh token leaves the disk; a passphrase brings it back', async () => {
    // Anna signed in, with the earlier version's 6-digit passcode guarding her data key and her sealed session.
    const core = await anna(fixedKeyProtector());
    await core.value('setPasscode', { next: PASSPHRASE });
    await core.wallet.close();
    const dataKey = dataKeyWith(readSettings(core.dataDir), PASSPHRASE);
    expect(dataKey).toBeDefined();
    leftByEarlierVersion(core.dataDir, WEAK, dataKey ?? Buffer.alloc(32), core.platform.passcodeKdf ?? FAST_TEST_KDF);
    // What the finding describes: the short code, guessed offline, opens the session and its refresh token.
    const token = refreshTokenOnDisk(core.dataDir, WEAK);
    expect(token).toEqual(expect.any(String));

    // This version, at the first entry of the short code: the customer stays signed in, in memory only.
    await core.restart();
    await core.value('unlock', { passcode: WEAK });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: false });
    expect(await core.value('getSettings')).toMatchObject({
      passcodeProtects: true,
      passcodeTooWeak: true,
      tokensPersist: false,
    });
    await core.wallet.close();
    expectNoRefreshToken(core.dataDir, WEAK, token);

    // After a restart: signed out (nothing to open), still known; a new sign-in stays off the disk too.
    await core.restart();
    await core.value('unlock', { passcode: WEAK });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false });
    await core.value('signIn');
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: false });
    await core.wallet.close();
    expectNoRefreshToken(core.dataDir, WEAK, token);

    // A passphrase now: the tokens go back on disk, under it, and the short code opens nothing any more.
    await core.restart();
    await core.value('unlock', { passcode: WEAK });
    await core.value('signIn');
    await core.value('setPasscode', { current: WEAK, next: ANOTHER_PASSPHRASE });
    expect(await core.value('getSettings')).toMatchObject({ passcodeTooWeak: false, tokensPersist: true });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: true });
    await core.restart();
    await core.value('unlock', { passcode: ANOTHER_PASSPHRASE });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: true });
    await core.wallet.close();
    expect(dataKeyWith(readSettings(core.dataDir), WEAK)).toBeUndefined();
    expect(refreshTokenOnDisk(core.dataDir, ANOTHER_PASSPHRASE)).toEqual(expect.any(String));
  });
});

describe('codes anyone tries first are refused everywhere, whatever the renderer sends', () => {
  // Anna's kennitala is 120385-2089: born 12 March 1985 (the last digit, 9, gives the century).
  const refused: [string, string][] = [
    ['000000', 'PASSCODE_TRIVIAL'],
    ['111111', 'PASSCODE_TRIVIAL'],
    ['999999999', 'PASSCODE_TRIVIAL'],
    ['123456', 'PASSCODE_TRIVIAL'],
    ['1234567890', 'PASSCODE_TRIVIAL'],
    ['654321', 'PASSCODE_TRIVIAL'],
    ['012345', 'PASSCODE_TRIVIAL'],
    ['890123', 'PASSCODE_TRIVIAL'],
    ['135791', 'PASSCODE_TRIVIAL'],
    ['121212', 'PASSCODE_TRIVIAL'],
    ['1212121', 'PASSCODE_TRIVIAL'],
    ['123123', 'PASSCODE_TRIVIAL'],
    ['12341234', 'PASSCODE_TRIVIAL'],
    ['112233', 'PASSCODE_TRIVIAL'],
    ['111222', 'PASSCODE_TRIVIAL'],
    ['123321', 'PASSCODE_TRIVIAL'],
    ['12 34 56', 'PASSCODE_TRIVIAL'],
    ['abcdefgh', 'PASSCODE_TRIVIAL'],
    ['QWERTYUI', 'PASSCODE_TRIVIAL'],
    ['asdfghjklæ', 'PASSCODE_TRIVIAL'],
    ['passpass', 'PASSCODE_TRIVIAL'],
    ['120385', 'PASSCODE_BIRTH_DATE'],
    ['850312', 'PASSCODE_BIRTH_DATE'],
    ['031285', 'PASSCODE_BIRTH_DATE'],
    ['12031985', 'PASSCODE_BIRTH_DATE'],
    ['19850312', 'PASSCODE_BIRTH_DATE'],
    ['03121985', 'PASSCODE_BIRTH_DATE'],
    ['1203852089', 'PASSCODE_BIRTH_DATE'],
    ['120385208912', 'PASSCODE_BIRTH_DATE'],
    ['1203850000', 'PASSCODE_BIRTH_DATE'],
    ['99120385', 'PASSCODE_BIRTH_DATE'],
    // Written as people write dates and kennitölur: the form never sends these as a number, a renderer may.
    ['12.03.1985', 'PASSCODE_BIRTH_DATE'],
    ['12-03-85', 'PASSCODE_BIRTH_DATE'],
    ['120385-2089', 'PASSCODE_BIRTH_DATE'],
    [' 120385 ', 'PASSCODE_BIRTH_DATE'],
    // What no form sends: the length rules and the patterns still hold.
    ['１２３４５６', 'PASSCODE_WEAK'],
    ['a'.repeat(200), 'PASSCODE_TRIVIAL'],
    ['ab'.repeat(100), 'PASSCODE_TRIVIAL'],
    ['9'.repeat(201), 'INVALID_REQUEST'],
  ];

  it('signed in, with a keychain: each is refused with its reason, and no passcode is stored', async () => {
    const core = await anna();
    for (const [next, code] of refused) {
      expect(await core.call('setPasscode', { next }), next).toMatchObject({ ok: false, error: { code } });
    }
    expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: false });
    expect(readSettings(core.dataDir)['lock.passcode']).toBeUndefined();
    // Codes with no pattern and no date of hers are taken.
    await core.value('setPasscode', { next: WEAK });
    await core.value('setPasscode', { current: WEAK, next: '851203' });
    expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: true });
  });

  it('a change to one is refused even with the right passcode in use, which stays', async () => {
    const core = await anna();
    await core.value('setPasscode', { next: WEAK });
    for (const next of ['123456', '12031985', '1203852089']) {
      expect(await core.call('setPasscode', { current: WEAK, next })).toMatchObject({ ok: false });
    }
    await core.value('lockNow');
    await core.value('unlock', { passcode: WEAK });
  });

  it('her birth date stays refused once her grant has ended (still known), and from another profile’s sign-in', async () => {
    const core = await anna(undefined, true);
    sandbox.clock.advanceSeconds((91 * DAY_MS) / 1000);
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false, signedOutReason: 'grant-ended' });
    expect(await core.call('setPasscode', { next: '12031985' })).toMatchObject({
      ok: false,
      error: { code: 'PASSCODE_BIRTH_DATE' },
    });
    // Björn signs in on the other profile: both customers' dates are refused, whichever profile is active.
    sandbox.clock.set(NOON);
    await core.value('switchProfile', { id: OTHER_PROFILE });
    core.as('bjorn');
    await core.value('signIn');
    for (const next of ['050792', '05071992', '0507922189', '120385', '12031985']) {
      expect(await core.call('setPasscode', { next }), next).toMatchObject({
        ok: false,
        error: { code: 'PASSCODE_BIRTH_DATE' },
      });
    }
    expect(CUSTOMERS.bjorn.kennitala).toBe('0507922189');
  });
});
