import type { WalletApi } from '../../../common/bridge-contract.ts';

/** What a person does in the window: a key, a click or tap, a scroll, a touch. Never a focus, a timer or a poll. */
export const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * At most one report this often. The idle lock counts in minutes (1 at the least), so 15 s of lateness is nothing,
 * and typing sends four calls a minute, not one a key.
 */
export const ACTIVITY_REPORT_MS = 15_000;

/**
 * Tells main, on `noteActivity`, when the customer does something in the window: the one use that keeps the idle
 * lock off (main counts no other call as use, so the page's own polling never does; see main/lock/lock-handlers.ts).
 * The first input after a quiet spell is reported at once, the rest at most every ACTIVITY_REPORT_MS. Listens in the
 * capture phase, so an input a component stops from going further still counts. Returns the function that stops it.
 */
export function reportActivity(
  wallet: Pick<WalletApi, 'noteActivity'>,
  target: EventTarget = window,
  now: () => number = () => performance.now(),
): () => void {
  let reportedAt = Number.NEGATIVE_INFINITY;
  const note = () => {
    const at = now();
    if (at - reportedAt < ACTIVITY_REPORT_MS) return;
    reportedAt = at;
    // A refusal (LOCKED: the app locked meanwhile) or a lost answer changes nothing here.
    void wallet.noteActivity().catch(() => undefined);
  };
  const options = { capture: true, passive: true };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, note, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, note, options);
  };
}
