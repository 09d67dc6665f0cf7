import { expect, test } from '../browser/fixtures.ts';
import { message, type Step } from './focus-walk.ts';

const PASSCODE = '482916-blár-hestur';
const NEW_PASSCODE = '735102-grænn-fugl';

/** The focus walk's steps on the other screens: History, Profiles, Bank calls, Settings and the lock. */
export const SCREEN_STEPS: Step[] = [
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
