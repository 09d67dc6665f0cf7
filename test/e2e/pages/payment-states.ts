import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { ANNA_ACCOUNT, type Payment, type WalletPage } from './wallet-page.ts';
import { screenshotDirs } from './screenshot-dirs.ts';

const root = join(import.meta.dirname, '..', '..', '..');

export type Language = 'en' | 'is';

/** The states of issue 25 that the specs reach (common/payment-status.ts's SHOWN_STATES). */
export type Shown =
  | 'notSent'
  | 'awaitingPasscode'
  | 'sending'
  | 'slow'
  | 'accepted'
  | 'settled'
  | 'unknown'
  | 'unknownTooLate'
  | 'unknownStopped'
  | 'unknownRestored'
  | 'declaredPaid'
  | 'dropped';

/**
 * The table's actions by their buttons: `checkNow` is "Check now" on a payment the bank took (a GET) and "Try again
 * now" (`tryAgain`) on one whose outcome is unknown (the same request id sent again, issue 38).
 */
export type StatusAction =
  'send' | 'dontSend' | 'checkNow' | 'tryAgain' | 'stopTrying' | 'declarePaid' | 'declareNotPaid';

/**
 * What the customer reads, written out here and not imported from the renderer's messages: the specs check the app's
 * words against the issue's, so a changed word in renderer/src/i18n/messages fails them.
 */
export interface StateWords {
  signIn: string;
  addAnAccount: string;
  addAccount: string;
  yourAccount: string;
  review: string;
  reviewTitle: string;
  pay: RegExp;
  navPay: string;
  navHistory: RegExp;
  presenceTitle: string;
  passcode: string;
  confirmAndPay: string;
  cancel: string;
  detailTitle: string;
  title: Record<Shown, string>;
  action: Record<StatusAction, string>;
  /** The line that says when the app asks the bank again by itself (a payment the bank took). */
  nextCheck: RegExp;
  /** The line that says when the app sends an unknown payment again by itself (the same request id). */
  nextTry: RegExp;
  /** An unknown payment's text: until when the app tries, and not to pay another way meanwhile. */
  triesUntil: RegExp;
  payNoOtherWay: string;
  /** "Stop trying" asks first: its title and its two answers. */
  stopTitle: string;
  stopConfirm: string;
  stopKeep: string;
  /** The History badge of a payment a backup said was completed. */
  settledFromBackup: string;
  /** The meter's line for 1.500 kr. held by a payment not sent yet. */
  held1500: string;
  /** The meter's whole limit left (nothing used). */
  allLeft: string;
  uncertain: RegExp;
  /** "the same request id": the slow state says the app keeps trying with it. */
  sameRequestId: string;
  /** What must never show while a payment is on its way. */
  nothingSent: string;
  /** The duplicate warning of an earlier payment whose outcome is not known, and the one of a paid one. */
  duplicateUnknown: RegExp;
  youPaid: RegExp;
  /** The state's name in History for a payment the customer said went through. */
  declaredPaidBadge: string;
  /** The title of the desktop notice when a lost answer became known by itself. */
  outcomeNotice: RegExp;
}

