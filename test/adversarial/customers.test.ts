import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../common/time.ts';
import {
  CUSTOMERS,
  draftFrom,
  inProcessWallet as walletFixture,
  type InProcessWallet as WalletFixture,
} from '../support/in-process-wallet.ts';

/**
 * Issue 13, case 9: customers on one computer. Anna pays and signs out; Björn signs in to the same profile. He
 * never reads, exports, refreshes or re-sends anything of hers; after an explicit sign-out nothing of hers shows;
 * when her grant ended or was withdrawn she is still known, and her history stays readable until she signs out.
 */
let fixture: WalletFixture;
afterEach(() => fixture.close());

async function annaPays() {
  await fixture.value('signIn');
  await fixture.value('savePayee', {
    name: CUSTOMERS.bjorn.name,
    kennitala: CUSTOMERS.bjorn.kennitala,
    accountNumber: CUSTOMERS.bjorn.account,
  });
  const confirmed = await fixture.value('confirmPayment', {
    draft: draftFrom('anna', 'bjorn', 1500, { extendedReference: 'Anna private note' }),
  });
  return fixture.value('submitPayment', { id: confirmed.id });
}

describe('case 9: one customer never sees another’s data', () => {
  it('after Anna signs out, nothing of hers shows; Björn in the same profile reaches none of it', async () => {
    fixture = await walletFixture();
    const annas = await annaPays();
    await fixture.value('signOut');

    expect(await fixture.value('historyPage', {})).toEqual({ total: 0, items: [] });
    expect(await fixture.call('getPayment', { id: annas.id })).toMatchObject({ ok: false });
    expect(await fixture.call('exportHistory', {})).toMatchObject({ ok: false });

    fixture.as('bjorn');
    await fixture.value('signIn');
    expect(await fixture.value('historyPage', {})).toEqual({ total: 0, items: [] });
    expect(await fixture.value('listPayees')).toEqual([]);
    for (const channel of ['getPayment', 'refreshStatus', 'checkAgain', 'submitPayment'] as const) {
      expect(await fixture.call(channel, { id: annas.id }), channel).toMatchObject({
        ok: false,
        error: { code: 'PAYMENT_NOT_FOUND' },
      });
    }
    const exported = await fixture.value('exportHistory', {});
    expect(exported.count).toBe(0);
    const csv = readFileSync(join(fixture.platform.savedDir, exported.fileName ?? ''), 'utf8');
    expect(csv).not.toContain('Anna private note');
    expect(csv).not.toContain(annas.requestId);
    // Björn's limit is his own: Anna's payment is not counted against him.
    expect((await fixture.value('dailyLimit')).used).toBe(0);
    expect(fixture.sandbox.initiations()).toHaveLength(1);

    // Anna signs in again and has her history back.
    await fixture.value('signOut');
    fixture.as('anna');
    await fixture.value('signIn');
    expect((await fixture.value('historyPage', {})).items.map((item) => item.id)).toEqual([annas.id]);
  });

  it('when her grant ends, Anna is still known: her history stays readable until she signs out', async () => {
    fixture = await walletFixture();
    const annas = await annaPays();
    fixture.sandbox.clock.advanceSeconds((91 * DAY_MS) / 1000);
    expect(await fixture.value('sessionStatus')).toMatchObject({ signedIn: false, signedOutReason: 'grant-ended' });
    expect((await fixture.value('historyPage', {})).items.map((item) => item.id)).toEqual([annas.id]);
    await fixture.restart();
    expect(await fixture.value('getPayment', { id: annas.id })).toMatchObject({ id: annas.id });
    // Nothing is sent for her without a grant.
    expect(await fixture.call('checkAgain', { id: annas.id })).toMatchObject({ ok: false });
    await fixture.value('signOut');
    expect((await fixture.value('historyPage', {})).total).toBe(0);
  });

  it('when she withdraws the grant at the bank, her history stays hers and readable', async () => {
    fixture = await walletFixture();
    const annas = await annaPays();
    fixture.sandbox.revoke('anna');
    // The next call that needs the bank learns of it: here, her next payment (a settled one is never asked about).
    fixture.sandbox.clock.advanceSeconds(3600);
    const next = await fixture.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 900) });
    await fixture.call('submitPayment', { id: next.id });
    expect((await fixture.value('sessionStatus')).signedIn).toBe(false);
    expect((await fixture.value('historyPage', {})).items.map((item) => item.id)).toEqual([next.id, annas.id]);
  });
});
