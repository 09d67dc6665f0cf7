import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../common/bridge-contract.ts';
import { LIMIT_EFFECT } from '../../common/payment-rules.ts';
import { PAYMENT_STATUS, shownState, type PaymentAction, type ShownState } from '../../common/payment-status.ts';
import { formatAmount } from '../../renderer/src/i18n/format.ts';
import { translate, type MessageKey } from '../../renderer/src/i18n/index.ts';
import { INITIATIONS_PATH } from '../../sandbox/index.ts';
import { NOON, type InProcessWallet } from '../support/in-process-wallet.ts';
import { ACTION_LABELS, actionLabel } from '../../renderer/src/components/PaymentStatus.tsx';
import { ANNAS_ACCOUNT, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 25, model-based: random sequences of what a customer and the world do (pay, cancel the passcode prompt, send
 * it, drop it, the bank losing answers, the clock moving, check now, the customer's word, signing out and in) walk
 * the real core under the real window. After every step, what the result screen says and offers is its payment's row
 * of the one table (common/payment-status.ts), read from main's own view of that payment, and the limit meter's
 * parts are the table's sums over today's payments. Issue 38: "Stop trying" is pressed too (and confirmed), and once
 * a payment is stopped, no POST of its request id reaches the bank again, whatever the model does after.
 */
const wallets = walletsPerTest(NOON);
const PASSCODE = '482916';
type Language = 'en' | 'is';
type User = Awaited<ReturnType<typeof renderApp>>['user'];

/** The table's actions that the result offers as its buttons (the prompt's and the form's are not there). */
const ON_RESULT = new Set(
  Object.keys(ACTION_LABELS).filter((action) => !['review', 'enterPasscode', 'cancel'].includes(action)),
);
/** What the result's button of an action is called in a shown state, if the result offers it. */
const labelOf = (action: PaymentAction, shown: ShownState): MessageKey | undefined =>
  ON_RESULT.has(action) ? actionLabel(action, shown) : undefined;

type Step =
  | { kind: 'pay'; amount: number; bank: 'answers' | 'losesOnce' | 'losesAlways'; prompt: 'enter' | 'cancel' }
  | { kind: 'press'; action: PaymentAction }
  | { kind: 'clock'; seconds: number }
  | { kind: 'signOutAndIn' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    amount: fc.constantFrom(1500, 7000, 60_000),
    bank: fc.constantFrom('answers' as const, 'losesOnce' as const, 'losesAlways' as const),
    prompt: fc.constantFrom('enter' as const, 'cancel' as const),
  }),
  fc.record({
    kind: fc.constant('press' as const),
    action: fc.constantFrom<PaymentAction>(
      'send',
      'dontSend',
      'checkNow',
      'stopTrying',
      'declarePaid',
      'declareNotPaid',
      'newPayment',
    ),
  }),
  fc.record({ kind: fc.constant('clock' as const), seconds: fc.constantFrom(20, 61, 3600, 25 * 3600) }),
  fc.constant({ kind: 'signOutAndIn' as const }),
);

const t = (language: Language, key: MessageKey, params?: Record<string, string | number>) =>
  translate(language, key, params);

async function settle(core: InProcessWallet): Promise<void> {
  await act(() => core.wallet.idle());
  await waitFor(() => expect(screen.queryByTestId('payment-status')?.getAttribute('aria-busy') ?? null).toBeNull());
}

/** The passcode prompt, if it opened: entered, or cancelled. */
async function answerPrompt(user: User, language: Language, how: 'enter' | 'cancel'): Promise<void> {
  const prompt = screen.queryByRole('dialog', { name: t(language, 'lock.presenceTitle') });
  if (!prompt) return;
  if (how === 'cancel') {
    await user.click(within(prompt).getByRole('button', { name: t(language, 'action.cancel') }));
    return;
  }
  await user.type(within(prompt).getByLabelText(t(language, 'lock.passcode')), PASSCODE);
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: t(language, 'lock.presenceTitle') })).toBeNull());
}