export const STATE_WORDS: Record<Language, StateWords> = {
  en: {
    signIn: 'Sign in',
    addAnAccount: 'Add an account',
    addAccount: 'Add account',
    yourAccount: 'Your account',
    review: 'Review payment',
    reviewTitle: 'Review the payment',
    pay: /^Pay ISK/,
    navPay: 'Pay',
    navHistory: /^History/,
    presenceTitle: 'Confirm with the app’s passcode',
    passcode: 'Passcode',
    confirmAndPay: 'Confirm and pay',
    cancel: 'Cancel',
    detailTitle: 'Payment details',
    title: {
      notSent: 'Confirmed, not sent',
      awaitingPasscode: 'Waiting for the app’s passcode',
      sending: 'Sending the payment…',
      slow: 'The bank is slow to answer',
      accepted: 'Payment sent',
      settled: 'Payment sent',
      unknown: 'We do not know yet whether the payment went through',
      unknownTooLate: 'The app can no longer ask the bank',
      unknownStopped: 'You stopped the app from trying',
      unknownRestored: 'From a backup: look in your online banking',
      declaredPaid: 'Went through, by your word',
      dropped: 'Not sent: you dropped it',
    },
    action: {
      send: 'Send it',
      dontSend: 'Don’t send',
      checkNow: 'Check now',
      tryAgain: 'Try again now',
      stopTrying: 'Stop trying',
      declarePaid: 'It went through',
      declareNotPaid: 'It did not go through',
    },
    nextCheck: /^The app asks the bank again by itself at \d{1,2}[:.]\d{2}/,
    nextTry: /^The app tries to send it again by itself at \d{1,2}[:.]\d{2}/,
    triesUntil:
      /Until .* at \d{1,2}:\d{2}(:\d{2})?( [AP]M)? the app tries to send this payment again by itself, with the same request id/,
    payNoOtherWay: 'Do not pay it another way while the app tries.',
    stopTitle: 'Stop trying to send this payment?',
    stopConfirm: 'Yes, stop trying',
    stopKeep: 'Keep trying',
    settledFromBackup: 'Paid (from a backup)',
    held1500: 'ISK 1,500 of it is held by a payment not sent yet.',
    allLeft: 'ISK 200,000 of ISK 200,000 left today',
    uncertain: /^ISK\s1,500 of it is for payments on their way or whose outcome is not known\.$/,
    sameRequestId: 'keeps trying with the same request id',
    nothingSent: 'Nothing has been sent',
    duplicateUnknown: /The outcome of a payment of ISK\s1,500 to this payee on .* is not known/,
    youPaid: /You paid/,
    declaredPaidBadge: 'Went through (your word)',
    outcomeNotice: /^(Payment completed|Payment went through)$/,
  },
  is: {
    signIn: 'Skrá inn',
    addAnAccount: 'Bæta við reikningi',
    addAccount: 'Bæta við',
    yourAccount: 'Reikningurinn þinn',
    review: 'Yfirfara greiðslu',
    reviewTitle: 'Yfirfarðu greiðsluna',
    pay: /^Greiða \d/,
    navPay: 'Greiða',
    navHistory: /^Saga/,
    presenceTitle: 'Staðfestu með aðgangskóða forritsins',
    passcode: 'Aðgangskóði',
    confirmAndPay: 'Staðfesta og greiða',
    cancel: 'Hætta við',
    detailTitle: 'Upplýsingar um greiðslu',
    title: {
      notSent: 'Staðfest en ekki send',
      awaitingPasscode: 'Beðið eftir aðgangskóða forritsins',
      sending: 'Greiðslan er í sendingu…',
      slow: 'Bankinn er lengi að svara',
      accepted: 'Greiðsla send',
      settled: 'Greiðsla send',
      unknown: 'Ekki er enn vitað hvort greiðslan fór í gegn',
      unknownTooLate: 'Forritið getur ekki lengur spurt bankann',
      unknownStopped: 'Þú lést forritið hætta að reyna',
      unknownRestored: 'Úr afriti: athugaðu netbankann þinn',
      declaredPaid: 'Fór í gegn, að þinni sögn',
      dropped: 'Ekki send: þú hættir við hana',
    },
    action: {
      send: 'Senda hana',
      dontSend: 'Ekki senda',
      checkNow: 'Athuga núna',
      tryAgain: 'Reyna aftur núna',
      stopTrying: 'Hætta að reyna',
      declarePaid: 'Hún fór í gegn',
      declareNotPaid: 'Hún fór ekki í gegn',
    },
    nextCheck: /^Forritið spyr bankann sjálft aftur kl\. \d{1,2}[:.]\d{2}/,
    nextTry: /^Forritið reynir sjálft að senda hana aftur kl\. \d{1,2}[:.]\d{2}/,
    triesUntil:
      /Til .* kl\. \d{1,2}:\d{2}(:\d{2})? reynir forritið sjálft að senda greiðsluna aftur með sama auðkenni beiðninnar/,
    payNoOtherWay: 'Ekki greiða hana á annan hátt á meðan forritið reynir.',
    stopTitle: 'Hætta að reyna að senda greiðsluna?',
    stopConfirm: 'Já, hætta að reyna',
    stopKeep: 'Halda áfram að reyna',
    settledFromBackup: 'Greidd (úr afriti)',
    held1500: 'Þar af eru 1.500 kr. fráteknar fyrir greiðslu sem er ekki send enn.',
    allLeft: '200.000 kr. af 200.000 kr. eftir í dag',
    uncertain: /^Þar af eru 1\.500\skr\. fyrir greiðslur á leiðinni eða með óvissa niðurstöðu\.$/,
    sameRequestId: 'reynir áfram með sama auðkenni beiðninnar',
    nothingSent: 'Ekkert hefur verið sent',
    duplicateUnknown: /Ekki er vitað hvort greiðsla til þessa viðtakanda \(1\.500\skr\.\) þann .* fór í gegn/,
    youPaid: /Þú greiddir/,
    declaredPaidBadge: 'Fór í gegn (að þinni sögn)',
    outcomeNotice: /^(Greiðslu lokið|Greiðsla fór í gegn)$/,
  },
};

