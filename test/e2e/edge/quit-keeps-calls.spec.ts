import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallList } from '../../../common/bank-calls.ts';
import { scriptedBrowser } from '../../main/auth/scripted-browser.ts';
import { draftFrom } from '../../support/in-process-wallet.ts';
import { builtApp, EdgeApp } from './edge-app.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 39, item 4: the built app, quit right after a payment (its window closed), has written that payment's bank
 * calls before it ended: the next start of the app on the same data folder lists them. The call log is otherwise
 * written every 5 seconds, so without the quit waiting for the core they were lost.
 */
test('a quit right after a payment keeps its bank calls for the next start', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'a2a-edge-quit-'));
  chmodSync(dataDir, 0o700);
  const out = builtApp();
  try {
    let paymentId: string;
    const first = await EdgeApp.start(out, undefined, { dataDir });
    try {
      const browser = scriptedBrowser('anna');
      first.onExternal((url) => void browser.openExternal(url));
      await first.invoke('signIn');
      await browser.idle();
      await first.invoke('saveAccount', { accountNumber: '0133-26-012345', label: 'Main' });
      const { id } = await first.invoke<{ id: string }>('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
      paymentId = id;
      expect((await first.invoke<{ state: string }>('submitPayment', { id })).state).toBe('settled');
      // At once: well within the call log's 5-second tick.
      expect(await first.closeWindow()).toEqual({ quitCalls: 1, code: 0, signal: null });
      expect(first.errors).toEqual([]);
    } finally {
      await first.dispose();
    }

    const next = await EdgeApp.start(out, undefined, { dataDir });
    try {
      // The embedded sandbox is a new bank at each start (its address and keys), so Anna signs in again: the list
      // shows the signed-in customer's own calls.
      const browser = scriptedBrowser('anna');
      next.onExternal((url) => void browser.openExternal(url));
      await next.invoke('signIn');
      await browser.idle();
      const list = await next.invoke<CallList>('listCalls', { paymentId });
      const calls = list.groups.flatMap((group) => group.calls);
      expect(calls.length, 'the payment’s calls after the quit').toBeGreaterThan(0);
      // The send and its status check, from the run before this one.
      expect(calls.map((call) => [call.method, call.run])).toEqual(
        expect.arrayContaining([
          ['POST', 1],
          ['GET', 1],
        ]),
      );
      expect(next.errors).toEqual([]);
    } finally {
      await next.dispose();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
