import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactBody } from '../../../main/calls/redact-body.ts';
import { errorCodeOf, KENNITALA_MASK, redactPath } from '../../../main/calls/redact.ts';
import { removedInLanguage } from '../../../main/calls/removed-words.ts';
import { accountForms, kennitalaForms, valuesIn } from './wire-values.ts';

/**
 * The allow-list on its own (issue 38, item 7): a create request and a bank's answer, with whatever a customer may type
 * and whatever a hostile bank may echo, keep only what support needs.
 */
const digits = (length: number) => fc.stringMatching(new RegExp(`^[1-9][0-9]{${length - 1}}$`));
const letter = fc.constantFrom(...'aábdðeéfghiíjklmnoóprstuúvxyýþæöAÁÐÞÆÖ');
const anyChar = fc.oneof(
  { weight: 3, arbitrary: letter },
  { weight: 1, arbitrary: fc.constantFrom(...'0123456789 .,-"\\:{}') },
);
const typed = fc
  .array(anyChar, { minLength: 6, maxLength: 60 })
  .map((chars) => chars.join('').trim())
  .filter((text) => text.length >= 6 && /\p{L}.*\p{L}/u.test(text));

function createBody(reference: string, text: string, kt: string, account: string) {
  return JSON.stringify({
    EndToEndIdentification: reference,
    DebtorAccount: { OwnerId: kt, Id: account },
    DepositAccount: { OwnerId: kt, Id: account },
    Amount: { Currency: 'ISK', Amount: 1500 },
    ExtendedReference: text,
  });
}

/** What support needs, kept whatever else the bodies hold. */
const STAYS = [
  '"Amount": 1500',
  '"Currency": "ISK"',
  '"name": "AmountUnavailable"',
  '"code": "ERR_80102_105"',
  '2026-11-22T12:00:00.000Z',
];

describe('a body on the allow-list', () => {
  it('keeps amounts, currency, status, ids, error names and codes and times; no text, kennitala or account but its last two', () => {
    fc.assert(
      fc.property(typed, typed, digits(10), digits(12), (reference, text, kt, account) => {
        const secret = [reference, text, ...kennitalaForms(kt), ...accountForms(account)];
        // A value that is part of what must stay (kennitala 100000-2026 and the year of the date kept) is no leak.
        fc.pre(!secret.some((value) => STAYS.some((stays) => stays.includes(value))));
        const sent = redactBody(createBody(reference, text, kt, account), 'application/json', []);
        // A hostile bank's refusal, echoing all it was sent, in the fields support keeps and in new ones.
        const answer = JSON.stringify({
          name: 'AmountUnavailable',
          code: 'ERR_80102_105',
          message: `No funds for ${reference}`,
          status: reference,
          id: reference,
          paymentDate: '2026-11-22T12:00:00.000Z',
          detail: { [reference]: text, kennitala: kt, account },
          echo: [text, kt, `kt. ${kt.slice(0, 6)}-${kt.slice(6)}`],
        });
        const known = sent.texts;
        const got = redactBody(answer, 'application/json', [], known);
        const kept = `${sent.body ?? ''}\n${got.body ?? ''}`;
        expect(valuesIn(kept, secret)).toEqual([]);
        for (const stays of STAYS) expect(kept).toContain(stays);
        expect(sent.body).toContain(`"Id": "****-**-****${account.slice(10)}"`);
        expect(sent.body).toContain(`"OwnerId": "${KENNITALA_MASK}"`);
        expect(sent.body).toContain(`"ExtendedReference": "[removed, length ${[...text].length}]"`);
      }),
    );
  });

  it('a payee name holding a kennitala, a text holding a token, a name that is no field: none kept', () => {
    const body = JSON.stringify({
      creditorName: 'Jón Jónsson 010130-2989',
      note: 'see eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln and Bearer abc.def',
      'Anna Jónsdóttir': { 'kt 0101302989': 1 },
      status: 'Jón Jónsson',
      name: 'Anna',
      message: 'Your request could not be processed',
    });
    const out = redactBody(body, 'application/json', []).body ?? '';
    expect(out).not.toMatch(/Jón|0101302989|010130|eyJ|Bearer|Anna/);
    expect(out).toContain('"message": "Your request could not be processed"');
    expect(errorCodeOf(400, JSON.stringify({ name: 'Anna' }))).toBeUndefined();
    expect(errorCodeOf(400, JSON.stringify({ name: 'LeigaNovember' }), ['LeigaNovember'])).toBeUndefined();
    expect(errorCodeOf(400, JSON.stringify({ error: 'invalid_grant' }))).toBe('invalid_grant');
  });

  it('a path: a kennitala, an account, an escaped text or an echoed reference in it are not kept; a UUID is', () => {
    expect(redactPath('http://b/Accounts/013326012345/Owners/1203852089')).toBe(
      '/Accounts/****-**-****45/Owners/******-****',
    );
    expect(redactPath('http://b/Payees/J%C3%B3n%20J%C3%B3nsson?q=1')).toBe('/Payees/[removed]?q=[removed]');
    expect(redactPath('http://b/CreditTransfers/LeigaNov', ['LeigaNov'])).toBe('/CreditTransfers/[removed]');
    const uuid = '4c1b3c8e-0f0a-4d7e-9a51-2a0f5b7e9c11';
    expect(redactPath(`http://b/CreditTransfers/${uuid}`)).toBe(`/CreditTransfers/${uuid}`);
  });

  it('a form keeps the protocol’s words and no code, verifier, secret or text; an HTML page is one removed text', () => {
    const form = redactBody(
      'grant_type=refresh_token&refresh_token=opaqueR1&scope=openid%20payments&client_id=wallet&note=Anna',
      'application/x-www-form-urlencoded',
      [],
    ).body;
    expect(form).toBe(
      'grant_type=refresh_token&refresh_token=[removed]&scope=openid payments&client_id=wallet&note=[removed, length 4]',
    );
    expect(redactBody('<html>Anna 1203852089</html>', 'text/html', []).body).toBe('[removed, length 28]');
  });

  it('says "removed" in the customer’s language, as long as the English', () => {
    expect(removedInLanguage('{"a": "[removed, length 14]"}', 'is')).toBe('{"a": "[fjarlægt, lengd 14]"}');
    expect('[fjarlægt, lengd 14]'.length).toBe('[removed, length 14]'.length);
    expect(removedInLanguage('[removed, length 14]', 'en')).toBe('[removed, length 14]');
  });
});