/** What the page showed of a payment while a recording ran (see `record`). */
export interface Recording {
  /** Each shown state in turn (data-shown of the payment's status), without repeats. */
  shown: string[];
  /** The shown states during which the page said that nothing has been sent. */
  saidNothingSent: string[];
}

/**
 * The states of a payment as the customer sees them (issue 25), in either language: the pay screen's result and a
 * payment's details in History show one payment's status (components/PaymentStatus.tsx) with the actions of its row.
 */
export class PaymentStatesPage {
  readonly wallet: WalletPage;
  readonly page: Page;
  readonly language: Language;
  readonly words: StateWords;

  constructor(wallet: WalletPage, language: Language) {
    this.wallet = wallet;
    this.page = wallet.page;
    this.language = language;
    this.words = STATE_WORDS[language];
  }

  /** Signs in at the bank's tab and adds the account the customer pays from, in the app's language. */
  async signInWithAccount(context: BrowserContext, username = 'anna', account = ANNA_ACCOUNT): Promise<void> {
    await this.wallet.signIn(context, username, this.words.signIn);
    await expect(this.page.getByTestId('owner')).toBeVisible();
    const number = this.page.getByTestId('new-account-number');
    if (!(await number.isVisible())) await this.page.getByText(this.words.addAnAccount).click();
    await number.fill(account);
    await this.page.getByRole('button', { name: this.words.addAccount, exact: true }).click();
    await expect(this.page.getByLabel(this.words.yourAccount)).toHaveValue(account.replaceAll('-', ''));
  }

  async review(payment: Payment): Promise<void> {
    await this.wallet.fillPayment(payment);
    await this.page.getByRole('button', { name: this.words.review }).click();
    await expect(this.page.getByRole('heading', { name: this.words.reviewTitle })).toBeVisible();
  }

  /** Presses Pay on the review; the result shows what happens. */
  async pay(): Promise<void> {
    await this.page.getByRole('button', { name: this.words.pay }).click();
    await expect(this.page.getByTestId('pay-result')).toBeVisible();
  }

  async payTo(payment: Payment): Promise<void> {
    await this.review(payment);
    await this.pay();
  }

  async go(screen: 'pay' | 'history'): Promise<void> {
    const name = screen === 'pay' ? this.words.navPay : this.words.navHistory;
    await this.page
      .getByRole('navigation')
      .getByRole('button', { name, exact: screen === 'pay' })
      .click();
  }

  /** The one payment's status on screen: the result's, or the open details'. */
  status(): Locator {
    return this.page.getByTestId('payment-status');
  }

  /** The status shows this state: its data-shown, and the heading in the customer's words. */
  async expectShown(state: Shown): Promise<void> {
    const status = this.status();
    await expect(status).toHaveAttribute('data-shown', state);
    await expect(status.getByRole('heading', { level: 3 })).toHaveText(this.words.title[state]);
  }

