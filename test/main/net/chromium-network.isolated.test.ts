import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createBankClient } from '../../../main/bank/bank-client.ts';
import { BANK_PARTITION, useChromiumForBanks } from '../../../main/net/chromium-network.electron.ts';
import { boundedFetch } from '../../../main/net/http-limits.ts';
import { useChromiumNetwork } from '../../../main/net/network.ts';
import { session } from '../../mocks/electron.ts';
import type { CallTap, TappedCall } from '../../../main/net/call-tap.ts';

afterEach(() => {
  useChromiumNetwork(undefined);
  session.partitions.clear();
});

describe("the packaged app's network stack", () => {
  it('sends bank calls through a session of their own, kept in memory, not the page’s', async () => {
    const bank = Fastify();
    bank.get('/Payments/Initiations/v1/CreditTransfers/abc', () => ({ id: 'abc', status: 'ACCC' }));
    bank.get('/.well-known/openid-configuration', () => ({}));
    const url = await bank.listen({ host: '127.0.0.1', port: 0 });
    try {
      useChromiumForBanks();
      const client = createBankClient({ baseUrl: url, apiKey: 'k', accessToken: () => Promise.resolve('t') });
      expect(await client.getCreditTransfer('abc')).toMatchObject({ status: 'ACCC' });
      await boundedFetch(`${url}/.well-known/openid-configuration`);
      const banks = session.partitions.get(BANK_PARTITION);
      expect(banks?.options).toEqual({ cache: false });
      expect(banks?.fetches.map((fetched) => new URL(fetched).pathname)).toEqual([
        '/Payments/Initiations/v1/CreditTransfers/abc',
        '/.well-known/openid-configuration',
      ]);
      expect([...session.partitions.keys()]).toEqual([BANK_PARTITION]);
    } finally {
      await bank.close();
    }
  });

  it('still sends them through that session while the call list watches them', async () => {
    const bank = Fastify();
    bank.get('/Payments/Initiations/v1/CreditTransfers/abc', () => ({ id: 'abc', status: 'ACCC' }));
    const url = await bank.listen({ host: '127.0.0.1', port: 0 });
    const listed: TappedCall[] = [];
    const tap: CallTap = { id: 'p', start: () => ({ at: 0 }), record: (call) => void listed.push(call) };
    try {
      useChromiumForBanks();
      const client = createBankClient({ baseUrl: url, apiKey: 'k', accessToken: () => Promise.resolve('t'), tap });
      expect(await client.getCreditTransfer('abc')).toMatchObject({ status: 'ACCC' });
      expect(listed.map((call) => call.status)).toEqual([200]);
      expect(session.partitions.get(BANK_PARTITION)?.fetches).toHaveLength(1);
    } finally {
      await bank.close();
    }
  });
});