async function run(core: InProcessWallet, user: User, language: Language, next: Step): Promise<void> {
  const sandbox = wallets.sandbox();
  switch (next.kind) {
    case 'pay': {
      const form = screen.queryByTestId('amount');
      if (!form) {
        // Only from the form: a result on screen is left with New payment first (its own step).
        return;
      }
      sandbox.faults.clear();
      if (next.bank === 'losesOnce') sandbox.faults.add({ route: 'payments.create', kind: 'dropAfterProcessing' });
      if (next.bank === 'losesAlways') {
        sandbox.faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 1000 });
      }
      await user.clear(screen.getByTestId('deposit-kennitala'));
      await user.type(screen.getByTestId('deposit-kennitala'), '050792-2189');
      await user.clear(screen.getByTestId('deposit-account'));
      await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
      await user.clear(screen.getByTestId('amount'));
      await user.type(screen.getByTestId('amount'), String(next.amount));
      await user.click(screen.getByRole('button', { name: t(language, 'pay.review') }));
      const review = await screen.findByRole('region', { name: t(language, 'review.title') }).catch(() => undefined);
      // Over what is left today: the form says so, and nothing is reviewed.
      if (!review) return;
      const ack = within(review).queryByRole('checkbox');
      if (ack) await user.click(ack);
      const pay = within(review).getByRole('button', {
        name: t(language, 'review.pay', { amount: formatAmount(next.amount, language) }),
      });
      await user.click(pay);
      await screen.findByTestId('pay-result');
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: t(language, 'lock.presenceTitle') }) ??
            screen.getByTestId('payment-status').getAttribute('aria-busy'),
        ).not.toBe('true'),
      );
      await answerPrompt(user, language, next.prompt);
      return;
    }
    case 'press': {
      const status = screen.queryByTestId('payment-status');
      const label = status ? labelOf(next.action, status.dataset['shown'] as ShownState) : undefined;
      if (!status || !label) return;
      const button = within(status).queryByRole('button', { name: t(language, label) });
      if (!button) return;
      await user.click(button);
      // Stop trying asks first: the model says yes.
      if (next.action === 'stopTrying') {
        const confirm = screen.queryByRole('dialog', { name: t(language, 'status.stop.title') });
        if (confirm) {
          await user.click(within(confirm).getByRole('button', { name: t(language, 'status.stop.confirm') }));
        }
      }
      await waitFor(() => expect(screen.queryByTestId('payment-status')?.getAttribute('aria-busy') ?? null).toBeNull());
      await answerPrompt(user, language, 'enter');
      return;
    }
    case 'clock': {
      sandbox.clock.advanceSeconds(next.seconds);
      await act(() => core.wallet.idle());
      // Long enough without use, the app locks itself: the customer unlocks it.
      const lock = screen.queryByTestId('lock-screen');
      if (lock) {
        await user.type(within(lock).getByLabelText(t(language, 'lock.passcode')), PASSCODE);
        await user.keyboard('{Enter}');
        await waitFor(() => expect(screen.queryByTestId('lock-screen')).toBeNull());
      }
      return;
    }
    case 'signOutAndIn':
      await user.click(screen.getByRole('button', { name: t(language, 'session.signOut') }));
      await user.click(await screen.findByRole('button', { name: t(language, 'signIn.button') }));
      await screen.findByRole('button', { name: t(language, 'session.signOut') });
      return;
  }
}

/** The POSTs of a request id the bank has seen so far. */
const postsOf = (requestId: string) =>
  wallets
    .sandbox()
    .requests()
    .filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH && entry.requestId === requestId)
    .length;

/**
 * After each step: the result is its payment's row, and the meter is the table's sums. `stopped` holds, for each
 * payment the customer stopped, how many POSTs of its request id the bank had seen when it was first seen stopped:
 * never one more after (issue 38).
 */
