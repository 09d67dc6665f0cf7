import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALL_BODY_MAX_CHARS, CALL_LOG_MAX_CALLS, CallListSchema } from '../../../common/bank-calls.ts';
import type { TappedCall } from '../../../main/net/call-tap.ts';
import { CallLog, type CallLogOptions } from '../../../main/calls/call-log.ts';
import { redactBody } from '../../../main/calls/redact-body.ts';
import {
  errorCodeOf,
  KENNITALA_MASK,
  maskNumbers,
  redactHeaders,
  redactPath,
  redactText,
  REMOVED,
  removedText,
} from '../../../main/calls/redact.ts';
import { aesGcmBox, newDataKey } from '../../../main/secrets/secret-box.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';

/** The call log's bounds, its seal and its redaction, on their own (bank-calls.test.ts runs them over the wire). */
const box = aesGcmBox(newDataKey());

function log(overrides: Partial<CallLogOptions> = {}) {
  const store = new MemoryStore();
  const options: CallLogOptions = {
    store,
    box: () => box,
    clock: { now: () => Date.parse('2026-11-22T12:00:00Z') },
    listed: () => true,
    secrets: () => ['the-api-key-123'],
    customer: () => '1203852089',
    ...overrides,
  };
  return { store, options, calls: new CallLog(options) };
}

const post = (requestId: string, body = '{}', status: number | undefined = 201): TappedCall => ({
  service: 'bank',
  method: 'POST',
  url: 'http://127.0.0.1:1/Payments/Initiations/v1/CreditTransfers',
  requestHeaders: { 'x-request-id': requestId, apikey: 'the-api-key-123', 'content-type': 'application/json' },
  requestBody: body,
  durationMs: 3,
  ...(status === undefined ? { failure: 'NetworkError' } : { status, responseHeaders: {}, responseBody: '' }),
});

describe('the call log', () => {
  it('keeps the last CALL_LOG_MAX_CALLS calls, the oldest dropped first, and says how many went', () => {
    const { calls } = log();
    for (let n = 0; n < CALL_LOG_MAX_CALLS + 25; n += 1) calls.record('p', post(`req-${n}`));
    const list = calls.list('p');
    expect(list.total).toBe(CALL_LOG_MAX_CALLS);
    expect(list.dropped).toBe(25);
    expect(list.groups.at(-1)?.requestId).toBe('req-25');
    expect(list.groups[0]?.requestId).toBe(`req-${CALL_LOG_MAX_CALLS + 24}`);
  });

  it('numbers a send’s attempts on from the highest kept, when its first attempts were dropped as the oldest', () => {
    const { calls } = log();
    calls.record('p', post('req-x'));
    for (let n = 0; n < CALL_LOG_MAX_CALLS - 1; n += 1) calls.record('p', post(`req-${n}`));
    calls.record('p', post('req-x'));
    calls.record('p', post('req-x'));
    const group = calls.list('p').groups.find((each) => each.requestId === 'req-x');
    // Attempt 1 went with the oldest calls; the two kept are 2 and 3, not 2 twice.
    expect(group?.calls.map((call) => call.attempt)).toEqual([2, 3]);
  });

  it('cuts a huge body and says by how much; the whole log stays under its size however big the bodies', () => {
    const { calls, store, options } = log();
    // Fields support keeps, many of them: a body long past what a call keeps even after redaction.
    const huge = JSON.stringify({ items: Array.from({ length: 500 }, () => ({ status: 'ACCC', amount: 1500 })) });
    for (let n = 0; n < 300; n += 1) calls.record('p', { ...post(`req-${n}`, huge), responseBody: huge });
    const [newest] = calls.list('p').groups;
    const detail = calls.detail('p', newest?.calls[0]?.id ?? '');
    expect(detail.request.body?.length).toBe(CALL_BODY_MAX_CHARS);
    expect(detail.request.cutChars).toBeGreaterThan(6_000);
    expect(detail.request.body).toContain('"status": "ACCC"');
    calls.flush();
    const sealed = store.get('calls.p') as string;
    expect(sealed.length).toBeLessThan(3_000_000);
    // 300 calls of two cut bodies each are more than a profile keeps: the oldest went.
    const kept = new CallLog(options).list('p');
    expect(kept.total).toBeLessThan(300);
    expect(kept.total + kept.dropped).toBe(300);
  });

  it('a damaged or foreign record reads as no calls, and the next write replaces it', () => {
    const { calls, store, options } = log();
    calls.record('p', post('req-1'));
    calls.flush();
    store.set('calls.q', store.get('calls.p'));
    expect(new CallLog(options).list('q').total).toBe(0);
    store.set('calls.p', 'v1:broken');
    const again = new CallLog(options);
    expect(again.list('p').total).toBe(0);
    again.record('p', post('req-2'));
    again.flush();
    expect(new CallLog(options).list('p').total).toBe(1);
  });

  it('calls made before the data key was open are kept after the stored ones, as this run', () => {
    const first = log();
    first.calls.record('p', post('req-1'));
    first.calls.flush();
    let open = false;
    const later = new CallLog({ ...first.options, box: () => (open ? box : undefined) });
    later.record('p', post('req-2'));
    // A retry of a send kept from before: its attempts go on from those kept, once they can be read.
    later.record('p', post('req-1'));
    open = true;
    later.flush();
    later.record('p', post('req-1'));
    const attempts = (list: ReturnType<CallLog['list']>) =>
      list.groups.map((group) => [group.requestId, group.calls.map((call) => [call.run, call.attempt])]);
    // Oldest first in a send's group; `run` is how many runs ago.
    expect(attempts(later.list('p'))).toEqual([
      [
        'req-1',
        [
          [1, 1],
          [0, 2],
          [0, 3],
        ],
      ],
      ['req-2', [[0, 1]]],
    ]);
    later.flush();
    expect(attempts(new CallLog(first.options).list('p'))).toEqual([
      [
        'req-1',
        [
          [2, 1],
          [1, 2],
          [1, 3],
        ],
      ],
      ['req-2', [[1, 1]]],
    ]);
  });

  it('a profile whose calls are not listed records nothing and answers nothing', () => {
    const { calls } = log({ listed: () => false });
    expect(calls.tap('p')).toBeUndefined();
    expect(calls.list('p')).toMatchObject({ shown: false, total: 0 });
    expect(() => calls.detail('p', 'x')).toThrow(expect.objectContaining({ code: 'CALL_NOT_FOUND' }));
  });
});

