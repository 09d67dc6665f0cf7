import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DraftValidation } from '../../common/bridge-contract.ts';
import type { AppLocale } from '../../common/locale.ts';
import { createDueStore } from '../../renderer/src/screens/pay/due-store.ts';
import { PayForm } from '../../renderer/src/screens/pay/PayForm.tsx';
import { createPayStore } from '../../renderer/src/screens/pay/pay-store.ts';
import type { PayDraft } from '../../renderer/src/state/app-store.ts';
import { deferred, Refusal, type BridgeStub } from '../support/bridge-stub.ts';
import { checkedFine, checkedWith, payStub, renderStubbed } from './pay-stubbed.tsx';

/**
 * The pay form's own logic over a contract-typed stub of the bridge: where the focus goes after a refused Review,
 * Review pressed before the check of the draft as it is now has answered, which answer counts, and what the amount
 * lets in. What main checks, and how, is tested over the real core (pay.isolated.test.tsx, pay-review-wait.test.tsx).
 */
function renderForm(stub: BridgeStub, locale: AppLocale = 'en') {
  const reviews: { validation: DraftValidation; draft: PayDraft }[] = [];
  const rendered = renderStubbed(
    stub,
    (app) => (
      <PayForm
        onReview={(validation, draft) => reviews.push({ validation, draft })}
        onLimit={() => undefined}
        due={createDueStore(stub.api, app)}
        store={createPayStore(stub.api, app)}
      />
    ),
    locale,
  );
  return { ...rendered, reviews };
}

const reviewButton = () => screen.getByRole('button', { name: 'Review payment' });

describe('the pay form, on its own', () => {
  it('moves the focus to the first field main found in error, once the check of Review answers', async () => {
    const stub = payStub({ validatePayment: () => checkedWith({ depositAccount: 'account', amount: 'empty' }) });
    const { user, reviews } = renderForm(stub);
    await user.click(reviewButton());
    await screen.findByText('Fix the fields marked before you continue.');
    // The kennitala comes first in the form, but main found nothing wrong with it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('deposit-account')));
    expect(screen.getByTestId('deposit-kennitala').getAttribute('aria-invalid')).toBeNull();
    expect(reviews).toEqual([]);
  });

  it('opens the review when the check of the draft as it is now answers, not on an earlier one', async () => {
    const answers: { draft: PayDraft; answer: ReturnType<typeof deferred<DraftValidation>> }[] = [];
    const stub = payStub({
      validatePayment: (draft) => {
        const answer = deferred<DraftValidation>();
        answers.push({ draft: draft as PayDraft, answer });
        return answer.promise;
      },
    });
    const { user, reviews } = renderForm(stub);
    await user.type(screen.getByTestId('amount'), '15');
    await user.click(reviewButton());
    const last = answers.at(-1);
    expect(last?.draft.amount).toBe('15');
    // The earlier drafts' answers come first: they open nothing.
    await act(async () => {
      for (const { draft, answer } of answers.slice(0, -1)) answer.resolve(checkedFine(draft));
    });
    expect(reviews).toEqual([]);
    await act(async () => last?.answer.resolve(checkedFine(last.draft)));
    await waitFor(() => expect(reviews).toHaveLength(1));
    expect(reviews[0]?.draft.amount).toBe('15');
    expect(reviews[0]?.validation.order?.amount).toBe(15);
  });

  it('waits for a held check, then opens the review once, however often Review was pressed', async () => {
    const held = deferred<void>();
    const stub = payStub({
      validatePayment: async (draft) => {
        await held.promise;
        return checkedFine(draft);
      },
    });
    const { user, reviews } = renderForm(stub);
    await user.type(screen.getByTestId('amount'), '1500');
    await user.click(reviewButton());
    await user.click(reviewButton());
    expect(reviews).toEqual([]);
    await act(async () => held.resolve());
    await waitFor(() => expect(reviews).toHaveLength(1));
    expect(reviews[0]?.draft.amount).toBe('1,500');
  });

  it('asks main again when Review is pressed after it refused the last check', async () => {
    let refuse = true;
    const stub = payStub({
      validatePayment: (draft) => {
        if (refuse) throw new Refusal('UNREACHABLE');
        return checkedFine(draft);
      },
    });
    const { user, reviews } = renderForm(stub);
    await screen.findByRole('alert');
    refuse = false;
    await user.click(reviewButton());
    await waitFor(() => expect(reviews).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['en', '1a5b00', '1,500', 'Only digits: the amount is in whole krónur.'],
    ['is', '1a5b00', '1.500', 'Aðeins tölustafir: upphæðin er í heilum krónum.'],
  ] as const)(
    'lets only what an amount can be into it, and says so as it happens (%s)',
    async (locale, typed, kept, said) => {
      const stub = payStub({ validatePayment: (draft) => checkedFine(draft) });
      const { user } = renderForm(stub, locale);
      const amount = screen.getByTestId<HTMLInputElement>('amount');
      await user.type(amount, typed);
      expect(amount.value).toBe(kept);
      expect(screen.getByTestId('amount-refused').textContent).toBe(said);
      await user.tab();
      expect(screen.getByTestId('amount-refused').textContent).toBe('');
      // What was checked is what the field shows: no letter ever reached main.
      expect(stub.requests('validatePayment').every((draft) => /^[\d.,]*$/.test(draft.amount))).toBe(true);
    },
  );
});
