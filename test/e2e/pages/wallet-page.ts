import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { screenshotDirs } from './screenshot-dirs.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/** Anna's current account in the sandbox, and Björn as a payee: the usual payment of the specs. */
export const ANNA_ACCOUNT = '0133-26-012345';
export const BJORN = { kennitala: '050792-2189', account: '0133-26-020001', name: 'Björn' };

export interface Payment {
  kennitala: string;
  account: string;
  amount: string;
  name?: string;
}

/**
 * The wallet as a person uses it, shared by the browser and the Electron specs: each method is one thing a
 * customer does or sees. Sign-in needs a browser tab for the bank, so it takes the page's context.
 */
export class WalletPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByTestId('app-name')).toBeVisible();
  }

  /** Clicks "Sign in" (or another sign-in button) and completes the bank's login in the new tab. */
  async signIn(context: BrowserContext, username: string, button = 'Sign in'): Promise<void> {
    const tab = context.waitForEvent('page');
    await this.page.getByRole('button', { name: button }).first().click();
    const bank = await tab;
    await bank.getByLabel('Username').fill(username);
    await bank.getByLabel('Password').fill('sandbox');
    await bank.getByRole('button', { name: 'Log in' }).click();
    await bank.getByRole('button', { name: 'Allow' }).click();
    await bank.waitForLoadState();
    await bank.close();
  }

  async expectSignedIn(name: string): Promise<void> {
    await expect(this.page.getByTestId('signed-in-as')).toContainText(name);
  }

  async addOwnAccount(accountNumber: string): Promise<void> {
    await expect(this.page.getByTestId('owner')).toBeVisible();
    const number = this.page.getByTestId('new-account-number');
    // The form opens "Add an account" by itself while the customer has none; otherwise it is folded.
    if (!(await number.isVisible())) await this.page.getByText('Add an account').click();
    await expect(number).toBeVisible();
    await number.fill(accountNumber);
    await this.page.getByRole('button', { name: 'Add account' }).click();
    await expect(this.page.getByLabel('Your account')).toHaveValue(accountNumber.replaceAll('-', ''));
  }

  /** Signs in and adds the account the customer pays from: where every payment test starts. */
  async signInWithAccount(context: BrowserContext, username: string, account = ANNA_ACCOUNT): Promise<void> {
    await this.signIn(context, username);
    await this.addOwnAccount(account);
  }

  /** Fills the form, reviews and pays: the whole way to the result screen. */
  async payTo(payment: Payment): Promise<void> {
    await this.fillPayment(payment);
    await this.review();
    await this.pay();
  }

  async fillPayment(payment: Payment): Promise<void> {
    await this.page.getByTestId('deposit-kennitala').fill(payment.kennitala);
    await this.page.getByTestId('deposit-account').fill(payment.account);
    if (payment.name) await this.page.getByTestId('payee-name').fill(payment.name);
    await this.page.getByTestId('amount').fill(payment.amount);
    await this.page.getByTestId('amount').blur();
  }

  async review(): Promise<void> {
    await this.page.getByRole('button', { name: 'Review payment' }).click();
    await expect(this.page.getByRole('heading', { name: 'Review the payment' })).toBeVisible();
  }

  async pay(): Promise<void> {
    await this.page.getByRole('button', { name: /^Pay ISK/ }).click();
    await expect(this.page.getByTestId('pay-result')).toBeVisible();
  }

  async expectResult(state: string | RegExp): Promise<void> {
    await expect(this.page.getByTestId('pay-result')).toHaveAttribute('data-state', state);
  }

  async go(screen: 'Pay' | 'History' | 'Profiles' | 'Settings'): Promise<void> {
    await this.page.getByRole('navigation').getByRole('button', { name: screen }).click();
  }

  /** No serious or critical accessibility violation on what is on screen now. */
  async expectAccessible(): Promise<void> {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  }

  /**
   * A screenshot kept as a test artifact; with UPDATE_SCREENSHOTS=1 also into docs/screenshots for the README. The
   * whole page, or with `window` only what the window shows as it is scrolled now.
   */
  async screenshot(name: string, options: { window?: boolean } = {}): Promise<void> {
    const dirs = screenshotDirs(root);
    // A modal covers the viewport only: the page behind it is not worth a full-length picture.
    const fullPage = !options.window && (await this.page.locator('[aria-modal="true"]').count()) === 0;
    for (const dir of dirs) {
      mkdirSync(dir, { recursive: true });
      await this.page.screenshot({ path: join(dir, `${name}.png`), fullPage, animations: 'disabled' });
    }
  }
}
