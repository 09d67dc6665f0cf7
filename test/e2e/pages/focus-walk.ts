import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { AppLocale } from '../../../common/locale.ts';
import type { Harness } from '../../harness/server.ts';
import { messages } from '../../../renderer/src/i18n/sections.ts';
import { expect, test } from '../browser/fixtures.ts';
import { BJORN, type WalletPage } from './wallet-page.ts';

/**
 * The focus walk's machinery (test/e2e/browser/focus-walk.spec.ts, issue 42): the walk's state and words, a step, and
 * the check made after each step: the focus on something named, not the page's body, inside the open dialog.
 */

/** The app's message of `key` in `locale`, as written. */
export function message(locale: AppLocale, key: string): string {
  const text = (messages[locale] as Record<string, string | undefined>)[key];
  if (text === undefined) throw new Error(`no message ${key}`);
  return text;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The walk's state: the page, the harness, and the app's words in the walk's language. */
export class Walk {
  readonly wallet: WalletPage;
  readonly context: BrowserContext;
  readonly harness: Harness;
  readonly locale: AppLocale;

  constructor(wallet: WalletPage, context: BrowserContext, harness: Harness, locale: AppLocale) {
    this.wallet = wallet;
    this.context = context;
    this.harness = harness;
    this.locale = locale;
  }

  get page(): Page {
    return this.wallet.page;
  }

  /** The message of `key`, exactly. */
  t(key: string): string {
    return message(this.locale, key);
  }

  /** A message with placeholders, as a pattern: its words up to the first placeholder, at the start. */
  starts(key: string): RegExp {
    return new RegExp(`^${escape(this.t(key).split('{')[0] ?? '')}`);
  }

  button(key: string, within: Page | Locator = this.page): Locator {
    return within.getByRole('button', { name: this.t(key), exact: true });
  }

  nav(key: string): Locator {
    return this.page.getByRole('navigation').getByRole('button', { name: this.starts(key) });
  }

  /** The open modal dialog (the top one, as a request's large view is above the request). */
  dialog(): Locator {
    return this.page.locator('dialog:modal').last();
  }

  result(): Locator {
    return this.page.getByTestId('pay-result');
  }

  detail(): Locator {
    return this.page.getByTestId('payment-detail');
  }

  async fillPayment(amount: string): Promise<void> {
    await this.page.getByTestId('deposit-kennitala').fill(BJORN.kennitala);
    await this.page.getByTestId('deposit-account').fill(BJORN.account);
    await this.page.getByTestId('payee-name').fill(BJORN.name);
    await this.page.getByTestId('amount').fill(amount);
  }

  async review(): Promise<void> {
    await this.button('pay.review').click();
    await expect(this.page.getByRole('heading', { name: this.t('review.title') })).toBeVisible();
  }

  async pay(state: RegExp): Promise<void> {
    await this.page.getByRole('button', { name: this.starts('review.pay') }).click();
    await expect(this.result()).toHaveAttribute('data-state', state);
  }
}

export interface Step {
  /** What the customer does, on which screen. */
  name: string;
  act: (walk: Walk) => Promise<void>;
  /** Where the focus must be afterwards, where that is known; otherwise anything named will do. */
  focus?: (walk: Walk) => Locator;
}

export const PAID = /^(accepted|settled)$/;

/** What has the focus, in words: its role or tag, its name, and whether it is in the open dialog; or the page. */
interface Focus {
  lost: boolean;
  what: string;
  name: string;
  inDialog: boolean;
  dialogOpen: boolean;
}

async function focusNow(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
    const active = document.activeElement;
    const modal = [...document.querySelectorAll('dialog')].filter((dialog) => dialog.matches(':modal')).at(-1);
    if (!active || active === document.body || active === document.documentElement || !active.isConnected)
      return { lost: true, what: 'the page’s body', name: '', inDialog: false, dialogOpen: !!modal };
    const byIds = (ids: string | null) =>
      text(
        (ids ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    const labels = 'labels' in active ? [...((active as HTMLInputElement).labels ?? [])] : [];
    const name =
      text(active.getAttribute('aria-label')) ||
      byIds(active.getAttribute('aria-labelledby')) ||
      text(labels.map((label) => label.textContent).join(' ')) ||
      text(active.textContent) ||
      text(active.getAttribute('title'));
    const role = active.getAttribute('role');
    const what = `${active.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${active.id ? `#${active.id}` : ''}`;
    return { lost: false, what, name: name.slice(0, 80), inDialog: !!modal?.contains(active), dialogOpen: !!modal };
  });
}

const describe = (focus: Focus) => (focus.lost ? focus.what : `${focus.what} “${focus.name}”`);

/** The screen's heading (the open dialog's, where one is): where the walk is, for the messages. */
async function screenOf(page: Page): Promise<string> {
  const heading = page.locator('dialog:modal h2').last().or(page.locator('main h2, .lock-panel h1').first());
  return (
    (
      await heading
        .first()
        .textContent()
        .catch(() => null)
    )?.trim() ?? '?'
  );
}

/** Two frames: what an action's effects and the focus moves they schedule (focusAfter) have done is on the page. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Walks `steps` in order, checking the focus after each. */
export async function walk(w: Walk, steps: readonly Step[]): Promise<void> {
  for (const [index, step] of steps.entries()) {
    const before = describe(await focusNow(w.page));
    await test.step(step.name, async () => {
      await step.act(w);
      await settle(w.page);
      const where = `after “${step.name}” (step ${String(index + 1)}, ${w.locale}, on “${await screenOf(w.page)}”; the focus was on ${before} before)`;
      await expect
        .poll(async () => describe(await focusNow(w.page)), { message: `${where}: the focus fell to the page` })
        .not.toBe('the page’s body');
      const focus = await focusNow(w.page);
      expect(focus.name, `${where}: the focus is on ${focus.what}, which has no name or words`).not.toBe('');
      if (focus.dialogOpen)
        expect(focus.inDialog, `${where}: a dialog is open, and the focus is outside it, on ${describe(focus)}`).toBe(
          true,
        );
      if (step.focus) await expect(step.focus(w), where).toBeFocused();
    });
  }
}
