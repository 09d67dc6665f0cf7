import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { storeFiles } from '../support/store-files.ts';
import { draftFrom, inProcessWallet, type InProcessWallet } from '../support/in-process-wallet.ts';

/**
 * Issue 38, item 3: a copy of the payment store from before a payment was sent, put back, shows that payment as
 * "Confirmed, not sent". "Don't send", and a new payment, would then pay it twice. While the store is flagged, a
 * payment it shows as never sent may have been sent since the copy was made: "Don't send" is refused until the
 * customer has checked their online banking and accepted the history.
 */
let core: InProcessWallet;
afterEach(() => core.close());

const copyStore = (dataDir: string) => {
  for (const file of storeFiles(dataDir)) if (existsSync(file)) copyFileSync(file, `${file}.older`);
};
const putBack = (dataDir: string) => {
  for (const file of storeFiles(dataDir)) {
    rmSync(file, { force: true });
    if (existsSync(`${file}.older`)) copyFileSync(`${file}.older`, file);
  }
};

describe('"Don\'t send" on a store put back from an older copy', () => {
  it('is refused while the history is not trusted, and allowed once the customer has accepted it', async () => {
    core = await inProcessWallet();
    await core.value('signIn');
    const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 4000) });
    await core.wallet.close();
    copyStore(core.dataDir);
    await core.restart();
    // After the copy: the payment sent (and another confirmed, a synced write the mark covers).
    expect((await core.value('submitPayment', { id })).state).toBe('settled');
    await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 2500) });
    await core.wallet.close();
    putBack(core.dataDir);
    await core.restart();

    expect(await core.value('historyIntegrity')).toMatchObject({ trusted: false });
    expect((await core.value('getPayment', { id })).state).toBe('confirmed');
    expect(await core.call('dropPayment', { id })).toMatchObject({
      ok: false,
      error: { code: 'HISTORY_NOT_TRUSTED' },
    });
    expect((await core.value('getPayment', { id })).state).toBe('confirmed');

    // Checked at the bank, and the history accepted: the customer decides again.
    await core.value('acceptHistory');
    expect(await core.call('dropPayment', { id })).toMatchObject({ ok: true, value: { state: 'dropped' } });
  });
});