describe('whose a call is', () => {
  it('the customer signed in as it left: answered after they signed out, it stays theirs, and a bank call is never anyone else’s', () => {
    let customer: string | undefined = '1203852089';
    const { calls } = log({ customer: () => customer });
    const tap = calls.tap('p');
    if (!tap) throw new Error('no tap');
    const started = tap.start();
    customer = undefined;
    tap.record({ ...post('req-1'), started });
    expect(calls.list('p').total).toBe(0);
    customer = '0507922189';
    expect(calls.list('p').total).toBe(0);
    customer = '1203852089';
    expect(calls.list('p').total).toBe(1);
  });

  it('a sign-in call made with the customer’s token (userinfo) keeps no answer; one made while nobody was signed in is anyone’s', () => {
    let customer: string | undefined = undefined;
    const { calls } = log({ customer: () => customer });
    const tap = calls.tap('p');
    if (!tap) throw new Error('no tap');
    tap.record({
      service: 'sign-in',
      method: 'GET',
      url: 'http://127.0.0.1:1/userinfo',
      requestHeaders: { authorization: 'Bearer abcdefghijk' },
      durationMs: 1,
      status: 200,
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: JSON.stringify({ name: 'Anna Jónsdóttir', email: 'anna@example.is' }),
      started: tap.start(),
    });
    customer = '0507922189';
    const [group] = calls.list('p').groups;
    const detail = calls.detail('p', group?.calls[0]?.id ?? '');
    expect(detail.response?.body).toBe(REMOVED);
    expect(JSON.stringify(detail)).not.toContain('Anna');
  });

  it('an answer no HTTP status has is kept as no answer, and the list still reads; a damaged call is left out alone', () => {
    const { calls, store, options } = log();
    calls.record('p', post('req-1', '{}', 42));
    calls.record('p', post('req-2'));
    const list = CallListSchema.parse({ ...calls.list('p'), asOf: 0 });
    expect(list.groups.map((group) => group.calls[0]?.failure ?? group.calls[0]?.status)).toEqual([201, 'BadAnswer']);
    calls.flush();
    const sealed = store.get('calls.p') as string;
    const record = JSON.parse(box.open(sealed, 'a2a-wallet/bankCalls/v1|p')) as { calls: Record<string, unknown>[] };
    record.calls[0] = { ...record.calls[0], status: 'broken' };
    store.set('calls.p', box.seal(JSON.stringify(record), 'a2a-wallet/bankCalls/v1|p'));
    expect(new CallLog(options).list('p').groups.map((group) => group.requestId)).toEqual(['req-2']);
  });
});

