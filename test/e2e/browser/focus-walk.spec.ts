import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { AppLocale } from '../../../common/locale.ts';
import type { Harness } from '../../harness/server.ts';
import { messages } from '../../../renderer/src/i18n/sections.ts';
import { ANNA_ACCOUNT, BJORN, type WalletPage } from '../pages/wallet-page.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 42, item 3, its last demand: a walk through the app as a customer goes, pressing every action of every screen
 * it reaches, in English and in Icelandic, and after EACH action the focus is on an element other than the page's
 * body that has a name or words (a named control, a heading, a status or alert message), and inside the dialog
 * where one is open. Where it fell to the page, the next Tab starts again at the top and a screen reader says nothing.
 *
 * The walk is a table (STEPS): a new action is one row. The words are the app's own messages by their keys (not
 * written out, as the wording specs do): what this checks is where the focus goes, whatever the words.
 *
 * Not walked: Print in the receipt, which opens the platform's print dialog, and headless Chromium has none.
 */

const PASSCODE = '482916-blár-hestur';
const NEW_PASSCODE = '735102-grænn-fugl';

/** The app's message of `key` in `locale`, as written. */
function message(locale: AppLocale, key: string): string {
  const text = (messages[locale] as Record<string, string | undefined>)[key];
  if (text === undefined) throw new Error(`no message ${key}`);
  return text;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The walk's state: the page, the harness, and the app's words in the walk's language. */
class Walk {
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

interface Step {
  /** What the customer does, on which screen. */
  name: string;
  act: (walk: Walk) => Promise<void>;
  /** Where the focus must be afterwards, where that is known; otherwise anything named will do. */
  focus?: (walk: Walk) => Locator;
}

const PAID = /^(accepted|settled)$/;

/** The walk, in order. Each row's action ends once what it does shows; then the focus is checked. */
const STEPS: Step[] = [
  // Sign in, and the account paid from.
  {
    name: 'Sign in: Sign in (at the bank’s tab, then back)',
    act: async (w) => {
      await w.wallet.signIn(w.context, 'anna', w.t('signIn.button'));
      await expect(w.page.getByTestId('owner')).toBeVisible();
    },
  },
  {
    name: 'Pay: Add an account, its number typed',
    act: async (w) => {
      const number = w.page.getByTestId('new-account-number');
      if (!(await number.isVisible())) await w.page.getByText(w.t('pay.addAccount')).click();
      await number.fill(ANNA_ACCOUNT);
    },
  },
  {
    name: 'Pay: Add account',
    act: async (w) => {
      await w.button('pay.saveAccount').click();
      await expect(w.page.getByLabel(w.t('pay.fromAccount'))).toHaveValue(ANNA_ACCOUNT.replaceAll('-', ''));
    },
  },
  // A payment: filled, reviewed, back, refused by the bank, changed, paid.
  { name: 'Pay: the payment typed in', act: (w) => w.fillPayment('1500') },
  {
    name: 'Pay: Review payment',
    act: (w) => w.review(),
    focus: (w) => w.page.getByRole('heading', { name: w.t('review.title') }),
  },
  {
    name: 'Review: Back',
    act: async (w) => {
      await w.button('action.back').click();
      await expect(w.page.getByTestId('amount')).toBeVisible();
    },
  },
  { name: 'Pay: Review payment again', act: (w) => w.review() },
  {
    name: 'Review: Pay (the bank refuses it)',
    act: async (w) => {
      w.harness.sandbox.faults.add({ route: 'payments.create', kind: 'bankError', error: 'AmountUnavailable' });
      await w.pay(/^rejected$/);
    },
  },
  {
    name: 'Result: Back to the form (Change)',
    act: async (w) => {
      await w.button('result.backToForm').click();
      await expect(w.page.getByTestId('amount')).toBeVisible();
    },
  },
  { name: 'Pay: Review payment, changed', act: (w) => w.review() },
  { name: 'Review: Pay', act: (w) => w.pay(PAID) },
  // The result's own actions.
  {
    name: 'Result: Receipt',
    act: async (w) => {
      await w.button('receipt.open', w.result()).click();
      await expect(w.dialog().getByTestId('receipt-panel')).toBeVisible();
    },
  },
  {
    name: 'Receipt: Save as PDF',
    act: async (w) => {
      await w.button('receipt.save', w.dialog()).click();
      await expect(w.dialog().getByRole('status')).toHaveText(w.starts('receipt.saved'));
    },
  },
  // Print is not walked: it opens the platform's print dialog, which headless Chromium does not have.
  {
    name: 'Receipt: Close',
    act: async (w) => {
      await w.button('action.close', w.dialog()).click();
      await expect(w.page.locator('dialog')).toHaveCount(0);
    },
    focus: (w) => w.button('receipt.open', w.result()),
  },
  {
    name: 'Result: Save as payee',
    act: async (w) => {
      await w.button('pay.savePayee', w.result()).click();
      await expect(w.page.getByText(w.t('pay.payeeSaved'))).toBeVisible();
    },
    focus: (w) => w.page.getByText(w.t('pay.payeeSaved')),
  },
  {
    name: 'Result: New payment',
    act: async (w) => {
      await w.button('result.newPayment').click();
      await expect(w.page.getByTestId('amount')).toHaveValue('');
    },
  },
  // A payment whose answer is lost: Try again now on its result.
  { name: 'Pay: a second payment typed in', act: (w) => w.fillPayment('2700') },
  { name: 'Pay: Review payment (second)', act: (w) => w.review() },
  {
    name: 'Review: Pay (the answer is lost)',
    act: async (w) => {
      w.harness.sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing', count: 1 });
      await w.pay(/^unknown$/);
    },
  },
  {
    name: 'Result: Try again now',
    act: async (w) => {
      await w.button('status.action.tryAgain', w.result()).click();
      await expect(w.result()).toHaveAttribute('data-state', PAID);
    },
  },
  {
    name: 'Result: New payment (second)',
    act: async (w) => {
      await w.button('result.newPayment').click();
      await expect(w.page.getByTestId('amount')).toHaveValue('');
    },
  },
  // Request money.
  {
    name: 'Pay: Request money',
    act: async (w) => {
      await w.button('request.open').click();
      await expect(w.dialog().getByTestId('request-money')).toBeVisible();
    },
  },
  {
    name: 'Request money: an amount typed',
    act: (w) => w.dialog().getByTestId('request-amount').fill('2500'),
  },
  {
    name: 'Request money: Make the request',
    act: async (w) => {
      await w.button('request.create', w.dialog()).click();
      await expect(w.dialog().getByTestId('request-qr')).toBeVisible();
    },
  },
  {
    name: 'Request money: Copy link',
    act: async (w) => {
      await w.button('request.copy', w.dialog()).click();
      await expect(w.dialog().getByRole('status')).toHaveText(w.t('request.copied'));
    },
  },
  {
    name: 'Request money: Show large',
    act: async (w) => {
      await w.button('request.showLarge', w.dialog()).click();
      await expect(w.page.getByTestId('qr-large-code')).toBeVisible();
    },
  },
  {
    name: 'Request shown large: Close',
    act: async (w) => {
      await w.button('action.close', w.dialog()).click();
      await expect(w.page.getByTestId('qr-large-code')).toHaveCount(0);
    },
    focus: (w) => w.button('request.showLarge', w.dialog()),
  },
  {
    name: 'Request money: Close',
    act: async (w) => {
      await w.button('action.close', w.dialog()).click();
      await expect(w.page.locator('dialog')).toHaveCount(0);
    },
    focus: (w) => w.button('request.open'),
  },
  // A payment that comes due: scheduled, saved, its Skip asked and cancelled, then skipped.
  { name: 'Pay: a payment to pay later typed in', act: (w) => w.fillPayment('3100') },
  {
    name: 'Pay: Pay later or repeat',
    act: async (w) => {
      await w.button('schedule.open').click();
      await expect(w.page.getByTestId('schedule-editor')).toBeVisible();
    },
  },
  {
    name: 'Schedule: Save as due payment',
    act: async (w) => {
      await w.button('schedule.save').click();
      await expect(w.page.getByTestId('due-said')).toHaveText(w.t('due.saved'));
    },
    focus: (w) => w.page.getByRole('heading', { name: w.t('due.title') }),
  },
  {
    name: 'Due list: Skip',
    act: async (w) => {
      await w.page
        .getByTestId('due-list')
        .getByRole('button', { name: w.starts('due.skip') })
        .click();
      await expect(w.dialog().getByTestId('due-question')).toBeVisible();
    },
    focus: (w) => w.button('action.cancel', w.dialog()),
  },
  {
    name: 'Skip question: Cancel',
    act: async (w) => {
      await w.button('action.cancel', w.dialog()).click();
      await expect(w.page.locator('dialog')).toHaveCount(0);
    },
    focus: (w) => w.page.getByTestId('due-list').getByRole('button', { name: w.starts('due.skip') }),
  },
  {
    name: 'Due list: Skip, again',
    act: async (w) => {
      await w.page
        .getByTestId('due-list')
        .getByRole('button', { name: w.starts('due.skip') })
        .click();
      await expect(w.dialog().getByTestId('due-question')).toBeVisible();
    },
  },
  {
    name: 'Skip question: Skip it',
    act: async (w) => {
      await w.button('due.skip.confirm', w.dialog()).click();
      // Its one date skipped, the payment is done with, and the list (with what it said) goes.
      await expect(w.page.getByTestId('due-list')).toHaveCount(0);
    },
    focus: (w) => w.page.getByRole('heading', { level: 2, name: w.t('pay.title') }),
  },
  // History.
  {
    name: 'Navigation: History',
    act: async (w) => {
      await w.nav('nav.history').click();
      await expect(w.page.getByTestId('history-row').first()).toBeVisible();
    },
  },
  {
    name: 'History: a text filter typed',
    act: async (w) => {
      await w.page.getByRole('search').getByLabel(w.t('history.text'), { exact: true }).fill('zzz');
      await expect(w.page.getByTestId('history-empty')).toBeVisible();
    },
  },
  {
    name: 'History: a status ticked',
    act: (w) => w.page.getByRole('search').getByRole('checkbox').first().check(),
  },
  {
    name: 'History: Clear filters',
    act: async (w) => {
      await w.button('history.clear', w.page.getByRole('search')).click();
      await expect(w.page.getByTestId('history-row').first()).toBeVisible();
    },
    // It goes with the filters it cleared: the filters take the focus (was the page's body before the fix).
    focus: (w) => w.page.getByRole('search', { name: w.t('history.filters') }),
  },
  {
    name: 'History: a payment opened',
    act: async (w) => {
      await w.page.getByTestId('history-row').first().click();
      await expect(w.detail()).toBeVisible();
    },
  },
  {
    name: 'Payment details: a note typed',
    act: (w) => w.detail().getByTestId('payment-note-text').fill('For the car'),
  },
  {
    name: 'Payment details: Save note',
    act: async (w) => {
      await w.button('history.note.save', w.detail()).click();
      await expect(w.detail().getByText(w.t('history.note.saved'))).toBeVisible();
    },
    focus: (w) => w.detail().getByText(w.t('history.note.saved')),
  },
  {
    name: 'Payment details: Check now, Try again now or Refresh status, whichever is offered',
    act: async (w) => {
      const offered = w
        .button('status.action.checkNow', w.detail())
        .or(w.button('status.action.tryAgain', w.detail()))
        .or(w.button('history.detail.refresh', w.detail()));
      if ((await offered.count()) === 0) {
        test.info().annotations.push({ type: 'not offered', description: 'Check now, Try again now, Refresh status' });
        return;
      }
      test.info().annotations.push({ type: 'pressed', description: (await offered.first().textContent()) ?? '' });
      await offered.first().click();
      await expect(w.detail().getByRole('button', { name: w.t('history.detail.refreshing') })).toHaveCount(0);
    },
  },
  {
    name: 'Payment details: Receipt',
    act: async (w) => {
      await w.button('receipt.open', w.detail()).click();
      await expect(w.dialog().getByTestId('receipt-panel')).toBeVisible();
    },
  },
  {
    name: 'Receipt in the details: Save as PDF',
    act: async (w) => {
      await w.button('receipt.save', w.dialog()).click();
      await expect(w.dialog().getByRole('status')).toHaveText(w.starts('receipt.saved'));
    },
  },
  {
    name: 'Receipt in the details: Close',
    act: async (w) => {
      await w.button('action.close', w.dialog()).click();
      await expect(w.detail()).toBeVisible();
    },
  },
  {
    name: 'Payment details: Close',
    act: async (w) => {
      await w.button('action.close', w.dialog()).click();
      await expect(w.page.locator('dialog')).toHaveCount(0);
    },
    focus: (w) => w.page.getByTestId('history-row').first(),
  },
  {
    name: 'History: Export to CSV',
    act: async (w) => {
      await w.button('history.export').click();
      await expect(w.page.getByText(w.starts('history.exported.other'))).toBeVisible();
    },
  },
  // Profiles.
  {
    name: 'Navigation: Profiles',
    act: async (w) => {
      await w.nav('nav.profiles').click();
      await expect(w.page.getByRole('heading', { level: 2, name: w.t('profiles.title') })).toBeVisible();
    },
  },
  {
    // The shipped profiles are read-only here: the form is opened with Add a profile.
    name: 'Profiles: Add a profile',
    act: async (w) => {
      await w.button('profiles.add').click();
      await expect(w.button('action.cancel')).toBeVisible();
    },
  },
  {
    name: 'Profile form: Cancel',
    act: async (w) => {
      await w.button('action.cancel').click();
      await expect(w.button('action.cancel')).toHaveCount(0);
    },
    focus: (w) => w.button('profiles.add'),
  },
  // Bank calls, the tester's screen.
  {
    name: 'Navigation: Bank calls',
    act: async (w) => {
      await w.nav('nav.calls').click();
      await expect(w.page.getByTestId('call-groups')).toBeVisible();
    },
  },
  {
    name: 'Bank calls: the failed calls chosen',
    act: (w) =>
      w.page
        .getByTestId('calls-filter-outcome')
        .selectOption('failed')
        .then(() => undefined),
  },
  {
    name: 'Bank calls: a payment chosen',
    act: (w) =>
      w.page
        .getByTestId('calls-filter-payment')
        .selectOption({ index: 1 })
        .then(() => undefined),
  },
  {
    name: 'Bank calls: all calls again',
    act: async (w) => {
      await w.page.getByTestId('calls-filter-payment').selectOption('');
      await w.page.getByTestId('calls-filter-outcome').selectOption('all');
    },
  },
  // Settings: the language, the passcode set, changed, the app locked and unlocked.
  {
    name: 'Navigation: Settings',
    act: async (w) => {
      await w.nav('nav.settings').click();
      await expect(w.page.getByTestId('passcode-settings')).toBeVisible();
    },
  },
  {
    name: 'Settings: the other language chosen',
    act: async (w) => {
      const other = w.locale === 'en' ? 'is' : 'en';
      await w.page.getByRole('radio', { name: message(other, `settings.language.${other}`) }).check();
      await expect(w.page.locator('html')).toHaveAttribute('lang', other);
    },
  },
  {
    name: 'Settings: the walk’s language chosen again',
    act: async (w) => {
      await w.page.getByRole('radio', { name: w.t(`settings.language.${w.locale}`) }).check();
      await expect(w.page.locator('html')).toHaveAttribute('lang', w.locale);
    },
  },
  {
    name: 'Settings: a new passcode typed twice',
    act: async (w) => {
      await w.page.getByTestId('passcode-new').fill(PASSCODE);
      await w.page.getByTestId('passcode-repeat').fill(PASSCODE);
    },
  },
  {
    name: 'Settings: Set passcode',
    act: async (w) => {
      await w.button('lock.set', w.page.getByTestId('passcode-settings')).click();
      await expect(w.page.getByTestId('passcode-done')).toHaveText(w.t('lock.settings.setDone'));
    },
    focus: (w) => w.page.getByTestId('passcode-done'),
  },
  {
    name: 'Settings: Change passcode (opens the form)',
    act: async (w) => {
      await w.button('lock.change', w.page.getByTestId('passcode-settings')).first().click();
      await expect(w.page.getByTestId('passcode-current')).toBeVisible();
    },
  },
  {
    name: 'Settings: the current and a new passcode typed',
    act: async (w) => {
      await w.page.getByTestId('passcode-current').fill(PASSCODE);
      await w.page.getByTestId('passcode-new').fill(NEW_PASSCODE);
      await w.page.getByTestId('passcode-repeat').fill(NEW_PASSCODE);
    },
  },
  {
    name: 'Settings: Change passcode (the form’s)',
    act: async (w) => {
      await w.page.getByTestId('passcode-repeat').locator('xpath=ancestor::form').getByRole('button').click();
      await expect(w.page.getByTestId('passcode-done')).toHaveText(w.t('lock.settings.changeDone'));
    },
    focus: (w) => w.page.getByTestId('passcode-done'),
  },
  {
    name: 'Settings: Lock',
    act: async (w) => {
      await w.button('lock.lockNow', w.page.getByTestId('passcode-settings')).click();
      await expect(w.page.getByTestId('lock-title')).toBeVisible();
    },
  },
  {
    name: 'Lock screen: the passcode typed',
    act: (w) => w.page.getByLabel(w.t('lock.passcode'), { exact: true }).fill(NEW_PASSCODE),
  },
  {
    name: 'Lock screen: Unlock',
    act: async (w) => {
      await w.button('lock.unlock').click();
      await expect(w.page.getByTestId('passcode-settings')).toBeVisible();
    },
  },
];

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

async function walk(w: Walk): Promise<void> {
  for (const [index, step] of STEPS.entries()) {
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

test.describe('the focus never falls to the page', () => {
  // A step whose control is not there fails in seconds, not at the test's minute.
  test.use({ actionTimeout: 10_000 });
  for (const locale of ['en', 'is'] as const) {
    test(`every action of every screen, walked in ${locale === 'en' ? 'English' : 'Icelandic'}`, async ({
      wallet,
      harness,
      context,
    }) => {
      test.setTimeout(60_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await harness.core.value('updateSettings', { language: locale });
      await wallet.page.reload();
      await expect(wallet.page.locator('html')).toHaveAttribute('lang', locale);
      await walk(new Walk(wallet, context, harness, locale));
    });
  }
});
