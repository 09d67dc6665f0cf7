import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import { JsonFileStore } from '../../main/storage/json-file-store.ts';
import { FIXED_KEY_BOX, fixedKeyProtector, memoryKeychain } from '../helpers/memory-keychain.ts';
import { CUSTOMERS, draftFrom, inProcessWallet, type InProcessWallet } from '../support/in-process-wallet.ts';

/**
 * Issue 18: where the OS offers no real protection (Linux's `basic_text`: a key every copy of the program knows), the
 * customer's passcode protects the data key. Sign-ins, payments, own accounts and payees then outlive a restart
 * without the weak-key choice, and someone with the data folder (and the fixed key) reads nothing of them.
 */
// Where the passcode is the key it must be a strong passphrase (issue 26; passcode-offline.test.ts).
const PASSCODE = 'hestur á túni í dag';
const NEXT = 'köttur í glugga við sjóinn';
const SESSION_KEY = `vault.session.${LOCAL_SANDBOX_ID}`;

let core: InProcessWallet;
afterEach(() => core.close());

/** The data key's own file (issue 39), as it is on disk now. */
const keys = () => new JsonFileStore(join(core.dataDir, 'data-key.json'));

const everyFile = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => statSync(path).isFile());

/** Anna signed in on a machine with only the fixed key, with an account, a payee and a payment made. */
async function annaWithHistory(keyProtector = fixedKeyProtector()): Promise<void> {
  core = await inProcessWallet({ keyProtector });
  await core.value('signIn');
  await core.value('saveAccount', { accountNumber: CUSTOMERS.anna.account, label: 'Everyday' });
  await core.value('savePayee', {
    name: 'Björn Sigurðsson',
    kennitala: CUSTOMERS.bjorn.kennitala,
    accountNumber: CUSTOMERS.bjorn.account,
  });
  const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
  expect((await core.value('submitPayment', { id })).state).toMatch(/^(accepted|settled)$/);
}

/** What the customer had: still signed in, one payment, one account, one payee. */
async function expectAllKept(): Promise<void> {
  expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true, persistent: true });
  expect((await core.value('historyPage', {})).total).toBe(1);
  expect(await core.value('listAccounts')).toHaveLength(1);
  expect(await core.value('listPayees')).toHaveLength(1);
}

/** Every sealed value in the settings store and every journal line: none opens with the fixed key. */
function expectNothingOpensWithTheFixedKey(): void {
  const store = core.platform.store;
  expect(keys().get('vault.dataKey')).toBeUndefined();
  const sealed = String(store.get(SESSION_KEY));
  expect(sealed).toMatch(/^v1:/);
  expect(() => FIXED_KEY_BOX.open(sealed)).toThrow();
  for (const path of everyFile(core.dataDir)) {
    const text = readFileSync(path, 'utf8');
    for (const secret of [CUSTOMERS.anna.kennitala, CUSTOMERS.bjorn.kennitala, '013326012345', 'Everyday']) {
      expect(text.includes(secret), `${secret} in ${path}`).toBe(false);
    }
    // A token in the clear: a JWT's header and payload, each base64url of JSON ("eyJ"), joined by a dot. Not "eyJ"
    // alone: sealed values are base64 too, and about one run in twenty had those three letters in one by chance.
    expect(/eyJ[\w-]*\.eyJ/.test(text), `a JWT in ${path}`).toBe(false);
  }
}