async function check(core: InProcessWallet, language: Language, stopped: Map<string, number>): Promise<void> {
  await settle(core);
  const payments = (await core.value('historyPage', { limit: 1000 })).items;
  for (const payment of payments) {
    if (payment.sendsStopped?.by === 'customer' && !stopped.has(payment.requestId)) {
      stopped.set(payment.requestId, postsOf(payment.requestId));
    }
  }
  for (const [requestId, posts] of stopped) expect(postsOf(requestId), `POSTs of ${requestId} after Stop`).toBe(posts);
  const status = screen.queryByTestId('payment-status');
  if (status) {
    const requestId = screen.getByTestId('request-id').textContent;
    const payment = payments.find((candidate) => candidate.requestId === requestId) as PaymentView;
    const shown = shownState(payment);
    await waitFor(() => expect(status.dataset['shown']).toBe(shown));
    expect(within(status).getByRole('heading', { level: 3 }).textContent).toBe(
      t(language, `status.${shown}.title` as MessageKey),
    );
    const offered = within(status)
      .queryAllByRole('button')
      .map((button) => button.textContent);
    const expected = PAYMENT_STATUS[shown].actions.flatMap((action) => {
      const label = labelOf(action, shown);
      return label ? [t(language, label)] : [];
    });
    // The row's actions, in its order; the screen may add its own after them (save the payee).
    expect(offered.slice(0, expected.length)).toEqual(expected);
  }
  // The meter: today's payments summed by how each counts.
  const limit = await core.value('dailyLimit');
  const parts = { held: 0, uncertain: 0, spent: 0 };
  for (const payment of payments) {
    const day = new Date(payment.firstSentAt ?? payment.createdAt).toISOString().slice(0, 10);
    const effect = LIMIT_EFFECT[payment.state];
    if (day === limit.day && effect !== 'none') parts[effect] += payment.order.amount;
  }
  expect({ held: limit.held, uncertain: limit.uncertain, spent: limit.spent }).toEqual(parts);
  const meter = screen.queryByTestId('limit-meter');
  if (meter) {
    await waitFor(() => {
      const held = screen.queryByTestId('limit-held')?.textContent ?? '';
      expect(held).toBe(
        parts.held > 0 ? t(language, 'limit.held', { amount: formatAmount(parts.held, language) }) : '',
      );
      const uncertain = screen.queryByTestId('limit-uncertain')?.textContent ?? '';
      expect(uncertain).toBe(
        parts.uncertain > 0 ? t(language, 'limit.uncertain', { amount: formatAmount(parts.uncertain, language) }) : '',
      );
    });
  }
}

describe('every state the screen shows is its row of the table (issue 25, model-based)', () => {
  it.each(['en', 'is'] as const)(
    'holds over random sequences of payments, prompts, faults and clock moves (%s)',
    async (language) => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 7 }), fc.boolean(), async (steps, withPasscode) => {
          const sandbox = wallets.sandbox();
          const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
          try {
            if (withPasscode) await core.value('setPasscode', { next: PASSCODE });
            // The passcode was entered over a minute ago: the next payment asks for it.
            if (withPasscode) sandbox.clock.advanceSeconds(61);
            const { user } = await renderApp(core);
            await screen.findByTestId('amount');
            const stopped = new Map<string, number>();
            for (const next of steps) {
              await run(core, user, language, next);
              await check(core, language, stopped);
              if (process.env['MODEL_DEBUG'])
                console.log(
                  'STEP',
                  JSON.stringify(next),
                  screen.queryByTestId('payment-status')?.dataset['shown'],
                  screen.queryByTestId('lock-screen') ? 'locked' : '',
                );
            }
          } finally {
            cleanup();
            await core.close();
            sandbox.reset();
            sandbox.clock.set(NOON);
          }
        }),
        {
          numRuns: 6,
          seed: 20261126,
          // Besides the random ones, a walk through every row of the table.
          examples: [
            [
              [
                { kind: 'pay', amount: 7000, bank: 'losesAlways', prompt: 'enter' },
                { kind: 'clock', seconds: 20 },
                { kind: 'press', action: 'checkNow' },
                { kind: 'clock', seconds: 25 * 3600 },
                { kind: 'press', action: 'declarePaid' },
                { kind: 'press', action: 'declareNotPaid' },
              ],
              false,
            ],
            [
              [
                // The request never reaches the bank; the customer stops the app from trying, and a day goes by.
                { kind: 'pay', amount: 7000, bank: 'losesAlways', prompt: 'enter' },
                { kind: 'press', action: 'stopTrying' },
                { kind: 'clock', seconds: 20 },
                { kind: 'press', action: 'checkNow' },
                { kind: 'signOutAndIn' },
                { kind: 'clock', seconds: 25 * 3600 },
                { kind: 'press', action: 'declareNotPaid' },
              ],
              false,
            ],
            [
              [
                { kind: 'pay', amount: 1500, bank: 'answers', prompt: 'cancel' },
                { kind: 'press', action: 'dontSend' },
                { kind: 'press', action: 'newPayment' },
                { kind: 'pay', amount: 1500, bank: 'losesOnce', prompt: 'cancel' },
                { kind: 'press', action: 'send' },
                { kind: 'clock', seconds: 20 },
              ],
              true,
            ],
          ],
        },
      );
    },
    120_000,
  );
});
