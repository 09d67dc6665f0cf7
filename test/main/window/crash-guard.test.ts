import { describe, expect, it } from 'vitest';
import { createCrashGuard, crashMessage } from '../../../main/window/crash-guard.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the crash guard', () => {
  it('ignores a clean exit', () => {
    const time = clock();
    const guard = createCrashGuard(time.now);
    expect(guard.onGone('clean-exit')).toBe('ignore');
  });

  it.each(['crashed', 'oom', 'killed', 'abnormal-exit', 'launch-failed', 'integrity-failure', 'memory-eviction'])(
    'reloads after %s',
    (reason) => {
      expect(createCrashGuard(clock().now).onGone(reason)).toBe('reload');
    },
  );

  it('reloads at most three times a minute, then gives up', () => {
    const time = clock();
    const guard = createCrashGuard(time.now);
    expect(guard.onGone('crashed')).toBe('reload');
    time.advance(10_000);
    expect(guard.onGone('crashed')).toBe('reload');
    time.advance(10_000);
    expect(guard.onGone('crashed')).toBe('reload');
    time.advance(10_000);
    expect(guard.onGone('crashed')).toBe('give-up');
    expect(guard.onGone('crashed')).toBe('give-up');
  });

  it('forgets crashes older than a minute', () => {
    const time = clock();
    const guard = createCrashGuard(time.now);
    for (let i = 0; i < 3; i++) expect(guard.onGone('crashed')).toBe('reload');
    time.advance(59_999);
    expect(guard.onGone('crashed')).toBe('give-up');
    time.advance(1);
    expect(guard.onGone('crashed')).toBe('reload');
  });

  it('clean exits do not count towards the limit', () => {
    const time = clock();
    const guard = createCrashGuard(time.now, { maxReloads: 1, windowMs: 1000 });
    expect(guard.onGone('clean-exit')).toBe('ignore');
    expect(guard.onGone('crashed')).toBe('reload');
    expect(guard.onGone('crashed')).toBe('give-up');
  });

  it('explains a reload and giving up, in Icelandic and English', () => {
    expect(crashMessage('reload', 'en')).toMatchObject({
      message: 'The app crashed and will be reloaded.',
      button: 'Reload',
    });
    expect(crashMessage('give-up', 'en').message).toBe('The app keeps crashing and will be closed.');
    expect(crashMessage('reload', 'is')).toMatchObject({
      message: 'Forritið hrundi og verður opnað aftur.',
      button: 'Opna aftur',
    });
    expect(crashMessage('give-up', 'is').button).toBe('Loka');
  });
});
