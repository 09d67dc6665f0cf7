import type { AppLocale } from '../../common/locale.ts';

/** What to do after the page's process went away. */
export type CrashAction = 'ignore' | 'reload' | 'give-up';

export interface CrashPolicy {
  /** At most this many reloads ... */
  maxReloads: number;
  /** ... within this many milliseconds; one more crash and the app stops trying. */
  windowMs: number;
}

export const DEFAULT_CRASH_POLICY: CrashPolicy = { maxReloads: 3, windowMs: 60_000 };

export interface CrashGuard {
  /** `reason` is Electron's `render-process-gone` reason. */
  onGone(reason: string): CrashAction;
}

/**
 * Reloads the page after a crash, but not forever: a page that crashes as soon as it loads would otherwise put up
 * a message box and reload in an endless loop. A normal exit (the window closing) is no crash.
 */
export function createCrashGuard(now: () => number, policy: CrashPolicy = DEFAULT_CRASH_POLICY): CrashGuard {
  let reloads: number[] = [];
  return {
    onGone(reason) {
      if (reason === 'clean-exit') return 'ignore';
      const at = now();
      reloads = reloads.filter((time) => at - time < policy.windowMs);
      if (reloads.length >= policy.maxReloads) return 'give-up';
      reloads.push(at);
      return 'reload';
    },
  };
}

export interface CrashMessage {
  title: string;
  message: string;
  detail: string;
  button: string;
}

const texts: Record<AppLocale, Record<'reload' | 'give-up', CrashMessage>> = {
  is: {
    reload: {
      title: 'A2A Wallet',
      message: 'Forritið hrundi og verður opnað aftur.',
      detail:
        'Greiðslur eru sendar af bakvinnslu forritsins, sem hélt áfram að keyra. Skoðaðu greiðslusöguna áður en þú greiðir aftur.',
      button: 'Opna aftur',
    },
    'give-up': {
      title: 'A2A Wallet',
      message: 'Forritið hrynur ítrekað og verður lokað.',
      detail:
        'Opnaðu forritið aftur eftir smástund. Ef vandinn heldur áfram skaltu endurræsa tölvuna eða setja forritið upp á ný.',
      button: 'Loka',
    },
  },
  en: {
    reload: {
      title: 'A2A Wallet',
      message: 'The app crashed and will be reloaded.',
      detail:
        "Payments are sent by the app's background process, which kept running. Check the payment history before paying again.",
      button: 'Reload',
    },
    'give-up': {
      title: 'A2A Wallet',
      message: 'The app keeps crashing and will be closed.',
      detail: 'Start it again in a moment. If it keeps happening, restart the computer or reinstall the app.',
      button: 'Close',
    },
  },
};

export function crashMessage(action: 'reload' | 'give-up', locale: AppLocale): CrashMessage {
  return texts[locale][action];
}
