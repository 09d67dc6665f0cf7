import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { fixedKeyProtector } from '../helpers/memory-keychain.ts';
import { readSettings } from '../helpers/passcode-on-disk.ts';
import { inProcessWallet, NOON, type InProcessWallet } from '../support/in-process-wallet.ts';

/**
 * Issue 38, item 6: where a passphrase is the only thing between a copy of the data and an offline guesser (the
 * passcode that encrypts the data key where no keychain does, and a backup file), the length and pattern rules let
 * these through, and one was found offline at the fifth guess, opening the refresh token. Here, through the real
 * core and whatever a window sends: each is refused, saying why in its code, with nothing derived, stored or saved;
 * four random words are taken.
 */
const ACCEPTED_BEFORE: [string, string][] = [
  ['password12345678', 'PASSPHRASE_COMMON'],
  ['qwertyuiop123456', 'PASSPHRASE_COMMON'],
  ['abcdefgh12345678', 'PASSPHRASE_PREDICTABLE'],
  ['1q2w3e4r5t6y7u8i', 'PASSPHRASE_COMMON'],
  ['iloveyou12345678', 'PASSPHRASE_COMMON'],
  ['Password1234567!', 'PASSPHRASE_COMMON'],
  ['reykjavik2026!!!', 'PASSPHRASE_NAME_OR_DATE'],
  // Anna's first name and her birth date (kennitala 120385-2089): what anyone who knows her tries.
  ['anna12031985anna', 'PASSPHRASE_OWN_DETAILS'],
];
const FOUR_RANDOM_WORDS = ['hestur kaffi gluggi sumar', 'correct horse battery staple'];

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

/** Anna signed in on a computer whose keychain is Chromium's fixed key: the passcode will be the data key's guard. */
async function annaWithoutKeychain(): Promise<InProcessWallet> {
  const core = await inProcessWallet({ sandbox, keyProtector: fixedKeyProtector() });
  opened.push(core);
  core.as('anna');
  await core.value('signIn');
  return core;
}

describe('a passcode that guards the data key', () => {
  it('is refused as made of the customer’s own name, which main knows from the bank', async () => {
    const core = await annaWithoutKeychain();
    // Her name as the bank gave it (Anna Jónsdóttir), written without its accents and with a number.
    expect(await core.call('setPasscode', { next: 'jonsdottir anna 22' })).toMatchObject({
      ok: false,
      error: { code: 'PASSPHRASE_OWN_DETAILS' },
    });
  });

  it('is refused for each passphrase the length rules took, saying why, with nothing derived or stored', async () => {
    const core = await annaWithoutKeychain();
    expect(await core.value('lockStatus')).toMatchObject({ passphraseRequired: true });
    for (const [next, code] of ACCEPTED_BEFORE) {
      expect(await core.call('setPasscode', { next }), next).toMatchObject({ ok: false, error: { code } });
    }
    expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: false, locked: false });
    const settings = readSettings(core.dataDir);
    expect(settings['lock.passcode']).toBeUndefined();
    expect(settings['vault.dataKey.passcode']).toBeUndefined();
    // Her sign-in stayed in memory: no refresh token went to disk under any of them.
    expect(settings[`vault.session.${LOCAL_SANDBOX_ID}`]).toBeUndefined();
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: false });
  });

  it.each(FOUR_RANDOM_WORDS)('takes four random words: %s', async (next) => {
    const core = await annaWithoutKeychain();
    await core.value('setPasscode', { next });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: true });
    await core.value('lockNow');
    await core.value('unlock', { passcode: next });
  });

  it('a change to a guessable one is refused with the right passcode in use, which stays', async () => {
    const core = await annaWithoutKeychain();
    const [first = ''] = FOUR_RANDOM_WORDS;
    await core.value('setPasscode', { next: first });
    expect(await core.call('setPasscode', { current: first, next: 'reykjavik2026!!!' })).toMatchObject({
      ok: false,
      error: { code: 'PASSPHRASE_NAME_OR_DATE' },
    });
    await core.value('lockNow');
    expect(await core.call('unlock', { passcode: 'reykjavik2026!!!' })).toMatchObject({ ok: false });
    await core.value('unlock', { passcode: first });
  });
});

describe('a backup’s passphrase', () => {
  it('is refused for each passphrase the length rules took, saying why, and no file is saved', async () => {
    const core = await annaWithoutKeychain();
    for (const [passphrase, code] of ACCEPTED_BEFORE) {
      expect(await core.call('exportBackup', { passphrase }), passphrase).toMatchObject({ ok: false, error: { code } });
    }
    const saved = join(core.dataDir, 'saved');
    expect(readdirSafe(saved)).toEqual([]);
    for (const passphrase of FOUR_RANDOM_WORDS) {
      expect(await core.value('exportBackup', { passphrase })).toMatchObject({ saved: true });
    }
    expect(readdirSafe(saved)).toHaveLength(FOUR_RANDOM_WORDS.length);
  });
});

function readdirSafe(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
