import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { crc32Hex, paymentRequestLink, REQUEST_LINK_ERRORS } from '../../common/payment-request.ts';
import { messages } from '../../renderer/src/i18n/sections.ts';
import { CUSTOMERS, type InProcessWallet } from '../support/in-process-wallet.ts';
import { pngOfDataUrl, readQrPng } from '../support/qr.ts';
import { ANNAS_ACCOUNT, answeredResult, expectAxeClean, renderApp, walletsPerTest } from './render-app.tsx';

/** Issue 19: asking to be paid with a link or a QR code, and paying such a request, through the real core. */
const wallets = walletsPerTest('2026-11-22T12:00:00.000Z');
const BJORNS_ACCOUNT = { accountNumber: CUSTOMERS.bjorn.account, label: 'Main' };

/** Anna's request for 1 500 kr., made by main as she signed in; then Björn signs in on the same wallet. */
async function annasRequestThenBjorn(amount = 1500): Promise<{ core: InProcessWallet; link: string }> {
  const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT] });
  const { link } = await core.value('createPaymentRequest', {
    account: CUSTOMERS.anna.account,
    amount,
    message: 'Leiga nóv',
  });
  await core.value('signOut');
  core.as('bjorn');
  await core.value('signIn');
  await core.value('saveAccount', BJORNS_ACCOUNT);
  return { core, link };
}

const value = (testId: string) => screen.getByTestId<HTMLInputElement>(testId).value;

describe('requesting money', () => {
  it.each([
    { language: 'en' as const, open: 'Request money', make: 'Make the request', amount: '1,500', save: /^Saved as / },
    {
      language: 'is' as const,
      open: 'Biðja um greiðslu',
      make: 'Búa til greiðslubeiðni',
      amount: '1.500',
      save: /^Vistað sem /,
    },
  ])('gives a link and a QR code of it, to copy and to save ($language)', async (expected) => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language: expected.language });
    const { user, container } = await renderApp(core);
    await user.click(await screen.findByRole('button', { name: expected.open }));
    const dialog = await screen.findByRole('dialog', { name: expected.open });
    await user.type(within(dialog).getByTestId('request-amount'), '1500');
    expect(within(dialog).getByTestId<HTMLInputElement>('request-amount').value).toBe(expected.amount);
    await user.type(within(dialog).getByTestId('request-message'), 'Leiga nóv');
    await user.click(within(dialog).getByRole('button', { name: expected.make }));
    const link = (await within(dialog).findByTestId<HTMLInputElement>('request-link')).value;
    expect(link).toBe(
      paymentRequestLink({
        kennitala: CUSTOMERS.anna.kennitala,
        account: '013326012345',
        name: CUSTOMERS.anna.name,
        amount: 1500,
        message: 'Leiga nóv',
      }),
    );
    // The QR code on screen reads as the link.
    const qr = within(dialog).getByTestId<HTMLImageElement>('request-qr');
    expect(readQrPng(pngOfDataUrl(qr.src))).toBe(link);
    expect(qr.alt).toContain('0133-26-012345');
    await expectAxeClean(container);
    await user.click(within(dialog).getAllByRole('button')[1] as HTMLElement);
    expect(await navigator.clipboard.readText()).toBe(link);
    await user.click(within(dialog).getAllByRole('button')[2] as HTMLElement);
    expect(await within(dialog).findByText(expected.save)).toBeTruthy();
  });
});

