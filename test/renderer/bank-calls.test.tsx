import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasMessage, translate } from '../../renderer/src/i18n/index.ts';
import { INITIATIONS_PATH } from '../../sandbox/initiations.ts';
import { sandboxUsers } from '../../sandbox/users.ts';
import { draftFrom, NOON, type InProcessWallet } from '../support/in-process-wallet.ts';
import {
  ANNAS_ACCOUNT,
  answeredResult,
  answering,
  expectAxeClean,
  renderApp,
  walletsPerTest,
  type OpenOptions,
} from './render-app.tsx';

/**
 * A tester's window on the bank (issue 30) over the real core: the Bank calls screen in the local sandbox profile
 * (every call with its request id and status, a send and its retry together, a call opened with its secrets
 * removed, the filters), the local sandbox's panel steering the sandbox bank, the support bundle, and what a profile
 * without the tools shows. Both languages.
 */
const wallets = walletsPerTest(NOON);

const WORDS = {
  en: {
    nav: 'Bank calls',
    pay: 'Pay',
    title: 'Bank calls',
    panel: 'The local sandbox',
    route: 'Requests',
    kind: 'Fault',
    count: 'How many requests',
    sending: 'Sending a payment',
    lostAnswer: 'Lost answer (processed)',
    queue: 'Queue',
    queued: 'Sending a payment: Lost answer (processed), 1 time',
    attempt: (n: number) => `Attempt ${n}`,
    lost: 'The connection failed',
    open: 'Request and answer',
    detail: 'The request and the answer',
    removed: 'removed',
    bundle: 'Look at the support bundle',
    saveBundle: 'Save the support bundle',
    preview: 'The support bundle, as it will be saved',
    notInside: 'Not in it:passwords, tokens or keys',
    saved: (folder: string, file: string) => `Saved the support bundle in ${folder} as ${file}.`,
    outcome: 'Outcome',
    failed: 'Failed',
    ok: 'Answered OK',
    payment: 'Payment',
    errorCode: 'Bank’s error code',
    all: 'All calls',
    noMatch: 'No call matches these filters.',
    dayLater: '24 hours on',
    moved: 'The sandbox’s clock moved on.',
  },
  is: {
    nav: 'Köll til bankans',
    pay: 'Greiða',
    title: 'Köll til bankans',
    panel: 'Staðbundna prófunarumhverfið',
    route: 'Beiðnir',
    kind: 'Villa',
    count: 'Fjöldi beiðna',
    sending: 'Greiðsla send',
    lostAnswer: 'Svar týnist (unnið úr beiðninni)',
    queue: 'Setja í biðröð',
    queued: 'Greiðsla send: Svar týnist (unnið úr beiðninni), einu sinni',
    attempt: (n: number) => `Tilraun ${n}`,
    lost: 'Sambandið rofnaði',
    open: 'Beiðni og svar',
    detail: 'Beiðnin og svarið',
    removed: 'fjarlægt',
    bundle: 'Skoða gögn fyrir þjónustuaðila',
    saveBundle: 'Vista gögnin',
    preview: 'Gögnin eins og þau verða vistuð',
    notInside: 'Í henni er ekki:lykilorð, innskráningargögn eða lyklar',
    saved: (folder: string, file: string) => `Vistaði gögnin í möppunni ${folder} sem ${file}.`,
    outcome: 'Niðurstaða',
    failed: 'Mistókust',
    ok: 'Svarað án villu',
    payment: 'Greiðsla',
    errorCode: 'Villukóði bankans',
    all: 'Öll köll',
    noMatch: 'Ekkert kall passar við þessar síur.',
    dayLater: 'Sólarhring fram',
    moved: 'Klukka prófunarumhverfisins var færð fram.',
  },
} as const;
type Language = keyof typeof WORDS;

/** Anna signed in at the local sandbox with her account; a send that fails is tried again at once with `retry`. */
const annas = (options: OpenOptions & { retry?: boolean } = {}) => {
  const { retry, ...rest } = options;
  return wallets.open({
    signedInAs: 'anna',
    accounts: [ANNAS_ACCOUNT],
    ...(retry ? { platform: { retryDelaysMs: [0] } } : {}),
    ...rest,
  });
};

