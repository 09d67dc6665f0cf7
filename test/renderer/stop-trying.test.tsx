import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID_WINDOW_MS } from '../../common/request-id.ts';
import { formatDate, formatTime } from '../../renderer/src/i18n/format.ts';
import { translate, type MessageKey } from '../../renderer/src/i18n/index.ts';
import { INITIATIONS_PATH } from '../../sandbox/index.ts';
import { NOON, type InProcessWallet } from '../support/in-process-wallet.ts';
import { historyListShows } from './history-layout.ts';
import { ANNAS_ACCOUNT, answeredResult, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/**
 * Issue 38, item 2, in the window over the real core: a payment whose request never reached the bank is sent again by
 * the app, with the same request id, until its 24 hours end; the screen says so, with the day and time, and says not
 * to pay another way meanwhile. "Stop trying" asks first, then ends every send of it (the follow-up's and any press's),
 * and the customer's online banking and word decide it. It stays counted against the day's limit until then.
 */
const wallets = walletsPerTest(NOON);
historyListShows(5);
type Language = 'en' | 'is';
type User = Awaited<ReturnType<typeof renderApp>>['user'];
const t = (language: Language, key: MessageKey, params?: Record<string, string | number>) =>
  translate(language, key, params);

const posts = () =>
  wallets
    .sandbox()
    .requests()
    .filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH);

/** Anna signed in, the app open on Pay, in a language. */
async function open(language: Language = 'en'): Promise<{ core: InProcessWallet; user: User; container: HTMLElement }> {
  const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language });
  const { user, container } = await renderApp(core);
  return { core, user, container };
}

/** Pays Björn 1 500 kr. on the form, and the request never reaches the bank: the result says unknown. */
async function payLost(user: User, language: Language): Promise<HTMLElement> {
  wallets.sandbox().faults.add({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 1 });
  await user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
  await user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
  await user.type(screen.getByTestId('amount'), '1500');
  await user.click(screen.getByRole('button', { name: t(language, 'pay.review') }));
  await user.click(await screen.findByRole('button', { name: language === 'en' ? /^Pay ISK/ : /^Greiða \d/ }));
  const result = await answeredResult();
  expect(within(result).getByTestId('payment-status').dataset['shown']).toBe('unknown');
  return result;
}

const status = () => screen.getByTestId('payment-status');
const button = (language: Language, key: MessageKey) =>
  within(status()).queryByRole('button', { name: t(language, key) });
const confirmDialog = (language: Language) => screen.queryByRole('dialog', { name: t(language, 'status.stop.title') });

/** Every way the app might send by itself: the follow-up over more than the request id's 24 hours. */
async function aDayGoesBy(core: InProcessWallet): Promise<void> {
  for (const seconds of [16, 61, 3601, 3 * 3600, 25 * 3600]) {
    wallets.sandbox().clock.advanceSeconds(seconds);
    await act(() => core.wallet.idle());
  }
}

describe.each(['en', 'is'] as const)('an unknown payment (%s)', (language) => {
  it('says the app sends it again with the same request id until a stated day and time, and offers Stop trying', async () => {
    const { core, user, container } = await open(language);
    await payLost(user, language);
    const [payment] = (await core.value('historyPage', {})).items;
    const ends = (payment?.createdAt ?? 0) + REQUEST_ID_WINDOW_MS;
    const text = screen.getByTestId('status-text').textContent ?? '';
    expect(text).toContain(formatDate(ends, language));
    expect(text).toContain(formatTime(ends, language));
    expect(text).toContain(payment?.requestId);
    expect(text).toBe(
      t(language, 'status.unknown.text', {
        date: formatDate(ends, language),
        time: formatTime(ends, language),
        requestId: payment?.requestId ?? '',
      }),
    );
    expect(screen.getByTestId('next-check').textContent).toMatch(
      language === 'en' ? /^The app tries to send it again by itself at / : /^Forritið reynir sjálft að senda hana/,
    );
    expect(
      within(status())
        .getAllByRole('button')
        .map((each) => each.textContent),
    ).toEqual([t(language, 'status.action.tryAgain'), t(language, 'status.action.stopTrying')]);
    await expectAxeClean(container);
  });

  it('Stop trying, confirmed: stopped, the heading has the focus, nothing is sent again, and it stays counted', async () => {
    const { core, user, container } = await open(language);
    await payLost(user, language);
    const before = posts().length;

    await user.click(button(language, 'status.action.stopTrying')!);
    const dialog = confirmDialog(language)!;
    expect(within(dialog).getByText(t(language, 'status.stop.text'))).toBeTruthy();
    await expectAxeClean(container);
    await user.click(within(dialog).getByRole('button', { name: t(language, 'status.stop.confirm') }));

    await waitFor(() => expect(status().dataset['shown']).toBe('unknownStopped'));
    const heading = within(status()).getByRole('heading', { level: 3 });
    expect(heading.textContent).toBe(t(language, 'status.unknownStopped.title'));
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(confirmDialog(language)).toBeNull();
    expect(
      within(status())
        .getAllByRole('button')
        .map((each) => each.textContent),
    ).toEqual([t(language, 'status.action.declarePaid'), t(language, 'status.action.declareNotPaid')]);
    expect(screen.queryByTestId('next-check')).toBeNull();
    expect(core.requests('stopTrying')).toHaveLength(1);
    // Still counted as uncertain: the customer has not said what their online banking shows.
    expect(screen.getByTestId('limit-uncertain').textContent).toContain(language === 'en' ? '1,500' : '1.500');
    await expectAxeClean(container);

    await aDayGoesBy(core);
    expect(posts()).toHaveLength(before);
    expect(wallets.sandbox().initiations()).toHaveLength(0);
    expect(status().dataset['shown']).toBe('unknownStopped');
  });
});