describe('a request shown large (issue 27)', () => {
  it('shows the QR code with the name and the amount; Escape or Close ends it and the focus goes back', async () => {
    const core = await wallets.open({ signedInAs: 'anna', accounts: [ANNAS_ACCOUNT], language: 'is' });
    const { user, container } = await renderApp(core);
    await user.click(await screen.findByRole('button', { name: 'Biðja um greiðslu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Biðja um greiðslu' });
    await user.type(within(dialog).getByTestId('request-amount'), '12500');
    await user.type(within(dialog).getByTestId('request-message'), 'Leiga nóv');
    await user.click(within(dialog).getByRole('button', { name: 'Búa til greiðslubeiðni' }));
    const qr = await within(dialog).findByTestId<HTMLImageElement>('request-qr');
    const show = within(dialog).getByRole('button', { name: 'Sýna stórt' });

    await user.click(show);
    const large = await screen.findByRole('dialog', { name: 'Greiðslubeiðni' });
    expect(within(large).getByTestId<HTMLImageElement>('qr-large-code').src).toBe(qr.src);
    const caption = (within(large).getByTestId('qr-large-caption').textContent ?? '').replace(/\s/g, ' ');
    expect(caption).toContain(CUSTOMERS.anna.name);
    expect(caption).toContain('Upphæð: 12.500 kr.');
    expect(caption).toContain('Skýring: Leiga nóv');
    expect(large.contains(document.activeElement)).toBe(true);
    await expectAxeClean(container);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Greiðslubeiðni' })).toBeNull();
    // Only the large view closed: the request is still open, with the focus on the button that showed it.
    expect(screen.getByRole('dialog', { name: 'Biðja um greiðslu' })).toBe(dialog);
    expect(document.activeElement).toBe(show);

    await user.click(show);
    const again = await screen.findByRole('dialog', { name: 'Greiðslubeiðni' });
    await user.click(within(again).getByRole('button', { name: 'Loka' }));
    expect(screen.queryByRole('dialog', { name: 'Greiðslubeiðni' })).toBeNull();
    expect(document.activeElement).toBe(show);
  });
});

describe('paying a request', () => {
  it('a pasted link fills the form, says where it came from, and pays only once reviewed and confirmed', async () => {
    const { core, link } = await annasRequestThenBjorn();
    const { user, container } = await renderApp(core);
    await user.click(await screen.findByText('Pay a request'));
    await user.type(screen.getByTestId('request-link-input'), link);
    await user.click(screen.getByRole('button', { name: 'Fill in the form' }));
    const notice = await screen.findByTestId('request-notice');
    expect(notice.textContent).toContain('Filled in from a payment request.');
    // The name is the request's, never "by" or "from" anyone.
    expect(within(notice).getByTestId('request-name').textContent).toBe(`Name in the request: ${CUSTOMERS.anna.name}`);
    expect(notice.textContent).not.toMatch(/\b(by|from) Anna/);
    expect(value('deposit-kennitala')).toBe('120385-2089');
    expect(value('deposit-account')).toBe('0133-26-012345');
    expect(value('payee-name')).toBe(CUSTOMERS.anna.name);
    expect(value('amount')).toBe('1,500');
    expect(value('message')).toBe('Leiga nóv');
    await expectAxeClean(container);
    // Nothing is paid by itself.
    expect(wallets.sandbox().initiations()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', { name: /^Pay ISK\s1,500$/ }));
    expect((await answeredResult()).dataset['state']).toMatch(/accepted|settled/);
    const paid = wallets.sandbox().initiations();
    expect(paid).toHaveLength(1);
    expect(JSON.stringify(paid[0])).toContain('013326012345');
    // A new payment forgets the request.
    await user.click(screen.getByRole('button', { name: 'New payment' }));
    expect(screen.queryByTestId('request-notice')).toBeNull();
  });

  it('asking for more than is left today fills the form, and the amount says so at once, as if typed', async () => {
    const { core, link } = await annasRequestThenBjorn(200_000);
    // Björn paid 1 500 kr. earlier today.
    await core.value('submitPayment', {
      id: (
        await core.value('confirmPayment', {
          draft: {
            debtorAccount: CUSTOMERS.bjorn.account,
            depositKennitala: CUSTOMERS.anna.kennitala,
            depositAccount: CUSTOMERS.anna.account,
            amount: '1500',
          },
        })
      ).id,
    });
    const { user } = await renderApp(core);
    await user.click(await screen.findByText('Pay a request'));
    await user.type(screen.getByTestId('request-link-input'), link);
    await user.click(screen.getByRole('button', { name: 'Fill in the form' }));
    expect(await screen.findByText(/That is more than is left of today’s limit \(ISK\s198,500\)\./)).toBeTruthy();
  });

  it('a link the system opens while the app is open fills the form, from any screen', async () => {
    const { core, link } = await annasRequestThenBjorn();
    const { user } = await renderApp(core);
    await user.click(screen.getByRole('button', { name: 'History' }));
    await screen.findByRole('heading', { name: 'History' });
    act(() => core.wallet.openLink(link));
    await waitFor(() => expect(value('deposit-kennitala')).toBe('120385-2089'));
    expect(value('amount')).toBe('1,500');
  });

  it('a link the system opens while a payment’s outcome shows brings the form back, filled', async () => {
    const { core, link } = await annasRequestThenBjorn();
    const { user } = await renderApp(core);
    await user.type(await screen.findByTestId('deposit-kennitala'), '120385-2089');
    await user.type(screen.getByTestId('deposit-account'), '0133-26-012345');
    await user.type(screen.getByTestId('amount'), '700');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', { name: /^Pay ISK\s700$/ }));
    await answeredResult();
    act(() => core.wallet.openLink(link));
    await waitFor(() => expect(value('amount')).toBe('1,500'));
    expect(screen.queryByTestId('pay-result')).toBeNull();
    expect(wallets.sandbox().initiations()).toHaveLength(1);
  });

  const annas = { kennitala: CUSTOMERS.anna.kennitala, account: '013326012345' };
  const forged = (fields: Record<string, string>) => {
    const good = new URL(paymentRequestLink(annas));
    const params = new URLSearchParams(good.search);
    for (const [name, text] of Object.entries(fields)) params.set(name, text);
    return `a2a-wallet://pay?${params.toString()}`;
  };
  it.each([
    ['huge', `${paymentRequestLink(annas)}${'&x=1'.repeat(600)}`, 'far longer than a payment request'],
    ['unknown fields', `${paymentRequestLink(annas)}&callback=evil`, 'fields a payment request does not have'],
    ['a wrong check value', forged({ amount: '9000' }), 'does not match its check value'],
    ['script in the name', forged({ name: '<img src=x onerror=alert(1)>' }), 'check value'],
    ['not a link', 'https://evil.example/pay', 'not a payment request of this app'],
  ])('%s is refused with its message, and what was typed stays', async (_, link, message) => {
    const { core } = await annasRequestThenBjorn();
    const { user } = await renderApp(core);
    await user.type(await screen.findByTestId('amount'), '700');
    await user.click(screen.getByText('Pay a request'));
    await user.click(screen.getByTestId('request-link-input'));
    await user.paste(link);
    await user.click(screen.getByRole('button', { name: 'Fill in the form' }));
    const alert = await within(await screen.findByTestId('request-notice')).findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(value('amount')).toBe('700');
    expect(value('deposit-kennitala')).toBe('');
  });
});

describe('a refused link after a good one (issue 27)', () => {
  it('stays in its field beside the reason, and the earlier request’s data does not stand under it', async () => {
    const { core, link } = await annasRequestThenBjorn();
    const { user } = await renderApp(core);
    await user.click(await screen.findByText('Pay a request'));
    const field = screen.getByTestId<HTMLInputElement>('request-link-input');
    await user.click(field);
    await user.paste(link);
    await user.click(screen.getByRole('button', { name: 'Fill in the form' }));
    await screen.findByTestId('request-name');
    expect(value('deposit-kennitala')).toBe('120385-2089');
    // A good link is used up: its field empties.
    expect(field.value).toBe('');
    const bad = 'https://evil.example/pay';
    await user.click(field);
    await user.paste(bad);
    await user.click(screen.getByRole('button', { name: 'Fill in the form' }));
    const alert = await within(await screen.findByTestId('request-notice')).findByRole('alert');
    expect(alert.textContent).toContain('not a payment request of this app');
    expect(field.value).toBe(bad);
    for (const id of ['deposit-kennitala', 'deposit-account', 'payee-name', 'amount', 'message']) {
      expect(value(id), id).toBe('');
    }
  });
});

/**
 * Issue 26, finding 3: the form gives a request's name as the requester's claim, never as who sent it, and says how
 * it stands to the payer's saved payees, in words, in both languages. Mallory writes her links by hand (with the
 * check value made right, as anyone can); Björn, who saved Anna as a payee, reads them.
 */
describe('the name in a request', () => {
  const MALLORY = { kennitala: '0101902909', account: '051526123456' };
  const ANNA = { kennitala: CUSTOMERS.anna.kennitala, account: '013326012345' };
  const written = (fields: Record<string, string>) => {
    const params = new URLSearchParams({ v: '1', ...fields });
    params.set('c', crc32Hex(params.toString()));
    return `a2a-wallet://pay?${params.toString()}`;
  };

  /** Björn signed in, Anna saved as his payee, the app in `language`; the link pasted into the form. */
  async function bjornReads(link: string, language: 'en' | 'is') {
    const core = await wallets.open({ signedInAs: 'bjorn', accounts: [BJORNS_ACCOUNT], language });
    await core.value('savePayee', {
      name: CUSTOMERS.anna.name,
      kennitala: ANNA.kennitala,
      accountNumber: ANNA.account,
    });
    const rendered = await renderApp(core);
    const { user } = rendered;
    await user.click(await screen.findByText(language === 'en' ? 'Pay a request' : 'Greiða greiðslubeiðni'));
    await user.click(screen.getByTestId('request-link-input'));
    await user.paste(link);
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Fill in the form' : 'Fylla út formið' }));
    return { ...rendered, notice: await screen.findByTestId('request-notice') };
  }

  const WORDS = {
    en: {
      filled: 'Filled in from a payment request.',
      name: 'Name in the request: Anna Jónsdóttir',
      claim: 'Whoever made the request typed this name themselves: neither the bank nor this app has confirmed it.',
      conflict: 'Warning: this request does not agree with your saved payees.',
      otherKennitala:
        'You saved “Anna Jónsdóttir” with another kennitala: 120385-2089 (account number 0133-26-012345).',
      savedAs: 'You saved this kennitala as “Anna Jónsdóttir”.',
      advice: 'The money goes to the kennitala and account number in the form, whatever name the request gives.',
      match: 'The request matches your saved payee: the same name, kennitala and account number.',
      unknown: 'None of your saved payees has this name, kennitala or account number.',
      company: 'Warning: the name looks like a company’s, a bank’s or an authority’s, but the kennitala is a person’s.',
      scripts: 'The name in that request mixes letters of different alphabets (such as Latin and Cyrillic)',
      marks: 'The name in that request has more than two accent marks on one letter, so the request was not used.',
    },
    is: {
      filled: 'Fyllt út úr greiðslubeiðni.',
      name: 'Nafn í beiðninni: Anna Jónsdóttir',
      claim: 'Sá sem bjó til beiðnina skrifaði nafnið sjálfur; hvorki bankinn né forritið hefur staðfest það.',
      conflict: 'Varúð: beiðnin stemmir ekki við vistaða viðtakendur þína.',
      otherKennitala:
        'Þú hefur vistað nafnið „Anna Jónsdóttir“ með annarri kennitölu: 120385-2089 (reikningsnúmer 0133-26-012345).',
      savedAs: 'Þú hefur vistað þessa kennitölu með öðru nafni: Anna Jónsdóttir.',
      advice: 'Greiðslan fer á kennitöluna og reikningsnúmerið í forminu, hvaða nafn sem beiðnin gefur upp.',
      match: 'Beiðnin stemmir við vistaðan viðtakanda þinn: sama nafn, sama kennitala og sama reikningsnúmer.',
      unknown: 'Enginn viðtakandi sem þú hefur vistað er með þetta nafn, þessa kennitölu eða þetta reikningsnúmer.',
      company: 'Varúð: nafnið líkist nafni fyrirtækis, banka eða stofnunar en kennitalan er einstaklings.',
      scripts: 'Í nafninu í beiðninni er stöfum úr ólíkum stafrófum blandað saman (til dæmis latneskum og kýrillískum)',
      marks:
        'Í nafninu í beiðninni eru fleiri en tvö merki (broddar, tvípunktar og þess háttar) á sama staf og beiðnin var því ekki notuð.',
    },
  };

  it('every refusal of a link has its own sentence in both languages, none of them the unknown error’s', () => {
    for (const code of REQUEST_LINK_ERRORS) {
      for (const language of ['en', 'is'] as const) {
        const text = (messages[language] as Record<string, string | undefined>)[`error.${code}`];
        expect(text, `${language} ${code}`).toBeTruthy();
        expect(text).not.toBe(messages[language]['error.unknown']);
      }
    }
  });

  describe.each(['en', 'is'] as const)('in %s', (language) => {
    const words = WORDS[language];

    it('Mallory’s link in Anna’s name: the name is her claim, and the conflict is a warning that says what conflicts', async () => {
      const { notice, container } = await bjornReads(
        written({ kt: MALLORY.kennitala, acct: MALLORY.account, name: CUSTOMERS.anna.name, amount: '15000' }),
        language,
      );
      expect(within(notice).getByRole('status').textContent).toContain(words.filled);
      expect(within(notice).getByTestId('request-name').textContent).toBe(words.name);
      expect(within(notice).getByTestId('request-name-claim').textContent).toBe(words.claim);
      const warning = within(notice).getByRole('alert');
      expect(warning.textContent).toContain(words.conflict);
      expect(within(warning).getByRole('listitem').textContent).toBe(words.otherKennitala);
      expect(warning.textContent).toContain(words.advice);
      expect(notice.textContent).not.toContain(words.match);
      // The form is filled as the link says: the warning is what stops the payer, not an empty form.
      expect(value('deposit-kennitala')).toBe('010190-2909');
      await expectAxeClean(container);
    });

    it('another name on Anna’s kennitala: “you saved this kennitala as …”', async () => {
      const { notice } = await bjornReads(
        written({ kt: ANNA.kennitala, acct: MALLORY.account, name: 'Jón Jónsson' }),
        language,
      );
      expect(within(notice).getByRole('listitem').textContent).toBe(words.savedAs);
    });

    it('Anna’s own request matches the payee Björn saved; a stranger’s is unknown; neither is a warning', async () => {
      const match = await bjornReads(
        written({ kt: ANNA.kennitala, acct: ANNA.account, name: 'ANNA JÓNSDÓTTIR' }),
        language,
      );
      expect(within(match.notice).getByTestId('request-payees').textContent).toBe(words.match);
      expect(within(match.notice).queryByRole('alert')).toBeNull();
      match.unmount();
      const stranger = await bjornReads(
        written({ kt: MALLORY.kennitala, acct: MALLORY.account, name: 'Guðrún Helgadóttir' }),
        language,
      );
      expect(within(stranger.notice).getByTestId('request-payees').textContent).toBe(words.unknown);
      expect(within(stranger.notice).queryByRole('alert')).toBeNull();
    });

    it('a bank’s name on a person’s kennitala is read, with a warning', async () => {
      const { notice } = await bjornReads(
        written({ kt: MALLORY.kennitala, acct: MALLORY.account, name: 'Landsbankinn hf' }),
        language,
      );
      expect(within(notice).getByTestId('request-name').textContent).toContain('Landsbankinn hf');
      expect(within(notice).getByRole('alert').textContent).toContain(words.company);
    });

    it.each([
      ['a Cyrillic А', '\u0410nna Jónsdóttir', 'scripts'],
      ['60 marks on one letter', `A${'\u0301'.repeat(60)}nna`, 'marks'],
    ] as const)('a name with %s is refused, in words, and nothing is filled', async (_, name, reason) => {
      const { notice } = await bjornReads(written({ kt: MALLORY.kennitala, acct: MALLORY.account, name }), language);
      expect(within(notice).getByRole('alert').textContent).toContain(words[reason]);
      expect(value('deposit-kennitala')).toBe('');
      expect(notice.textContent).not.toContain('nna');
    });
  });
});
