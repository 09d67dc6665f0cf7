import { createServer, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { ProfileSchema, type Profile, type ProfileInput } from '../../../common/profile.ts';

/**
 * A bank's sign-in endpoints on 127.0.0.1, each answer chosen by the test: a body, a drip of one byte every 50 ms
 * that never ends, or a flood larger than any answer should be. It signs id_tokens with a key it publishes at /jwks.
 */
export type Answer = { status?: number; json: unknown } | 'drip' | 'flood' | { flood: number };

export interface FakeBank {
  url: string;
  answers: Map<string, Answer>;
  /** Bytes of the flood written before the client hung up. */
  flooded(): number;
  sign(claims: JWTPayload): Promise<string>;
  close(): Promise<void>;
}

/** A bank-sandbox profile pointed at the fake bank; `extra` sets what a test is about (secret, discovery, ...). */
export function profileOf(bank: FakeBank, extra: Partial<ProfileInput> = {}): Profile {
  return ProfileSchema.parse({
    id: 'bank',
    name: 'Bank',
    environment: 'bank-sandbox',
    baseUrl: bank.url,
    authUrl: bank.url,
    clientId: 'wallet',
    clientSecret: '',
    apiKey: 'k',
    ...extra,
  });
}

/** 'flood' sends 2 MiB; `{ flood: n }` sends n bytes. */
const FLOOD_BYTES = 2 * 1024 * 1024;

function flood(response: ServerResponse, total: number, written: (bytes: number) => void): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const next = () => {
    while (sent < total) {
      sent += chunk.length;
      written(chunk.length);
      if (!response.write(chunk)) return void response.once('drain', next);
    }
    response.end();
  };
  response.on('close', () => (sent = total));
  next();
}

function drip(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('{');
  const timer = setInterval(() => response.write(' '), 50);
  response.on('close', () => clearInterval(timer));
}

export async function startFakeBank(): Promise<FakeBank> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const answers = new Map<string, Answer>([['/jwks', { json: { keys: [jwk] } }]]);
  let floodedBytes = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    const answer = answers.get(new URL(request.url ?? '/', 'http://x').pathname);
    if (answer === undefined) return void response.writeHead(404).end();
    if (answer === 'drip') return drip(response);
    if (answer === 'flood' || 'flood' in answer) {
      return flood(response, answer === 'flood' ? FLOOD_BYTES : answer.flood, (bytes) => (floodedBytes += bytes));
    }
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    answers,
    flooded: () => floodedBytes,
    sign: (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(url)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JWT nobody signed (`alg: none`), as an attacker or a careless bank could put in an access token. */
export function unsignedJwt(claims: JWTPayload): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}