type View = Awaited<ReturnType<typeof renderApp>>;

/** The Bank calls screen, once its list is read. */
async function openCalls(view: View, language: Language = 'en') {
  const words = WORDS[language];
  await view.user.click(await within(screen.getByRole('navigation')).findByRole('button', { name: words.nav }));
  await screen.findByRole('heading', { level: 2, name: words.title });
  await waitFor(() => expect(screen.queryByTestId('calls-loading')).toBeNull());
}

/** Pays Björn 1,500 through the pay form and waits for main's answer. */
async function payBjorn(view: View) {
  await view.user.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Pay' }));
  await view.user.type(await screen.findByTestId('deposit-kennitala'), '050792-2189');
  await view.user.type(screen.getByTestId('deposit-account'), '0133-26-020001');
  await view.user.type(screen.getByTestId('amount'), '1500');
  await view.user.click(screen.getByRole('button', { name: 'Review payment' }));
  await view.user.click(await screen.findByRole('button', { name: /^Pay ISK\s1,500$/ }));
  return answeredResult();
}

/** A payment made through the core, as on another screen: its id. */
async function paidThroughCore(core: InProcessWallet, amount = 1500) {
  const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', amount) });
  await core.value('submitPayment', { id });
  return id;
}

/** The request ids the sandbox bank saw on the sends (a POST of a credit transfer), oldest first. */
const sentRequestIds = (core: InProcessWallet) =>
  core.sandbox
    .requests()
    .filter((entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH)
    .map((entry) => entry.requestId);

const groupOf = (requestId: string) =>
  screen.getAllByTestId('call-group').find((group) => group.dataset['requestId'] === requestId);

describe('Bank calls (issue 30)', () => {
  it('has words for the new refusals in both languages', () => {
    for (const code of ['CALL_NOT_FOUND', 'SANDBOX_PANEL_UNAVAILABLE']) expect(hasMessage(`error.${code}`)).toBe(true);
  });

  it('is in the navigation in the local sandbox profile, and not in production', async () => {
    const view = await renderApp(await annas());
    const nav = screen.getByRole('navigation');
    expect(await within(nav).findByRole('button', { name: 'Bank calls' })).toBeTruthy();
    await view.store.getState().actions.switchProfile('production');
    await waitFor(() => expect(within(nav).queryByRole('button', { name: 'Bank calls' })).toBeNull());
  });

  it('shows a payment’s send with its request id and status 201, and the sign-in’s calls', async () => {
    const core = await annas();
    const view = await renderApp(core);
    const result = await payBjorn(view);
    expect(result.dataset['state']).toBe('settled');
    const [requestId] = sentRequestIds(core);
    expect(requestId).toBeTruthy();
    const paymentId = view.store.getState().paymentChange?.id;

    await openCalls(view);
    const group = groupOf(requestId ?? '');
    expect(group).toBeDefined();
    const calls = within(group!).getAllByTestId('call');
    expect(calls).toHaveLength(1);
    expect(within(calls[0]!).getByTestId('call-status').textContent).toBe('201');
    expect(within(calls[0]!).getByTestId('call-attempt').textContent).toBe('Attempt 1');
    expect(within(calls[0]!).getByTestId('call-run').textContent).toBe('This run');
    expect(within(calls[0]!).getByText('POST')).toBeTruthy();
    expect(within(group!).getByTestId('call-group-request-id').textContent).toBe(requestId);
    expect(within(group!).getByTestId('call-group-payment').textContent).toBe(paymentId);
    // The sign-in's calls are there too (the token endpoint), and the status query after the send.
    const paths = screen.getAllByTestId('call').map((call) => call.querySelector('.call-path')?.textContent ?? '');
    expect(paths.some((path) => /token/.test(path))).toBe(true);
    expect(paths.filter((path) => path.startsWith(INITIATIONS_PATH)).length).toBeGreaterThanOrEqual(2);
    await expectAxeClean(view.container);
  });

  it.each(['en', 'is'] as const)(
    'groups a send and its retry after a lost answer queued from the panel (%s)',
    async (language) => {
      const words = WORDS[language];
      const core = await annas({ retry: true, language });
      const view = await renderApp(core);
      await openCalls(view, language);
      const panel = within(screen.getByTestId('sandbox-panel'));
      expect(panel.getByRole('heading', { name: words.panel })).toBeTruthy();
      await view.user.selectOptions(panel.getByLabelText(words.route), words.sending);
      await view.user.selectOptions(panel.getByLabelText(words.kind), words.lostAnswer);
      await view.user.selectOptions(panel.getByLabelText(words.count), '1');
      await view.user.click(panel.getByRole('button', { name: words.queue }));
      await waitFor(() => expect(panel.getByTestId('sandbox-faults').textContent).toBe(words.queued));
      expect(core.sandbox.faults.list()).toMatchObject([
        { route: 'payments.create', kind: 'dropAfterProcessing', count: 1 },
      ]);

      // Paid meanwhile (the core retries at once): the list follows the payment's changes by itself.
      const paymentId = await paidThroughCore(core);
      const requestIds = sentRequestIds(core);
      expect(requestIds).toHaveLength(2);
      expect(requestIds[0]).toBe(requestIds[1]);
      await waitFor(() => expect(within(groupOf(requestIds[0] ?? '')!).getAllByTestId('call')).toHaveLength(2));
      const group = groupOf(requestIds[0] ?? '')!;
      const calls = within(group).getAllByTestId('call');
      expect(calls.map((call) => within(call).getByTestId('call-attempt').textContent)).toEqual([
        words.attempt(1),
        words.attempt(2),
      ]);
      expect(calls.map((call) => within(call).getByTestId('call-status').textContent)).toEqual([words.lost, '201']);
      expect(within(group).getByTestId('call-group-payment').textContent).toBe(paymentId);
      // One group for the request id: the retry is not a group of its own.
      expect(
        screen.getAllByTestId('call-group').filter((each) => each.dataset['requestId'] === requestIds[0]),
      ).toHaveLength(1);
      await expectAxeClean(view.container);

      // The clock moves from the panel, which says so.
      await view.user.click(panel.getByRole('button', { name: words.dayLater }));
      await waitFor(() => expect(panel.getByTestId('sandbox-done').textContent).toBe(words.moved));
      expect(core.sandbox.clock.now()).toBe(Date.parse(NOON) + 24 * 3_600_000);

      // The support bundle, looked at first (the file's very text, and what is in it and what not), then saved
      // where the save dialog says, named as Backup names what it saved.
      await view.user.click(screen.getByRole('button', { name: words.bundle }));
      const dialog = await screen.findByRole('dialog', { name: words.preview });
      const shown = within(dialog).getByTestId('bundle-content').textContent ?? '';
      expect(within(dialog).getByTestId('bundle-lists').textContent).toContain(words.notInside);
      expect(shown).toContain(requestIds[0]);
      await expectAxeClean(dialog);
      await view.user.click(within(dialog).getByRole('button', { name: words.saveBundle }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const outcome = screen.getByTestId('bundle-outcome');
      await waitFor(() => expect(outcome.textContent).not.toBe(''));
      const folder = join(core.dataDir, 'saved');
      const fileName = /\S+\.json/.exec(outcome.textContent ?? '')?.[0] ?? '';
      expect(outcome.textContent).toBe(words.saved(folder, fileName));
      const bundle = readFileSync(join(folder, fileName), 'utf8');
      expect(bundle).toBe(shown);
      expect(bundle).not.toMatch(/Bearer (?!\[removed\])/);
      expect(bundle).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
      expect(bundle).not.toMatch(/1203852089|120385-2089|0507922189|050792-2189/);
    },
  );

  it('opens a call with its token removed, and says a header was removed', async () => {
    const core = await annas();
    const view = await renderApp(core);
    await payBjorn(view);
    const [requestId] = sentRequestIds(core);
    await openCalls(view);
    const open = within(groupOf(requestId ?? '')!).getByRole('button', { name: 'Request and answer' });
    await view.user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'The request and the answer' });
    await waitFor(() => expect(within(dialog).getByTestId('call-request')).toBeTruthy());
    const text = dialog.textContent ?? '';
    expect(text).not.toContain('Bearer');
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
    expect(text).not.toMatch(/1203852089|120385-2089|0507922189|050792-2189/);
    expect(within(dialog).getByTestId('call-removed-note')).toBeTruthy();
    // The authorization header is named, its value removed.
    const headers = within(within(dialog).getByTestId('call-request')).getAllByRole('term');
    const authorization = headers.find((term) => term.textContent === 'authorization');
    expect(authorization?.nextElementSibling?.textContent).toBe('removed');
    expect(within(dialog).getByTestId('call-detail-status').textContent).toBe('201');
    expect(within(dialog).getAllByText(requestId ?? '').length).toBeGreaterThan(0);
    await expectAxeClean(dialog);
    // Closing gives the focus back to the call's button.
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it('filters by outcome, error code and payment', async () => {
    const core = await annas();
    const ok = await paidThroughCore(core, 1500);
    core.sandbox.faults.add({ route: 'payments.create', kind: 'bankError', error: 'AmountUnavailable' });
    const refused = await paidThroughCore(core, 2500);
    const view = await renderApp(core);
    await openCalls(view);
    const [okRequest, refusedRequest] = sentRequestIds(core);
    expect(groupOf(okRequest ?? '')).toBeDefined();
    expect(groupOf(refusedRequest ?? '')).toBeDefined();

    const filters = within(screen.getByRole('search', { name: 'Filter the calls' }));
    await view.user.selectOptions(filters.getByLabelText('Outcome'), 'Failed');
    await waitFor(() => expect(groupOf(okRequest ?? '')).toBeUndefined());
    expect(within(groupOf(refusedRequest ?? '')!).getByTestId('call-error-code').textContent).toBe('AmountUnavailable');
    for (const status of screen.getAllByTestId('call-status')) expect(Number(status.textContent)).toBeGreaterThan(399);

    await view.user.selectOptions(filters.getByLabelText('Outcome'), 'Answered OK');
    await waitFor(() => expect(groupOf(refusedRequest ?? '')).toBeUndefined());
    expect(groupOf(okRequest ?? '')).toBeDefined();

    await view.user.selectOptions(filters.getByLabelText('Outcome'), 'All calls');
    await view.user.selectOptions(filters.getByLabelText('Bank’s error code'), 'AmountUnavailable');
    await waitFor(() => expect(groupOf(okRequest ?? '')).toBeUndefined());
    expect(screen.getAllByTestId('call-group').every((group) => group.textContent?.includes('AmountUnavailable'))).toBe(
      true,
    );

    await view.user.selectOptions(filters.getByLabelText('Bank’s error code'), 'All calls');
    await view.user.selectOptions(filters.getByLabelText('Payment'), ok);
    await waitFor(() => expect(groupOf(refusedRequest ?? '')).toBeUndefined());
    const payments = screen.getAllByTestId('call-group-payment').map((code) => code.textContent);
    expect(payments.length).toBeGreaterThan(0);
    expect(new Set(payments)).toEqual(new Set([ok]));
    expect(refused).not.toBe(ok);

    // A payment with a failure filter that none of its calls has: said, with a way back.
    await view.user.selectOptions(filters.getByLabelText('Outcome'), 'Failed');
    expect(await screen.findByText('No call matches these filters.')).toBeTruthy();
    await view.user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(groupOf(refusedRequest ?? '')).toBeDefined());
  });

  it.each(['en', 'is'] as const)(
    'says how the user the sign-in page is filled in for behaves at the bank, in the app’s language (%s)',
    async (language) => {
      const core = await annas({ language });
      const view = await renderApp(core);
      await openCalls(view, language);
      const panel = within(screen.getByTestId('sandbox-panel'));
      const picker = panel.getByLabelText(
        language === 'en' ? 'Sign-in page filled in for' : 'Innskráningarsíða fyllt út fyrir',
      );
      await view.user.selectOptions(picker, 'sigga');
      expect(
        await panel.findByText(
          language === 'en'
            ? 'Has used up the daily limit today: OverDailyAmount.'
            : 'Hefur þegar notað daglega hámarkið í dag: OverDailyAmount.',
        ),
      ).toBeTruthy();
      expect(picker.getAttribute('aria-describedby')).toBeTruthy();
    },
  );

  it('has each sandbox user’s behaviour in both languages, the English as the sandbox says it', () => {
    for (const user of sandboxUsers) {
      const key = `sandbox.userBehaviour.${user.username}`;
      expect(hasMessage(key), key).toBe(true);
      if (!hasMessage(key)) continue;
      expect(translate('en', key)).toBe(user.behaviour);
      expect(translate('is', key)).not.toBe(user.behaviour);
    }
  });

  it('shows no sandbox panel where the profile has none (the bank’s sandbox)', async () => {
    const core = await annas();
    await core.value('switchProfile', { id: 'bank-sandbox' });
    const view = await renderApp(core);
    await openCalls(view);
    expect(screen.queryByTestId('sandbox-panel')).toBeNull();
    expect(screen.getByTestId('calls-empty').textContent).toBe(
      'The app has made no calls to the bank in this profile yet.',
    );
    expect(screen.getByRole('button', { name: 'Look at the support bundle' })).toBeTruthy();
  });

  it('a double click saves one bundle and queues one fault: a second click before the first answer does nothing', async () => {
    const core = await annas();
    const view = await renderApp(core);
    await openCalls(view);
    const panel = await screen.findByTestId('sandbox-panel');
    const queue = within(panel).getByRole('button', { name: 'Queue' });
    const bundle = screen.getByRole('button', { name: 'Look at the support bundle' });
    // Both clicks of each in one act: React has not drawn the first click's busy state when the second comes.
    act(() => {
      queue.click();
      queue.click();
      bundle.click();
      bundle.click();
    });
    const save = await screen.findByRole('button', { name: 'Save the support bundle' });
    act(() => {
      save.click();
      save.click();
    });
    await waitFor(() => expect(screen.getByTestId('bundle-outcome').textContent).not.toBe(''));
    await waitFor(() => expect(core.sandbox.faults.list()).toHaveLength(1));
    expect(core.requests('sandboxControl')).toHaveLength(1);
    expect(core.requests('previewSupportBundle')).toHaveLength(1);
    expect(core.requests('saveSupportBundle')).toHaveLength(1);
    expect(readdirSync(join(core.dataDir, 'saved'))).toHaveLength(1);
  });

  it('shows no sandbox panel where main says the build has none', async () => {
    const core = await annas();
    const api = answering(core.api, 'testerTools', async (real) => {
      const tools = await real();
      return tools.ok ? { ok: true, value: { ...tools.value, sandbox: false } } : tools;
    });
    const view = await renderApp({ api });
    await openCalls(view);
    expect(screen.queryByTestId('sandbox-panel')).toBeNull();
    expect(screen.getByTestId('calls')).toBeTruthy();
  });

  it.each(['en', 'is'] as const)('offers the support bundle in Settings in every profile (%s)', async (language) => {
    const core = await wallets.open({ language });
    await core.value('switchProfile', { id: 'production' });
    const view = await renderApp(core);
    const settings = language === 'en' ? 'Settings' : 'Stillingar';
    await view.user.click(within(screen.getByRole('navigation')).getByRole('button', { name: settings }));
    const section = await screen.findByTestId('support-bundle');
    expect(within(section).getByRole('heading').textContent).toBe(
      language === 'en' ? 'Support bundle' : 'Gögn fyrir þjónustuaðila',
    );
    expect(within(section).getByTestId('bundle-lists').textContent).toContain(WORDS[language].notInside);
    const lookAndSave = async () => {
      await view.user.click(within(section).getByRole('button', { name: WORDS[language].bundle }));
      const dialog = await screen.findByRole('dialog', { name: WORDS[language].preview });
      await view.user.click(within(dialog).getByRole('button', { name: WORDS[language].saveBundle }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    core.saveDialog = 'cancel';
    await lookAndSave();
    expect(screen.getByTestId('bundle-outcome').textContent).toBe('');
    expect(screen.queryByTestId('bundle-error')).toBeNull();
    core.saveDialog = 'save';
    await lookAndSave();
    await waitFor(() => expect(screen.getByTestId('bundle-outcome').textContent).not.toBe(''));
    await expectAxeClean(section);
  });
});

describe('what a tester reads a call and the sandbox by (issue 42, item 9)', () => {
  const SAID = {
    en: {
      payment: 'ISK\u00a01,500 · Björn Sigurðsson · 22 Nov 2026, 12:00',
      yesterday: '22 Nov 2026, 12:00',
      today: '12:00:00',
      offsets: [
        'Its clock shows the app’s time.',
        '1 day ahead of the app’s time.',
        '1 day and 12 hours ahead of the app’s time.',
        '2 days and 12 hours ahead of the app’s time.',
      ],
      pastMidnight: 'Past midnight GMT',
    },
    is: {
      payment: '1.500\u00a0kr. · Björn Sigurðsson · 22. nóv. 2026, 12:00',
      yesterday: '22. nóv. 2026, 12:00',
      today: '12:00:00',
      offsets: [
        'Klukka þess sýnir tíma forritsins.',
        '1 degi á undan tíma forritsins.',
        '1 degi og 12 klukkustundum á undan tíma forritsins.',
        '2 dögum og 12 klukkustundum á undan tíma forritsins.',
      ],
      pastMidnight: 'Yfir miðnætti (GMT)',
    },
  } as const;

  it.each(['en', 'is'] as const)(
    'names each payment of the filter by amount, payee and time (%s)',
    async (language) => {
      const core = await annas({ language });
      const paid = await paidThroughCore(core, 1500);
      const view = await renderApp(core);
      await openCalls(view, language);
      const filter = within(screen.getByRole('search')).getByLabelText(WORDS[language].payment);
      const option = () =>
        within(filter)
          .getAllByRole<HTMLOptionElement>('option')
          .find((each) => each.value === paid);
      await waitFor(() => expect(option()?.textContent).toBe(SAID[language].payment));
      // Chosen by that name, it filters by the payment.
      await view.user.selectOptions(filter, paid);
      await waitFor(() =>
        expect(new Set(screen.getAllByTestId('call-group-payment').map((code) => code.textContent))).toEqual(
          new Set([paid]),
        ),
      );
    },
  );

  it.each(['en', 'is'] as const)(
    'gives a call of another day its date, and today’s its time (%s)',
    async (language) => {
      const core = await annas({ language });
      await paidThroughCore(core, 1500);
      const [yesterdays] = sentRequestIds(core);
      core.sandbox.clock.set(Date.parse(NOON) + 24 * 3_600_000);
      await paidThroughCore(core, 2500);
      const todays = sentRequestIds(core)[1];
      const view = await renderApp(core);
      await openCalls(view, language);
      const timeOf = (requestId: string | undefined) =>
        within(groupOf(requestId ?? '')!)
          .getAllByTestId('call')[0]
          ?.querySelector('time')?.textContent;
      expect(timeOf(yesterdays)).toBe(SAID[language].yesterday);
      expect(timeOf(todays)).toBe(SAID[language].today);
    },
  );

  it.each(['en', 'is'] as const)(
    'says how many days the sandbox’s clock is on from the app’s (%s)',
    async (language) => {
      // The app on the computer's clock, as in the app itself; only the sandbox's clock moves.
      const core = await annas({ language, platform: { clock: { now: () => Date.parse(NOON) } } });
      const view = await renderApp(core);
      await openCalls(view, language);
      const panel = within(screen.getByTestId('sandbox-panel'));
      const offset = () => panel.getByTestId('sandbox-offset').textContent;
      const [none, day, dayAndHalf, twoAndHalf] = SAID[language].offsets;
      expect(offset()).toBe(none);
      await view.user.click(panel.getByRole('button', { name: WORDS[language].dayLater }));
      await waitFor(() => expect(offset()).toBe(day));
      // From noon the next day to a minute past the midnight after: a day and 12 hours on.
      await view.user.click(panel.getByRole('button', { name: SAID[language].pastMidnight }));
      await waitFor(() => expect(offset()).toBe(dayAndHalf));
      await view.user.click(panel.getByRole('button', { name: WORDS[language].dayLater }));
      await waitFor(() => expect(offset()).toBe(twoAndHalf));
      await expectAxeClean(screen.getByTestId('sandbox-panel'));
    },
  );
});
