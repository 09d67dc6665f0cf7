import { ProfileSchema, type Profile } from '../common/profile.ts';
import { SessionService } from '../main/auth/session-service.ts';
import { TokenVault } from '../main/auth/token-vault.ts';
import { LOCAL_SANDBOX_APP } from '../main/profiles/local-sandbox.ts';
import { MemoryStore } from '../main/storage/key-value-store.ts';
import { startSandbox } from '../sandbox/index.ts';
import { scriptedBrowser } from '../test/main/auth/scripted-browser.ts';

/**
 * `npm run bench:sign-in`: the median time of a whole sign-in against the local sandbox, as the app does it (issue
 * 43: the OpenID client moved onto oauth4webapi may not make it more than 5 % slower). One sign-in is the endpoints,
 * the loopback listener, the browser's part (a scripted browser: the login and consent pages, the redirect), the code
 * exchange, the id_token's checks and the vault. Two profiles: the Local sandbox as shipped (the bank's documented
 * paths, no keys), and the same bank read through its discovery document (the id_token verified with its keys).
 */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 60);
const WARMUP = 10;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const sandbox = await startSandbox({ now: '2026-11-22T12:00:00.000Z', accessTokenTtlSeconds: 600 });
const base = {
  id: 'local-sandbox',
  name: 'Local sandbox',
  environment: 'local-sandbox',
  baseUrl: sandbox.url,
  authUrl: sandbox.url,
  ...LOCAL_SANDBOX_APP,
};

async function signInTimes(profile: Profile): Promise<number[]> {
  const times: number[] = [];
  const service = new SessionService({
    profiles: { get: () => profile },
    vault: new TokenVault(new MemoryStore(), undefined),
    clock: sandbox.clock,
    openExternal: (url) => scriptedBrowser('anna').openExternal(url),
    locale: () => 'en',
    appName: 'A2A Wallet',
  });
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    const started = performance.now();
    const session = await service.signIn(profile.id);
    const elapsed = performance.now() - started;
    if (!session.signedIn) throw new Error('the sign-in did not finish');
    if (round >= WARMUP) times.push(elapsed);
  }
  await service.close();
  return times;
}

try {
  const shipped = ProfileSchema.parse(base);
  const discovered = ProfileSchema.parse({
    ...base,
    discoveryUrl: `${sandbox.url}/.well-known/openid-configuration`,
  });
  // Interleaved, so that a machine busier in one half does not favour either.
  const plain: number[] = [];
  const verified: number[] = [];
  for (let pass = 0; pass < 3; pass += 1) {
    plain.push(...(await signInTimes(shipped)));
    verified.push(...(await signInTimes(discovered)));
  }
  console.log(`sign-in median, Local sandbox as shipped: ${median(plain).toFixed(3)} ms (${plain.length} rounds)`);
  console.log(
    `sign-in median, with discovery and the bank's keys: ${median(verified).toFixed(3)} ms (${verified.length} rounds)`,
  );
} finally {
  await sandbox.stop();
}
