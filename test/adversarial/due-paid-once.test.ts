import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { draftFrom, inProcessWallet, type InProcessWallet } from '../support/in-process-wallet.ts';

/**
 * Issue 38, item 5, through the core: someone with the settings file puts back the due record from before a due
 * payment was paid. Before, the occurrence that was paid showed again as due (overdue a few days later, when the
 * duplicate warning's 24 hours are over) and was paid a second time. Now the payment store links the occurrence to
 * its payment, and the Due list reads the link over the record.
 */

let fixture: InProcessWallet;
afterEach(() => fixture.close());

const rent = draftFrom('anna', 'bjorn', 25_000, { endToEndId: 'Leiga' });

/** The due records in the settings (sealed; their keys name no customer), as they are now. */
function dueRecords(): Map<string, unknown> {
  const settings = JSON.parse(readFileSync(join(fixture.dataDir, 'settings.json'), 'utf8')) as Record<string, unknown>;
  const keys = Object.keys(settings).filter((key) => key.startsWith('duePayments.'));
  return new Map(keys.map((key) => [key, fixture.platform.store.get(key)]));
}

describe('a due payment is paid once', () => {
  it('an older due record put back: the paid occurrence is not offered again', async () => {
    fixture = await inProcessWallet();
    await fixture.value('signIn');
    const saved = await fixture.value('saveDue', {
      draft: rent,
      schedule: { kind: 'monthly', day: 22, start: '2026-11-22' },
    });
    const id = saved.id ?? '';
    const older = dueRecords();
    const confirmed = await fixture.value('confirmPayment', { draft: rent, due: { id, date: '2026-11-22' } });
    expect((await fixture.value('submitPayment', { id: confirmed.id })).state).toBe('settled');
    expect((await fixture.value('listDue')).items[0]).toMatchObject({ open: '2026-12-22', overdue: [] });

    await fixture.wallet.close();
    for (const [key, value] of older) fixture.platform.store.set(key, value);
    fixture.sandbox.clock.set('2026-11-25T12:00:00.000Z');
    await fixture.restart();
    if (!(await fixture.value('sessionStatus')).signedIn) await fixture.value('signIn');

    const list = await fixture.value('listDue');
    expect(list.items[0]?.overdue).toEqual([]);
    expect(list.items[0]?.open).toBe('2026-12-22');
    expect(await fixture.dispatch('confirmPayment', { draft: rent, due: { id, date: '2026-11-22' } })).toMatchObject({
      ok: false,
      error: { code: 'DUE_NOT_OPEN' },
    });
  });
});
