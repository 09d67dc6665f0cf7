import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_REPORT_MS, reportActivity } from '../../renderer/src/lib/activity.ts';
import { renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 26, finding 6: the window tells main when the customer does something (main counts nothing else as use, so
 * the idle lock fires however often the page polls); throttled, and only while the app is unlocked behind a passcode.
 */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
const PASSCODE = '482916';

describe('reporting the customer’s input', () => {
  it('reports a key, a click, a scroll and a touch, at most once every 15 seconds; nothing else', () => {
    let now = 0;
    let reports = 0;
    const target = new EventTarget();
    const stop = reportActivity(
      {
        noteActivity: () => {
          reports += 1;
          return Promise.resolve({ ok: false, error: { code: 'LOCKED', message: 'The app is locked' } });
        },
      },
      target,
      () => now,
    );
    for (const type of ['focus', 'blur', 'mousemove', 'visibilitychange', 'resize'])
      target.dispatchEvent(new Event(type));
    expect(reports).toBe(0);
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('pointerdown'));
    expect(reports).toBe(1);
    for (const type of ['pointerdown', 'wheel', 'touchstart', 'keydown']) {
      now += ACTIVITY_REPORT_MS;
      target.dispatchEvent(new Event(type));
    }
    expect(reports).toBe(5);
    now += ACTIVITY_REPORT_MS - 1;
    target.dispatchEvent(new Event('keydown'));
    expect(reports).toBe(5);
    stop();
    now += ACTIVITY_REPORT_MS;
    target.dispatchEvent(new Event('keydown'));
    expect(reports).toBe(5);
  });

  it('the app reports input to main while unlocked with a passcode, and not while locked', async () => {
    const core = await wallets.open({ signedInAs: 'anna' });
    await core.value('setPasscode', { next: PASSCODE });
    await renderApp(core);
    fireEvent.keyDown(document.body, { key: 'Shift' });
    expect(core.requests('noteActivity')).toHaveLength(1);

    await core.value('lockNow');
    await screen.findByTestId('lock-title');
    const before = core.calls.length;
    fireEvent.pointerDown(screen.getByLabelText('Passcode'));
    fireEvent.keyDown(screen.getByLabelText('Passcode'), { key: '4' });
    expect(core.calls.slice(before).map((call) => call.channel)).not.toContain('noteActivity');
  });

  it('reports nothing where no passcode is set: nothing locks', async () => {
    const core = await wallets.open({ signedInAs: 'anna' });
    await renderApp(core);
    fireEvent.keyDown(document.body, { key: 'Shift' });
    expect(core.requests('noteActivity')).toHaveLength(0);
  });
});