describe('the passcode protects the data key where the keychain is only a fixed key', () => {
  it('keeps sign-in, payments, accounts and payees across a restart, and nothing opens without the passcode', async () => {
    await annaWithHistory();
    // Before the passcode: in memory only (the weak key was not accepted).
    expect(await core.value('getSettings')).toMatchObject({ passcodeProtects: false, tokensPersist: false });
    expect(core.platform.store.get(SESSION_KEY)).toBeUndefined();

    await core.value('setPasscode', { next: PASSCODE });
    expect(await core.value('getSettings')).toMatchObject({ passcodeProtects: true, tokensPersist: true });
    await core.wallet.close();
    expectNothingOpensWithTheFixedKey();

    await core.restart();
    expect(await core.value('lockStatus')).toMatchObject({ locked: true, reason: 'start' });
    expect(await core.call('historyPage', {})).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    expect(await core.call('unlock', { passcode: '000000' })).toMatchObject({ error: { code: 'WRONG_PASSCODE' } });
    await core.value('unlock', { passcode: PASSCODE });
    await expectAllKept();
    // Paying goes on from where it was: the payment made before the restart counts as today's duplicate.
    const again = await core.call('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    expect(again).toMatchObject({ ok: false, error: { code: 'DUPLICATE_NOT_ACKNOWLEDGED' } });
  });

  it('a change of passcode seals the same data key again: everything stays, and the old passcode opens nothing', async () => {
    await annaWithHistory();
    await core.value('setPasscode', { next: PASSCODE });
    await core.value('setPasscode', { next: NEXT, current: PASSCODE });
    expect(keys().get('vault.dataKey.passcode')).toHaveLength(1);
    await core.restart();
    expect(await core.call('unlock', { passcode: PASSCODE })).toMatchObject({ error: { code: 'WRONG_PASSCODE' } });
    await core.value('unlock', { passcode: NEXT });
    await expectAllKept();
  });

  it('the weak key accepted before: the passcode takes over and the fixed key’s copy of the data key goes', async () => {
    await annaWithHistory();
    await core.value('updateSettings', { allowWeakTokenStorage: true });
    expect(keys().get('vault.dataKey')).toEqual(expect.stringMatching(/^v1:/));
    await core.value('setPasscode', { next: PASSCODE });
    await core.wallet.close();
    expectNothingOpensWithTheFixedKey();
    await core.restart();
    await core.value('unlock', { passcode: PASSCODE });
    await expectAllKept();
  });

  it('removing the passcode is refused while it alone protects the data; with the weak key accepted, the data moves there', async () => {
    await annaWithHistory();
    await core.value('setPasscode', { next: PASSCODE });
    expect(await core.call('removePasscode', { current: PASSCODE })).toMatchObject({
      ok: false,
      error: { code: 'PASSCODE_KEEPS_DATA' },
    });
    expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: true });
    await expectAllKept();

    await core.value('updateSettings', { allowWeakTokenStorage: true });
    expect(await core.value('removePasscode', { current: PASSCODE })).toMatchObject({ passcodeSet: false });
    expect(await core.value('getSettings')).toMatchObject({ passcodeProtects: false, tokensPersist: true });
    await core.restart();
    expect(await core.value('lockStatus')).toMatchObject({ passcodeSet: false, locked: false });
    await expectAllKept();
  });

  it('forgotten after a restart: the sign-in is ended and what the lost key sealed is left as it was on disk', async () => {
    await annaWithHistory();
    await core.value('setPasscode', { next: PASSCODE });
    await core.restart();
    const before = new Map(everyFile(join(core.dataDir, 'payments')).map((path) => [path, readFileSync(path)]));
    expect(before.size).toBeGreaterThan(0);

    expect(await core.value('forgetPasscode')).toMatchObject({ passcodeSet: false, locked: false });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false });
    expect(keys().get('vault.dataKey.passcode')).toBeUndefined();
    // The records sealed under the lost key: not opened, not rewritten, not deleted.
    for (const [path, bytes] of before) expect(readFileSync(path).equals(bytes), path).toBe(true);
    // Anna signs in with the bank again and goes on; nothing she pays now is confused with what went before.
    await core.value('signIn');
    expect((await core.value('historyPage', {})).total).toBe(0);
  });

  it('forgotten while the app held the key (it had locked itself): a new passcode set now keeps the history', async () => {
    await annaWithHistory();
    await core.value('setPasscode', { next: PASSCODE });
    await core.value('lockNow');
    await core.value('forgetPasscode');
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false });
    await core.value('setPasscode', { next: NEXT });
    await core.restart();
    await core.value('unlock', { passcode: NEXT });
    await core.value('signIn');
    expect((await core.value('historyPage', {})).total).toBe(1);
    expect(await core.value('listPayees')).toHaveLength(1);
  });

  it('with a real keychain the passcode does not touch the data key', async () => {
    await annaWithHistory(memoryKeychain());
    // A real keychain: the passcode only guards the keyboard, and 6 digits will do.
    await core.value('setPasscode', { next: '482916' });
    expect(keys().get('vault.dataKey.passcode')).toBeUndefined();
    expect(keys().get('vault.dataKey')).toEqual(expect.stringMatching(/^v1:/));
    expect(await core.value('getSettings')).toMatchObject({ passcodeProtects: false, tokensPersist: true });
  });
});
