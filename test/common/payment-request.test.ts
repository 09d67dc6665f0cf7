import fc from 'fast-check';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { kennitalaCheckDigit } from '../../common/kennitala.ts';
import {
  cleanRequestLink,
  crc32Hex,
  paymentRequestLink,
  readPaymentRequestLink,
  type PaymentRequest,
} from '../../common/payment-request.ts';

/** Anna asks for 1 500 kr. for the rent. */
const ANNA: PaymentRequest = {
  kennitala: '1203852089',
  account: '013326012345',
  name: 'Anna Jónsdóttir',
  amount: 1500,
  message: 'Leiga nóv',
};

/** A person's kennitala: a real date, a serial, its check digit and a century digit. */
const kennitala = fc
  .tuple(
    fc.integer({ min: 1, max: 28 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 20, max: 99 }),
    fc.constantFrom('8', '9', '0'),
  )
  .map(([day, month, year, serial, century]) => {
    const first = [day, month, year, serial].map((part) => String(part).padStart(2, '0')).join('');
    const check = kennitalaCheckDigit(first);
    return check === undefined ? undefined : `${first}${check}${century}`;
  })
  .filter((value): value is string => value !== undefined);

const request: fc.Arbitrary<PaymentRequest> = fc.record(
  {
    kennitala,
    account: fc.stringMatching(/^\d{12}$/),
    name: fc.stringMatching(/^[A-Za-zÁÉÍÓÚÝÞÆÖÐáéíóúýþæöð][A-Za-zÁÉÍÓÚÝÞÆÖÐáéíóúýþæöð .'-]{0,69}$/),
    amount: fc.integer({ min: 1, max: 200_000 }),
    message: fc
      .string({ minLength: 1, maxLength: 140, unit: 'grapheme-ascii' })
      .filter((text) => text.trim() === text && text !== ''),
  },
  { requiredKeys: ['kennitala', 'account'] },
);

const refusal = (link: string) => {
  const read = readPaymentRequestLink(link);
  return read.ok ? 'read' : read.error;
};

/** Anna's link with one field written otherwise, and its check value made right again (a forger's link). */
function forged(fields: Record<string, string>): string {
  const params = new URLSearchParams({ v: '1', kt: ANNA.kennitala, acct: ANNA.account, ...fields });
  params.set('c', crc32Hex(params.toString()));
  return `a2a-wallet://pay?${params.toString()}`;
}

describe('a payment request link', () => {
  it('reads back as the request it was made of, whatever its fields', () => {
    fc.assert(
      fc.property(request, (asked) => {
        expect(readPaymentRequestLink(paymentRequestLink(asked))).toEqual({ ok: true, request: asked });
      }),
    );
  });

  it('looks like this', () => {
    expect(paymentRequestLink(ANNA)).toBe(
      `a2a-wallet://pay?v=1&kt=1203852089&acct=013326012345&name=Anna+J%C3%B3nsd%C3%B3ttir&amount=1500&msg=Leiga+n%C3%B3v&c=${crc32Hex('v=1&kt=1203852089&acct=013326012345&name=Anna+J%C3%B3nsd%C3%B3ttir&amount=1500&msg=Leiga+n%C3%B3v')}`,
    );
  });

  it('with one character mistyped is refused, or reads as the very same request (never another one)', () => {
    fc.assert(
      fc.property(request, fc.nat(), fc.constantFrom(...'0123456789abcdefABCDEF&=%+-.kKtTcCv'), (asked, at, typed) => {
        const link = paymentRequestLink(asked);
        const index = at % link.length;
        const typo = `${link.slice(0, index)}${typed}${link.slice(index + 1)}`;
        const read = readPaymentRequestLink(typo);
        if (read.ok) expect(read.request).toEqual(asked);
      }),
    );
  });

  it('with two neighbouring characters swapped, or cut short, is refused or reads as the same request', () => {
    fc.assert(
      fc.property(request, fc.nat(), (asked, at) => {
        const link = paymentRequestLink(asked);
        const index = at % (link.length - 1);
        const swapped = `${link.slice(0, index)}${link[index + 1] ?? ''}${link[index] ?? ''}${link.slice(index + 2)}`;
        for (const changed of [swapped, link.slice(0, index)]) {
          const read = readPaymentRequestLink(changed);
          if (read.ok) expect(read.request).toEqual(asked);
        }
      }),
    );
  });

  it.each([
    ['huge', `${paymentRequestLink(ANNA)}${'&x=1'.repeat(1000)}`, 'REQUEST_TOO_LONG'],
    ['another scheme', paymentRequestLink(ANNA).replace('a2a-wallet:', 'javascript:'), 'REQUEST_NOT_A_LINK'],
    ['not a link at all', 'Anna, 0133-26-012345', 'REQUEST_NOT_A_LINK'],
    ['a web address', 'https://bank.example/pay?v=1', 'REQUEST_NOT_A_LINK'],
    ['another action', paymentRequestLink(ANNA).replace('//pay?', '//send?'), 'REQUEST_NOT_A_LINK'],
    ['no version', paymentRequestLink(ANNA).replace('v=1&', ''), 'REQUEST_NOT_A_LINK'],
    ['a newer version', forged({ v: '2' }), 'REQUEST_NEWER_VERSION'],
    ['an unknown field', forged({ callback: 'https://evil.example' }), 'REQUEST_UNKNOWN_FIELD'],
    ['a field twice', `${paymentRequestLink(ANNA)}&kt=0507922189`, 'REQUEST_UNKNOWN_FIELD'],
    ['a wrong check value', paymentRequestLink(ANNA).replace(/c=[0-9a-f]{8}$/, 'c=00000000'), 'REQUEST_CHECK_FAILED'],
    ['no check value', paymentRequestLink(ANNA).replace(/&c=[0-9a-f]{8}$/, ''), 'REQUEST_CHECK_FAILED'],
    ['script in the name', forged({ name: '<script>alert(1)</script>' }), 'REQUEST_NAME'],
    ['a name of 71 letters', forged({ name: 'A'.repeat(71) }), 'REQUEST_NAME'],
    ['an empty name', forged({ name: '' }), 'REQUEST_NAME'],
    ['a Cyrillic А in the name', forged({ name: '\u0410nna Jónsdóttir' }), 'REQUEST_NAME_SCRIPTS'],
    ['60 marks on one letter of the name', forged({ name: `A${'\u0301'.repeat(60)}` }), 'REQUEST_NAME_MARKS'],
    ['an invisible mark in the name', forged({ name: 'An\u034Fna' }), 'REQUEST_NAME'],
    ['a company’s kennitala', forged({ kt: '5902697199' }), 'REQUEST_COMPANY'],
    ['a kennitala that fails its check digit', forged({ kt: '1203852099' }), 'REQUEST_KENNITALA'],
    ['an account of letters', forged({ acct: '0133xx012345' }), 'REQUEST_ACCOUNT'],
    ['amount 0', forged({ amount: '0' }), 'REQUEST_AMOUNT'],
    ['an amount over the daily limit', forged({ amount: '200001' }), 'REQUEST_AMOUNT'],
    ['a negative amount', forged({ amount: '-5' }), 'REQUEST_AMOUNT'],
    ['a fraction', forged({ amount: '1500.5' }), 'REQUEST_AMOUNT'],
    ['a huge amount', forged({ amount: '9'.repeat(40) }), 'REQUEST_AMOUNT'],
    ['a message of 141 characters', forged({ msg: 'x'.repeat(141) }), 'REQUEST_MESSAGE'],
    ['a message with a control character', forged({ msg: 'rent\u0007' }), 'REQUEST_MESSAGE'],
  ])('%s is refused', (_, link, error) => {
    expect(refusal(link)).toBe(error);
  });

  it('is read as it was made when a mail program wrapped it, or a chat app put spaces in it', () => {
    const link = paymentRequestLink(ANNA);
    const at = (index: number, inserted: string) => `${link.slice(0, index)}${inserted}${link.slice(index)}`;
    for (const wrapped of [
      at(40, '\r\n'),
      at(40, '\n   '),
      at(17, ' '),
      at(60, '\t'),
      at(30, '\u00a0'),
      at(30, '\u200b'),
      `  ${at(70, '\n')}\n`,
      link.replace(/&/g, '\n&'),
    ]) {
      expect(readPaymentRequestLink(wrapped)).toEqual({ ok: true, request: ANNA });
    }
    expect(cleanRequestLink(` ${at(40, '\r\n  ')} `)).toBe(link);
  });

  it('with a space or line break anywhere, reads as the very request it was made of', () => {
    fc.assert(
      fc.property(request, fc.nat(), fc.constantFrom(' ', '\n', '\r\n', '\u00a0'), (asked, at, space) => {
        const link = paymentRequestLink(asked);
        const index = at % link.length;
        const read = readPaymentRequestLink(`${link.slice(0, index)}${space}${link.slice(index)}`);
        expect(read).toEqual({ ok: true, request: asked });
      }),
    );
  });

  it('reads the largest request this version makes, and no longer link', () => {
    const largest = paymentRequestLink({ ...ANNA, name: 'Þ'.repeat(70), message: 'ð'.repeat(140), amount: 200_000 });
    expect(refusal(largest)).toBe('read');
    expect(refusal(`${largest}${' '.repeat(2000)}`)).toBe('REQUEST_TOO_LONG');
  });
});

describe('the check value', () => {
  it('is the CRC-32 zlib computes, of the UTF-8 bytes', () => {
    expect(crc32Hex('123456789')).toBe('cbf43926');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(crc32Hex(text)).toBe(crc32(Buffer.from(text, 'utf8')).toString(16).padStart(8, '0'));
      }),
    );
  });
});
