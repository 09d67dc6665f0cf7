import { describe, expect, it } from 'vitest';
import type { AppLocale } from '../../common/locale.ts';
import { PAYMENT_STATUS, SHOWN_STATES, type DuplicateKind, type ShownState } from '../../common/payment-status.ts';
import type { MessageKey } from '../../renderer/src/i18n/index.ts';
import { messages } from '../../renderer/src/i18n/sections.ts';
import { actionLabel } from '../../renderer/src/components/PaymentStatus.tsx';
import { actionsIn, codeIn, README_STATE_TABLE, repoText, STATE_TABLE, tableAfter } from '../support/markdown-table.ts';

/**
 * Issue 25: the words of the one table of payment states (common/payment-status.ts): every shown state's title and
 * text and every action's label in both languages, and the state table in docs/PAYMENT-CORE.md and its copy in
 * README.md quote them exactly. The table's own rules: test/common/payment-status.test.ts.
 */

const LOCALES: AppLocale[] = ['en', 'is'];
const title = (state: ShownState): MessageKey => `status.${state}.title`;
const text = (state: ShownState): MessageKey => `status.${state}.text`;

/** The duplicate warning's words for each kind (screens/pay/Review.tsx). */
const DUPLICATE_WORDS: Record<DuplicateKind, MessageKey> = {
  paid: 'review.duplicate',
  declaredPaid: 'review.duplicate.declaredPaid',
  uncertain: 'review.duplicate.uncertain',
  notSent: 'review.duplicate.notSent',
};
const METER_WORDS: MessageKey[] = ['limit.held', 'limit.uncertain'];

/** Whatever the compiler knows, a key must have a text in the messages (a spread section could be missing). */
const words = (locale: AppLocale, key: string): string | undefined =>
  (messages[locale] as Record<string, string | undefined>)[key]?.trim() || undefined;

describe('the words of the table', () => {
  it.each(SHOWN_STATES)('%s has a title and a text in English and Icelandic', (state) => {
    for (const locale of LOCALES) {
      for (const key of [title(state), text(state)]) expect(words(locale, key), `${locale} ${key}`).toBeDefined();
    }
  });

  it('has a label for every action a row offers, and words for the meter and every duplicate kind', () => {
    const keys = [
      ...new Set(
        SHOWN_STATES.flatMap((state) => PAYMENT_STATUS[state].actions.map((action) => actionLabel(action, state))),
      ),
      ...METER_WORDS,
      ...Object.values(DUPLICATE_WORDS),
    ];
    for (const locale of LOCALES) {
      for (const key of keys) expect(words(locale, key), `${locale} ${key}`).toBeDefined();
    }
  });
});

describe('docs/PAYMENT-CORE.md', () => {
  const doc = repoText('docs/PAYMENT-CORE.md');
  const table = tableAfter(doc, STATE_TABLE);

  it.each(SHOWN_STATES)('names %s by its titles and its actions by their labels, exactly', (state) => {
    const cells = table.find((candidate) => codeIn(candidate[0]) === state);
    expect(cells, state).toBeDefined();
    const [, , en, is, actions] = cells ?? [];
    expect(en).toBe(messages.en[title(state)]);
    expect(is).toBe(messages.is[title(state)]);
    expect(actionsIn(actions)).toEqual(
      PAYMENT_STATUS[state].actions.map((action) => ({ label: messages.en[actionLabel(action, state)], action })),
    );
  });

  it('quotes the meter’s words (both languages) and the duplicate warning’s as they are', () => {
    const quoted = doc.replace(/\s+/g, ' ');
    for (const key of [...METER_WORDS, ...Object.values(DUPLICATE_WORDS)])
      expect(quoted, key).toContain(messages.en[key]);
    for (const key of METER_WORDS) expect(quoted, key).toContain(messages.is[key]);
  });
});

describe('README.md', () => {
  it('shows every state in the table’s order, by its English title', () => {
    const seen = tableAfter(repoText('README.md'), README_STATE_TABLE).map((cells) => cells[1]);
    const titles = SHOWN_STATES.map((state) => messages.en[title(state)]);
    // A title may be followed by more ("Sending the payment… (seconds so far)").
    expect(seen.map((cell, index) => cell?.slice(0, titles[index]?.length))).toEqual(titles);
  });
});
