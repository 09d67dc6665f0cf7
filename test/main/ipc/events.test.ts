import { describe, expect, it } from 'vitest';
import { sendToApp, type EventTarget } from '../../../main/ipc/events.electron.ts';
import type { WalletEvent } from '../../../main/wallet.ts';

function target(url: string, destroyed = false): EventTarget & { sent: unknown[][] } {
  const sent: unknown[][] = [];
  return { sent, isDestroyed: () => destroyed, getURL: () => url, send: (...args) => void sent.push(args) };
}

const event: WalletEvent = {
  channel: 'grantReminder',
  payload: { profileId: 'local-sandbox', reminder: 14, daysLeft: 14, grantEnd: 0 },
};

describe('events to the renderer', () => {
  it('go only to windows showing the app page, on the event channel', () => {
    const app = target('file:///app/index.html');
    const foreign = target('https://evil.example/');
    const closed = target('file:///app/index.html', true);
    sendToApp([app, foreign, closed], (url) => url === 'file:///app/index.html', event);
    expect(app.sent).toEqual([['wallet-event:grantReminder', event.payload]]);
    expect(foreign.sent).toEqual([]);
    expect(closed.sent).toEqual([]);
  });
});
