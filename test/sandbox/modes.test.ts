import { describe, expect, it } from 'vitest';
import { SAMPLE_INITIATION_ID } from '../../sandbox/index.ts';
import { anna, bjorn, expectBankError, getTransfer, postTransfer, TRANSFERS, transferBody } from './bank-client.ts';
import { tokenFor, useSandbox } from './fixture.ts';

describe('stateful mode (the default)', () => {
  const sandbox = useSandbox();

  it('gives every accepted POST its own initiation, which only its owner may GET', async () => {
    const s = sandbox();
    expect(s.mode).toBe('stateful');
    const token = await tokenFor(s, 'anna');
    const first = (await postTransfer(s.url, { token })).headers.get('location') ?? '';
    const second = (await postTransfer(s.url, { token })).headers.get('location') ?? '';
    expect(first).not.toBe(second);
    expect((await getTransfer(s.url, first, { token })).status).toBe(200);
    await expectBankError(await getTransfer(s.url, first, { token: await tokenFor(s, 'bjorn') }), 'NotAuthorizedToGet');
    await expectBankError(await getTransfer(s.url, SAMPLE_INITIATION_ID, { token }), 'InitiationNotFound');
  });
});

describe('faithful mode: as the bank’s sandbox behaves', () => {
  const sandbox = useSandbox({ mode: 'faithful' });
  const sample = `${TRANSFERS}/${SAMPLE_INITIATION_ID}`;

  it('answers every accepted POST with the Location of one fixed sample initiation', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    for (const amount of [1, 2]) {
      const created = await postTransfer(s.url, { token, body: transferBody({ amount }) });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toBe(sample);
    }
    expect(s.initiations().map((record) => record.location)).toEqual([sample, sample]);
  });

  it('returns the sample with the caller’s own debtor account and owner, and otherwise static values', async () => {
    const s = sandbox();
    const asAnna = (await (await getTransfer(s.url, sample, { token: await tokenFor(s, 'anna') })).json()) as Record<
      string,
      unknown
    >;
    const asBjorn = (await (await getTransfer(s.url, sample, { token: await tokenFor(s, 'bjorn') })).json()) as Record<
      string,
      unknown
    >;
    expect(asAnna).toMatchObject({
      id: SAMPLE_INITIATION_ID,
      status: 'ACCC',
      debtorAccount: { id: anna.primary, ownerId: anna.kennitala },
    });
    expect(asBjorn).toMatchObject({ debtorAccount: { id: bjorn.primary, ownerId: bjorn.kennitala } });
    const { debtorAccount: _a, ...annasStatic } = asAnna;
    const { debtorAccount: _b, ...bjornsStatic } = asBjorn;
    expect(annasStatic).toEqual(bjornsStatic);
    expect(annasStatic.paymentDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  });

  it('answers every other GET with InitiationNotFound, even of a payment just made', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    expect((await postTransfer(s.url, { token })).status).toBe(201);
    const realId = s.initiations()[0]?.initiation.id ?? '';
    await expectBankError(await getTransfer(s.url, realId, { token }), 'InitiationNotFound');
    await expectBankError(await getTransfer(s.url, 'anything', { token }), 'InitiationNotFound');
  });

  it('gives the errors of stateful mode', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    await expectBankError(await postTransfer(s.url, { token, requestId: null }), 'RequestIdHeaderMissing');
    await expectBankError(
      await postTransfer(s.url, { token, body: transferBody({ amount: 0 }) }),
      'ZeroOrNegativeAmount',
    );
    await expectBankError(
      await postTransfer(s.url, { token, body: transferBody({ amount: 200_001 }) }),
      'OverDailyAmount',
    );
    await expectBankError(await getTransfer(s.url, `${TRANSFERS}/`, { token }), 'InvalidInitationId');
    await expectBankError(await getTransfer(s.url, sample, { token: null }), 'Unauthorized');
  });

  it('replays a repeated request id with the sample Location', async () => {
    const s = sandbox();
    const token = await tokenFor(s, 'anna');
    await postTransfer(s.url, { token, requestId: 'F1' });
    const replay = await postTransfer(s.url, { token, requestId: 'F1' });
    expect(replay.headers.get('location')).toBe(sample);
    expect(s.initiations()).toHaveLength(1);
  });
});