describe('redaction', () => {
  const digits = (length: number) => fc.stringMatching(new RegExp(`^[0-9]{${length}}$`));

  it('masks every kennitala and account number, however written and whatever it is glued to', () => {
    const glue = fc.constantFrom('', ' ', 'kt', 'ref-', '_', 'IS14', 'x.', '"', '=');
    const separator = fc.constantFrom('', '-', ' ', '.');
    fc.assert(
      fc.property(
        digits(10),
        digits(12),
        glue,
        glue,
        separator,
        fc.string({ maxLength: 20 }),
        (kt, account, before, after, sep, around) => {
          const forms = [
            kt,
            `${kt.slice(0, 6)}${sep}${kt.slice(6)}`,
            account,
            `${account.slice(0, 4)}${sep}${account.slice(4, 6)}${sep}${account.slice(6)}`,
          ];
          const text = `${around}${forms.map((form) => `${before}${form}${after}`).join(' ; ')}${around}`;
          const masked = redactText(text, []);
          const digitsLeft = masked.replace(/[^0-9]+/g, ' ');
          // No run of the customer's digits longer than the four or six a masked one keeps.
          for (const number of [kt, account]) {
            for (let start = 0; start + 7 <= number.length; start += 1) {
              expect(digitsLeft.replaceAll(' ', '|')).not.toContain(number.slice(start, start + 7));
            }
          }
        },
      ),
    );
  });

  it('masks numbers in JSON keys and values, a leading zero lost or not, and walks no deeper than it can keep', () => {
    let deep: unknown = { access_token: 'opaqueDEEPtoken', kt: '0101302989' };
    for (let n = 0; n < 30; n += 1) deep = { a: deep };
    const out = redactBody(
      JSON.stringify({ '0101302989': 1, account: 13326012345, kt: 101302989, amount: 1500, deep }),
      'application/json',
      [],
    ).body;
    expect(out).not.toMatch(/0101302989|13326012345|101302989|opaqueDEEP/);
    expect(out).toContain('"amount": 1500');
  });

  it('keeps a UUID whole, whatever digits it runs (an initiation id in a path), and still masks what stands beside it', () => {
    fc.assert(
      fc.property(fc.uuid(), digits(10), (uuid, kt) => {
        expect(redactPath(`http://bank.example/CreditTransfers/${uuid}`)).toBe(`/CreditTransfers/${uuid}`);
        expect(maskNumbers(`${uuid} ${kt}`)).toBe(`${uuid} ${KENNITALA_MASK}`);
      }),
    );
    const digitHeavy = '12345678-1234-4234-9234-123456789012';
    expect(maskNumbers(digitHeavy)).toBe(digitHeavy);
  });

  it('a broken JSON or form body is redacted by the names of its fields', () => {
    for (const body of [
      'access_token=opaqueT1&token_type=bearer\n',
      '{"access_token":"opaqueT1","refresh_token": "opaqueT2",}',
      'error: see code=opaqueT1 and "client_secret" : "opaqueT2"',
    ]) {
      expect(redactBody(body, 'application/json', []).body).not.toMatch(/opaqueT/);
    }
  });

  it('keeps a Location’s path but not its query or fragment, a challenge’s scheme, and no error code but a name', () => {
    const headers = redactHeaders(
      {
        location: 'https://app.example/cb?code=AUTHCODE123&state=s#access_token=opaqueT',
        'www-authenticate': 'Bearer realm="bank", error="invalid_token"',
      },
      [],
    );
    expect(headers['location']).toBe(`https://app.example/cb?code=${REMOVED}&state=${REMOVED}#access_token=${REMOVED}`);
    expect(headers['www-authenticate']).toBe('Bearer realm="bank", error="invalid_token"');
    expect(errorCodeOf(400, '{"name":"0101302989"}')).toBeUndefined();
    expect(errorCodeOf(400, '{"error":"eyJabc.def.ghi"}')).toBeUndefined();
    expect(errorCodeOf(400, '{"name":"AmountUnavailable"}')).toBe('AmountUnavailable');
  });

  it('removes every field named like a secret, at any depth of a JSON body, and keeps the others', () => {
    const secretKey = fc.constantFrom('access_token', 'refresh_token', 'id_token', 'client_secret', 'code', 'apiKey');
    fc.assert(
      fc.property(
        secretKey,
        fc.string({ minLength: 8, maxLength: 40 }),
        fc.integer({ min: 0, max: 4 }),
        (key, value, depth) => {
          let body: unknown = { [key]: value, amount: 1500 };
          for (let n = 0; n < depth; n += 1) body = { inner: [body] };
          const out = redactBody(JSON.stringify(body), 'application/json', []).body ?? '';
          // Removed; `code` is the bank's error code in JSON, kept only shaped as one (ERR_80102_105).
          expect(out).toContain(key === 'code' ? `"code": "[removed` : `"${key}": "${REMOVED}"`);
          expect(out).toContain('"amount": 1500');
        },
      ),
    );
  });

  it('removes a form body’s code, verifier and secret, and a known secret written anywhere', () => {
    const out = redactBody(
      'grant_type=authorization_code&code=abc123def&code_verifier=xyz987&client_secret=s3cret&note=the-api-key-123',
      'application/x-www-form-urlencoded',
      ['the-api-key-123'],
    ).body;
    expect(out).toBe(
      `grant_type=authorization_code&code=${REMOVED}&code_verifier=${REMOVED}&client_secret=${REMOVED}&note=${removedText(15)}`,
    );
  });
});