  /** The status's text (role=status). */
  text(): Locator {
    return this.status().getByTestId('status-text');
  }

  /** Where the payment's actions are: the pay screen's result, or the open details (its own buttons too). */
  scope(): Locator {
    return this.page.getByTestId('payment-detail').or(this.page.getByTestId('pay-result'));
  }

  action(action: StatusAction): Locator {
    return this.scope().getByRole('button', { name: this.words.action[action], exact: true });
  }

  /** Exactly these of the table's own actions are offered (the screen's own buttons aside). */
  async expectActions(actions: readonly StatusAction[]): Promise<void> {
    for (const action of Object.keys(this.words.action) as StatusAction[]) {
      if (actions.includes(action)) await expect(this.action(action)).toBeVisible();
      else await expect(this.action(action)).toHaveCount(0);
    }
  }

  meter(): Locator {
    return this.page.getByTestId('limit-meter');
  }

  /** Opens the newest payment's details in History. */
  async openNewestInHistory(): Promise<Locator> {
    await this.go('history');
    await this.page.getByTestId('history-row').first().click();
    const detail = this.page.getByTestId('payment-detail');
    await expect(this.page.getByRole('dialog', { name: this.words.detailTitle })).toBeVisible();
    await expect(detail).toBeVisible();
    return detail;
  }

  /** "Stop trying?", asked before the app stops trying to send a payment. */
  stopDialog(): Locator {
    return this.page.getByRole('dialog', { name: this.words.stopTitle });
  }

  /** Presses Stop trying and says yes: the payment is shown as stopped, its heading focused. */
  async stopTrying(): Promise<void> {
    await this.action('stopTrying').click();
    const dialog = this.stopDialog();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: this.words.stopKeep })).toBeFocused();
    await dialog.getByRole('button', { name: this.words.stopConfirm }).click();
    await expect(dialog).toBeHidden();
    await this.expectShown('unknownStopped');
    await expect(this.status().getByRole('heading', { level: 3 })).toBeFocused();
  }

  /** The passcode prompt of a payment waiting for it. */
  presencePrompt(): Locator {
    return this.page.getByRole('dialog', { name: this.words.presenceTitle });
  }

  /**
   * Starts noting, in the page, every state the payment's status shows and whether the page says that nothing has
   * been sent while it does (a MutationObserver: nothing is missed between two polls of the test).
   */
  async record(): Promise<void> {
    await this.page.evaluate((nothingSent) => {
      const seen: { shown: string[]; saidNothingSent: string[] } = { shown: [], saidNothingSent: [] };
      (window as unknown as { __paymentStates: typeof seen }).__paymentStates = seen;
      const note = () => {
        const status = document.querySelector('[data-testid="payment-status"]');
        const shown = status?.getAttribute('data-shown');
        if (!shown) return;
        if (seen.shown.at(-1) !== shown) seen.shown.push(shown);
        if (document.body.textContent?.includes(nothingSent) && !seen.saidNothingSent.includes(shown)) {
          seen.saidNothingSent.push(shown);
        }
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      note();
    }, this.words.nothingSent);
  }

  async recorded(): Promise<Recording> {
    return this.page.evaluate(() => (window as unknown as { __paymentStates: Recording }).__paymentStates);
  }

  /**
   * A picture of the window as it is (the app's default window, 1024 x 760, not the whole page): kept as a test
   * artifact, and with UPDATE_SCREENSHOTS=1 also into docs/screenshots for the README. Icelandic ones end in
   * "-icelandic".
   */
  async screenshot(name: string): Promise<void> {
    const file = `${name}${this.language === 'is' ? '-icelandic' : ''}.png`;
    const dirs = screenshotDirs(root);
    for (const dir of dirs) {
      mkdirSync(dir, { recursive: true });
      await this.page.screenshot({ path: join(dir, file), animations: 'disabled', caret: 'hide' });
    }
  }
}
