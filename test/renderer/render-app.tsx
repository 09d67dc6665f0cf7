import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { OwnAccountInput } from '../../common/address-book.ts';
import type { InvokeChannel, ResponseOf, WalletApi } from '../../common/bridge-contract.ts';
import type { Result } from '../../common/result.ts';
import type { LanguageChoice } from '../../common/settings.ts';
import { shippedProfiles } from '../../main/profiles/builtin-profiles.ts';
import { App } from '../../renderer/src/App.tsx';
import { createAppStore } from '../../renderer/src/state/app-store.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { inProcessWallet, type InProcessWallet, type InProcessWalletOptions } from '../support/in-process-wallet.ts';

/**
 * The component tests' wallet is the real core (test/support/in-process-wallet.ts): one sandbox bank per test file,
 * and for each test a fresh core on a fresh data folder, with the bank reset and its clock back at the file's start.
 * What a test needs before the app opens it does through the core, as a customer would have done earlier.
 */
export interface OpenOptions extends Omit<InProcessWalletOptions, 'sandbox'> {
  /** Signs in at the bank first, as this sandbox user. */
  signedInAs?: string;
  /** Own accounts added after signing in. */
  accounts?: OwnAccountInput[];
  language?: LanguageChoice;
}

/** Anna's payment account, as the pay tests add it. */
export const ANNAS_ACCOUNT: OwnAccountInput = { accountNumber: '0133-26-012345', label: 'Main' };

export function walletsPerTest(now: string): {
  open(options?: OpenOptions): Promise<InProcessWallet>;
  sandbox(): Sandbox;
} {
  let sandbox: Sandbox | undefined;
  const opened: InProcessWallet[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ now });
  });
  afterEach(async () => {
    // The app first, so nothing it still has on its way reaches a core that is closing.
    cleanup();
    await Promise.all(opened.splice(0).map((core) => core.close()));
    sandbox?.reset();
    sandbox?.clock.set(now);
  });
  afterAll(() => sandbox?.stop());
  const bank = () => {
    if (!sandbox) throw new Error('The sandbox starts before the tests');
    return sandbox;
  };
  // What the app ships without a vendor preset: the three built-in profiles, editable.
  const { profiles, allowEdit } = shippedProfiles();

  return {
    sandbox: bank,
    async open(options = {}) {
      const { signedInAs, accounts = [], language, ...rest } = options;
      const core = await inProcessWallet({
        ...rest,
        platform: { shipped: { profiles, allowEdit }, ...rest.platform },
        sandbox: bank(),
      });
      opened.push(core);
      if (language) await core.value('updateSettings', { language });
      if (signedInAs) {
        core.as(signedInAs);
        await core.value('signIn');
      }
      for (const account of accounts) await core.value('saveAccount', account);
      return core;
    },
  };
}

/** Renders the whole app over the core's `window.wallet` and waits until it has loaded (or shows its lock screen). */
export async function renderApp(core: { api: WalletApi }) {
  const user = person();
  const store = createAppStore(core.api);
  const view = render(<App wallet={core.api} store={store} />);
  // Loaded: the app, or its lock screen when a passcode is set and the app is locked.
  await screen.findByTestId(/^(app-name|lock-screen)$/);
  return { user, store, ...view };
}

type User = ReturnType<typeof userEvent.setup>;
export type Person = User & { pressDisabled: User['click'] };

/** A control that cannot be pressed: disabled, or off while it works with the focus kept on it (aria-disabled). */
const OFF = ':disabled, [aria-disabled="true"]';

/**
 * user-event presses a disabled control without a word, and nothing happens: a test that pressed a button an instant
 * before the app enabled it (main's answer still on its way) went on as if it had been pressed. A person waits until
 * the control can be pressed (or typed in, chosen from, or given a file), as Playwright does: so do these, and a
 * control that stays disabled fails the test, named. A test that means to press a disabled control says so with
 * `user.pressDisabled`, which fails if the control is enabled.
 */
export function person(options?: Parameters<typeof userEvent.setup>[0]): Person {
  const user = userEvent.setup(options);
  /** The control a press or a keystroke on `target` acts on: itself or the one it is inside, or a label's. */
  const controlOf = (target: Element) =>
    target instanceof HTMLLabelElement && target.control
      ? target.control
      : target.closest('button, input, select, textarea, fieldset');
  const enabled = (target: Element) =>
    waitFor(() => {
      const control = controlOf(target);
      if (control?.matches(OFF))
        throw new Error(`stays disabled, so it cannot be pressed: ${control.outerHTML.slice(0, 160)}`);
    });
  const whenEnabled =
    <T extends Element, A extends unknown[]>(act: (target: T, ...rest: A) => Promise<void>) =>
    async (target: T, ...rest: A) => {
      await enabled(target);
      await act(target, ...rest);
    };
  return {
    ...user,
    click: whenEnabled(user.click),
    dblClick: whenEnabled(user.dblClick),
    tripleClick: whenEnabled(user.tripleClick),
    type: whenEnabled(user.type),
    clear: whenEnabled(user.clear),
    selectOptions: whenEnabled(user.selectOptions),
    upload: whenEnabled(user.upload),
    // What the test says is disabled is: a press that reaches an enabled control would test something else.
    pressDisabled: async (target) => {
      expect(controlOf(target)?.matches(OFF), 'pressDisabled on a control that is enabled').toBe(true);
      await user.click(target);
    },
  };
}

/**
 * The pay screen's result once main has answered the send (or the check) the window started: the result shows at
 * once with the payment being sent, and its state is final for this call only when nothing is in flight.
 */
export async function answeredResult(): Promise<HTMLElement> {
  const result = await screen.findByTestId('pay-result');
  await waitFor(() => expect(within(result).getByTestId('payment-status').getAttribute('aria-busy')).toBeNull());
  return result;
}

/**
 * The core's `window.wallet` with one channel answered otherwise: only for what main cannot be brought to answer
 * here (a refusal no sandbox user causes, a value only a newer main would send). `answer` gets the real call, to
 * make or not; every other channel stays main's.
 */
export function answering<C extends InvokeChannel>(
  api: WalletApi,
  channel: C,
  answer: (real: () => Promise<Result<ResponseOf<C>>>) => Promise<Result<ResponseOf<C>>>,
): WalletApi {
  const real = api[channel] as (request?: unknown) => Promise<Result<ResponseOf<C>>>;
  return { ...api, [channel]: (request?: unknown) => answer(() => real(request)) };
}

/** axe finds nothing serious or critical in what the container shows. */
export async function expectAxeClean(container: HTMLElement) {
  // jsdom computes no colours: contrast is checked in the browser, not here.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
