import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALL_BODY_MAX_CHARS, CALL_LOG_MAX_CALLS } from '../../../common/bank-calls.ts';
import type { TappedCall } from '../../../main/calls/call-tap.ts';
import { CallLog, type CallLogOptions } from '../../../main/calls/call-log.ts';
import { maskNumbers, redactBody, REMOVED } from '../../../main/calls/redact.ts';
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

  it('cuts a huge body and says by how much; the whole log stays under its size however big the bodies', () => {
    const { calls, store, options } = log();
    const huge = JSON.stringify({ note: 'x'.repeat(10_000) });
    for (let n = 0; n < 300; n += 1) calls.record('p', { ...post(`req-${n}`, huge), responseBody: huge });
    const [newest] = calls.list('p').groups;
    const detail = calls.detail('p', newest?.calls[0]?.id ?? '');
    expect(detail.request.body?.length).toBe(CALL_BODY_MAX_CHARS);
    expect(detail.request.cutChars).toBeGreaterThan(6_000);
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
    open = true;
    later.flush();
    const list = new CallLog(first.options).list('p');
    expect(list.groups.map((group) => [group.requestId, group.calls[0]?.run])).toEqual([
      ['req-2', 1],
      ['req-1', 2],
    ]);
  });

  it('a profile whose calls are not listed records nothing and answers nothing', () => {
    const { calls } = log({ listed: () => false });
    expect(calls.tap('p')).toBeUndefined();
    expect(calls.list('p')).toMatchObject({ shown: false, total: 0 });
    expect(() => calls.detail('p', 'x')).toThrow(expect.objectContaining({ code: 'CALL_NOT_FOUND' }));
  });
});

describe('redaction', () => {
  const digits = (length: number) => fc.stringMatching(new RegExp(`^[0-9]{${length}}$`));

  it('masks every kennitala and account number, with or without dashes, wherever it stands in a text', () => {
    fc.assert(
      fc.property(digits(10), digits(12), fc.string({ maxLength: 20 }), (kennitala, account, around) => {
        const dashed = `${account.slice(0, 4)}-${account.slice(4, 6)}-${account.slice(6)}`;
        const text = `${around} ${kennitala} ${kennitala.slice(0, 6)}-${kennitala.slice(6)} ${account} ${dashed} ${around}`;
        const masked = maskNumbers(text);
        expect(masked).not.toContain(kennitala);
        expect(masked).not.toContain(`${kennitala.slice(0, 6)}-${kennitala.slice(6)}`);
        expect(masked).not.toContain(account);
        expect(masked).not.toContain(dashed);
      }),
    );
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
          expect(out).toContain(`"${key}": "${REMOVED}"`);
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
      `grant_type=authorization_code&code=${REMOVED}&code_verifier=${REMOVED}&client_secret=${REMOVED}&note=${REMOVED}`,
    );
  });
});
