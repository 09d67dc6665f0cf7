import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../common/payment.ts';
import { removedInLanguage } from '../../main/calls/removed-words.ts';
import { outcomeNotice } from '../../main/payments/outcome-notice.ts';
import { translate } from '../../renderer/src/i18n/index.ts';
import { messages } from '../../renderer/src/i18n/sections.ts';

/**
 * Issue 42, item 7: Icelandic that reads as written. The old wordings are gone from every text the customer reads,
 * the window's messages and the notifications and files main writes.
 */
const OLD_WORDINGS = [
  /klár(uð|að)/i,
  /(komið|komin|komnar?) (er |eru |var |voru )?fram yfir gjalddaga/i,
  /féllu? á gjalddaga/i,
  /athugaðu stöðuna frekar/i,
  /(?<![\d.,])1 sinni/,
  /sködduð/i,
  /aðgangstók/i,
];

/** The texts main writes in Icelandic for the customer: notifications, exports, the status words. */
const MAIN_TEXTS = [
  'main/payments/outcome-notice.ts',
  'main/due/due-notice.ts',
  'main/payments/export-texts.ts',
  'common/glossary.ts',
].map((path) => [path, readFileSync(join(import.meta.dirname, '../..', path), 'utf8')] as const);

describe('Icelandic wording (issue 42)', () => {
  it('has none of the old wordings in the window’s messages', () => {
    // The sandbox panel is the testers' own, where a token is named as the protocol names it.
    const customers = Object.entries(messages.is).filter(([key]) => !key.startsWith('sandbox.route.'));
    const found = customers.flatMap(([key, text]) =>
      OLD_WORDINGS.filter((old) => old.test(text)).map((old) => `${key}: ${String(old)}`),
    );
    expect(found).toEqual([]);
  });

  it('has none of them in what main writes', () => {
    const found = MAIN_TEXTS.flatMap(([path, text]) =>
      OLD_WORDINGS.filter((old) => old.test(text)).map((old) => `${path}: ${String(old)}`),
    );
    expect(found).toEqual([]);
  });

  it('says "einu sinni" for once, and counts on from two', () => {
    expect(translate('is', 'due.times', { count: 1 })).toBe('einu sinni alls');
    expect(translate('is', 'due.times', { count: 21 })).toBe('21 sinni alls');
    expect(translate('is', 'due.times', { count: 3 })).toBe('3 sinnum alls');
    expect(translate('en', 'due.times', { count: 1 })).toBe('1 time in all');
  });

  it('names a finished payment "Greiðslu lokið", and an overdue one by its date', () => {
    // Without details the notice reads only the state: the rest of the payment is not needed here.
    const settled = outcomeNotice({ state: 'settled', order: {} } as unknown as PaymentIntent, 'is', 'A2A Wallet');
    expect(settled).toEqual({
      title: 'Greiðslu lokið',
      body: 'Bankinn hefur lokið greiðslunni. Opnaðu A2A Wallet til að sjá hana.',
    });
    expect(translate('is', 'due.overdue', { when: '1. des.' })).toBe('Gjalddagi var 1. des.');
  });

  it('writes a removed value as "fjarlægt" in Icelandic', () => {
    expect(removedInLanguage('{"authorization":"[removed]","note":"[removed, length 4]"}', 'is')).toBe(
      '{"authorization":"[fjarlægt]","note":"[fjarlægt, lengd 4]"}',
    );
  });
});
