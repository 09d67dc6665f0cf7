import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { UNTRUSTED_HISTORY } from '../../common/payment-status.ts';
import { storeFiles } from '../support/store-files.ts';
import {
  draftFrom,
  inProcessWallet as walletFixture,
  type InProcessWallet as WalletFixture,
} from '../support/in-process-wallet.ts';

/**
 * Issue 38, item 3: a copy of the payment store taken after a payment was confirmed and before it was sent (a
 * backup tool's copy, a synced folder), put back once the payment was paid. Before, the send's first write did not
 * move the mark kept outside the store, so the copy was trusted: it showed the paid 4 000 kr. as "Confirmed, not
 * sent", with no duplicate warning on paying it again. Now the mark covers the send, so the copy is behind it.
 */
let fixture: WalletFixture;
afterEach(() => fixture.close());

describe('a store copy from before a send, put back', () => {
  it('is found older: the paid payment is not quietly offered as never sent, and paying it again is warned', async () => {
    fixture = await walletFixture();
    await fixture.value('signIn');
    const draft = draftFrom('anna', 'bjorn', 4000);
    const confirmed = await fixture.value('confirmPayment', { draft });
    await fixture.wallet.close();
    for (const file of storeFiles(fixture.dataDir)) if (existsSync(file)) copyFileSync(file, `${file}.before-send`);
    await fixture.restart();
    expect(await fixture.value('submitPayment', { id: confirmed.id })).toMatchObject({ state: 'settled' });
    expect(fixture.sandbox.initiations().filter((i) => i.requestId === confirmed.requestId)).toHaveLength(1);
    await fixture.wallet.close();
    for (const file of storeFiles(fixture.dataDir)) {
      rmSync(file, { force: true });
      if (existsSync(`${file}.before-send`)) copyFileSync(`${file}.before-send`, file);
    }
    await fixture.restart();

    expect(await fixture.value('historyIntegrity')).toEqual({ trusted: false, problem: 'older' });
    const again = await fixture.value('validatePayment', draft);
    expect(again.duplicate).toMatchObject({ kind: 'untrusted', intentId: UNTRUSTED_HISTORY });
  });
});
