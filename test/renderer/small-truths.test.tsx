import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../../renderer/src/i18n/index.ts';
import { INITIATIONS_PATH } from '../../sandbox/index.ts';
import { draftFrom, NOON } from '../support/in-process-wallet.ts';
import { ANNAS_ACCOUNT, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 42, item 8, over the real core, in both languages: small things the window said that were not quite true.
 * A send after one the bank did not answer says what it is, not "the bank is slow (0 s so far)"; a payment whose
 * outcome is not known is signposted on Pay once its result is left, with a link to its details; a payment being
 * scheduled for a day to come is not held to what is left of today's limit.
 */
const wallets = walletsPerTest(NOON);
type Language = 'en' | 'is';
type User = Awaited<ReturnType<typeof renderApp>>['user'];
const t = (language: Language, key: MessageKey, params?: Record<string, string | number>) =>
  translate(language, key, params);

const posts = () =>
  wallets
    .sandbox()
    .requests()
    .filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);

/** Björn 1 500 kr. on the pay form, reviewed and paid. */
async function payBjorn(user: User, language: Language): Promise<void> {
  await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
  await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
  await user.type(screen.getByTestId('amount'), '1500');
  await user.click(screen.getByRole('button', { name: t(language, 'pay.review') }));
  await user.click(await screen.findByRole('button', { name: language === 'en' ? /^Pay ISK/ : /^Greiða \d/ }));
}

describe.each(['en', 'is'] as const)('a lost answer (%s)', (language) => {
  it('says the app sends it again with the same request id, and no “0 s so far”', async () => {
    // The app's retry comes at once; the bank holds it until the test lets it go.
    const core = await wallets.open({
      signedInAs: 'anna',
      accounts: [ANNAS_ACCOUNT],
      language,
      platform: { retryDelaysMs: [0] },
    });
    const { user } = await renderApp(core);
    const sandbox = wallets.sandbox();
    sandbox.faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing' });
    sandbox.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 60_000 });
    await payBjorn(user, language);
    await waitFor(() => expect(sandbox.faults.delaying).toBe(1));
    const status = await screen.findByTestId('payment-status');
    await waitFor(() => expect(status.dataset['shown']).toBe('slow'));
    expect(within(status).getByRole('heading', { level: 3 }).textContent).toBe(t(language, 'status.resending.title'));
    const text = within(status).getByTestId('status-text').textContent ?? '';
    expect(text).toBe(
      t(language, 'status.resending.text', {
        amount: language === 'en' ? 'ISK\u00a01,500' : '1.500\u00a0kr.',
        payee: '050792-2189',
        attempt: 2,
      }),
    );
    expect(text).not.toMatch(language === 'en' ? /so far|slow/ : /hingað til|lengi/);
    expect(text).toContain(language === 'en' ? '(attempt 2)' : '(tilraun 2)');
    await expectAxeClean(status);
    sandbox.faults.release();
    await waitFor(() => expect(status.dataset['shown']).toMatch(/^(accepted|settled)$/));
    expect(new Set(posts().map((post) => post.requestId)).size).toBe(1);
  });
});

describe.each(['en', 'is'] as const)('a payment waiting for an answer, once its result is left (%s)', (language) => {
  const WAITING = {
    en: { one: '1 payment is waiting for an answer.', open: 'See it: ISK\u00a01,500 to 050792-2189' },
    is: { one: '1 greiðsla bíður svars.', open: 'Skoða hana: 1.500\u00a0kr., viðtakandi: 050792-2189' },
  }[language];

  it('is counted on Pay, and its link opens its details in History', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    const { user } = await renderApp(core);
    // Nothing is waiting: nothing is said.
    await screen.findByTestId('deposit-kennitala');
    expect(screen.queryByTestId('waiting-payments')).toBeNull();
    wallets.sandbox().faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing' });
    await payBjorn(user, language);
    const status = await screen.findByTestId('payment-status');
    await waitFor(() => expect(status.dataset['shown']).toBe('unknown'));
    const [payment] = (await core.value('historyPage', {})).items;

    // Left for another screen, and back: the form, with the payment signposted.
    const nav = within(screen.getByRole('navigation'));
    await user.click(nav.getByRole('button', { name: t(language, 'nav.settings') }));
    await user.click(nav.getByRole('button', { name: t(language, 'nav.pay') }));
    const waiting = await screen.findByTestId('waiting-payments');
    expect(within(waiting).getByText(WAITING.one)).toBeTruthy();
    await expectAxeClean(waiting);
    await user.click(within(waiting).getByRole('button', { name: WAITING.open }));
    const details = await screen.findByRole('dialog');
    await waitFor(() => expect(within(details).getByTestId('payment-status').dataset['shown']).toBe('unknown'));
    expect(details.textContent).toContain(payment?.requestId);

    // Its outcome known (the customer's word), Pay says nothing more of it.
    await core.value('stopTrying', { id: payment?.id ?? '' });
    await core.value('declareOutcome', { id: payment?.id ?? '', outcome: 'notPaid' });
    await user.keyboard('{Escape}');
    await user.click(within(screen.getByRole('navigation')).getByRole('button', { name: t(language, 'nav.pay') }));
    await screen.findByTestId('deposit-kennitala');
    await waitFor(() => expect(screen.queryByTestId('waiting-payments')).toBeNull());
  });
});

/** The amount field's error, as its description says it. */
const amountError = () =>
  (screen.getByTestId('amount').getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('field-error'))?.textContent ?? undefined;

describe.each(['en', 'is'] as const)('scheduling a payment for a day to come (%s)', (language) => {
  it('does not say today’s limit, and says it again for today', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
    // 150.000 kr. paid today: 50.000 kr. left of today's 200.000 kr.
    const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 150_000) });
    await core.value('submitPayment', { id });
    const { user } = await renderApp(core);
    await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
    const amount = screen.getByTestId('amount');
    await user.type(amount, '100000');
    await user.tab();
    const todays = t(language, 'field.amount.over_remaining', {
      left: language === 'en' ? 'ISK\u00a050,000' : '50.000\u00a0kr.',
    });
    await waitFor(() => expect(amountError()).toBe(todays));

    // Once, tomorrow (the editor's first choice): tomorrow's limit is whole.
    await user.click(screen.getByRole('button', { name: t(language, 'schedule.open') }));
    const editor = await screen.findByRole('region', { name: t(language, 'schedule.title') });
    await waitFor(() => expect(amountError()).toBeUndefined());
    expect(amount.getAttribute('aria-invalid')).toBeNull();

    // On today's date, today's limit is its own again.
    const date = within(editor).getByLabelText(t(language, 'schedule.date'));
    await user.clear(date);
    await user.type(date, '22.11.2026');
    await waitFor(() => expect(amountError()).toBe(todays));
    await user.clear(date);
    await user.type(date, '25.11.2026');
    await waitFor(() => expect(amountError()).toBeUndefined());
    await expectAxeClean(screen.getByRole('main'));

    // Saved for the 25th: main takes it (a day's limit is whole before it comes).
    await user.click(within(editor).getByRole('button', { name: t(language, 'schedule.save') }));
    await waitFor(() => expect(screen.queryByRole('region', { name: t(language, 'schedule.title') })).toBeNull());
    expect((await core.value('listDue')).items).toHaveLength(1);
  });
});