describe('Stop trying', () => {
  it('asks first: Keep trying changes nothing and gives the focus back to Stop trying', async () => {
    const { core, user } = await open();
    await payLost(user, 'en');
    await user.click(button('en', 'status.action.stopTrying')!);
    const dialog = confirmDialog('en')!;
    // The choice that sends nothing more is not pressed by a stray Enter: the focus starts on Keep trying.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep trying' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep trying' }));
    expect(confirmDialog('en')).toBeNull();
    expect(document.activeElement).toBe(button('en', 'status.action.stopTrying'));
    expect(core.requests('stopTrying')).toHaveLength(0);
    expect(status().dataset['shown']).toBe('unknown');
  });

  it('while it is on its way, nothing else about the payment can be pressed, and it is asked once', async () => {
    const { core, user } = await open();
    await payLost(user, 'en');
    const release = core.hold('stopTrying');
    await user.click(button('en', 'status.action.stopTrying')!);
    await user.click(within(confirmDialog('en')!).getByRole('button', { name: 'Yes, stop trying' }));
    await waitFor(() => expect(status().getAttribute('aria-busy')).toBe('true'));
    expect(button('en', 'status.action.tryAgain')).toHaveProperty('disabled', true);
    // Pressed again while the first is on its way: nothing more happens.
    await user.pressDisabled(within(status()).getByRole('button', { name: 'Working…' }));
    release();
    await waitFor(() => expect(status().dataset['shown']).toBe('unknownStopped'));
    expect(core.requests('stopTrying')).toHaveLength(1);
    expect(core.requests('checkAgain')).toHaveLength(0);
  });

  it('confirmed while the follow-up’s send is at the bank: that send is the last', async () => {
    const { core, user } = await open();
    await payLost(user, 'en');
    const sandbox = wallets.sandbox();
    // The follow-up's send is held at the bank until the test lets it go (or drops it).
    sandbox.faults.add({ route: 'payments.create', kind: 'delay', delayMs: 60_000 });
    await user.click(button('en', 'status.action.stopTrying')!);
    const dialog = confirmDialog('en')!;
    sandbox.clock.advanceSeconds(16);
    await waitFor(() => expect(sandbox.faults.delaying).toBe(1));
    const sent = posts().length;
    // The follow-up sending shows as such, and the question stays open with its focus.
    await waitFor(() => expect(status().dataset['shown']).toBe('slow'));
    expect(confirmDialog('en')).toBe(dialog);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, stop trying' }));
    // The held send is lost on its way: no answer, and the stop means it is not sent again.
    sandbox.faults.drop();
    await waitFor(() => expect(status().dataset['shown']).toBe('unknownStopped'));
    await aDayGoesBy(core);
    expect(posts()).toHaveLength(sent);
    expect(sandbox.initiations()).toHaveLength(0);
  });

  it('from a second window: this one follows, and its Try again now is refused and explained', async () => {
    const { core, user } = await open();
    await payLost(user, 'en');
    const [payment] = (await core.value('historyPage', {})).items;
    const before = posts().length;
    // This window presses Try again now; before main sees it, another window stops the payment.
    const release = core.hold('checkAgain');
    await user.click(button('en', 'status.action.tryAgain')!);
    await core.value('stopTrying', { id: payment?.id ?? '' });
    release();
    await waitFor(() => expect(status().dataset['shown']).toBe('unknownStopped'));
    // The stop's event can turn the state before main's refusal of the held press arrives: wait for the refusal too.
    expect((await screen.findByTestId('payment-refused')).textContent).toContain(
      'You stopped the app from trying to send this payment',
    );
    expect(posts()).toHaveLength(before);
  });
});

describe('History’s details', () => {
  it('of an unknown payment offer Try again now and Stop trying; once stopped, only the customer’s word', async () => {
    const { core, user, container } = await open();
    await payLost(user, 'en');
    const before = posts().length;
    await user.click(screen.getByRole('button', { name: 'History' }));
    await user.click((await screen.findAllByTestId('history-row'))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Payment details' });
    expect(within(dialog).getByRole('button', { name: 'Try again now' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Check now' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Stop trying' }));
    await user.click(within(confirmDialog('en')!).getByRole('button', { name: 'Yes, stop trying' }));
    await waitFor(() => expect(within(dialog).getByTestId('payment-status').dataset['shown']).toBe('unknownStopped'));
    const heading = within(dialog).getByRole('heading', { name: 'You stopped the app from trying' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(dialog).queryByRole('button', { name: /^(Try again now|Check now|Stop trying)$/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'It went through' })).toBeTruthy();
    await expectAxeClean(container);
    await aDayGoesBy(core);
    expect(posts()).toHaveLength(before);
  });
});
