import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** A registered application, as the bank's developer portal would hold it. */
export interface ClientRegistration {
  clientId: string;
  clientSecret: string;
  apiKey: string;
  /** Exact redirect URIs. Without them, any loopback redirect URI is accepted (RFC 8252 7.3). */
  redirectUris?: readonly string[];
}

export const defaultClient: ClientRegistration = {
  clientId: 'wallet-local',
  clientSecret: 'wallet-local-secret',
  apiKey: 'wallet-local-apikey',
};

/** The `--clients FILE` format: OAuth's own words, snake_case. */
export const clientsFileSchema = z.array(
  z.strictObject({
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    apikey: z.string().min(1),
    redirect_uris: z.array(z.url()).min(1).optional(),
  }),
);

export function clientsFromFile(json: unknown): ClientRegistration[] {
  return clientsFileSchema.parse(json).map((entry) => ({
    clientId: entry.client_id,
    clientSecret: entry.client_secret,
    apiKey: entry.apikey,
    ...(entry.redirect_uris ? { redirectUris: entry.redirect_uris } : {}),
  }));
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** RFC 8252 7.3: the port of a loopback redirect is chosen at run time, so only scheme and host are fixed. */
export function isLoopbackRedirect(uri: string): boolean {
  if (!URL.canParse(uri)) return false;
  const url = new URL(uri);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.hash === '' && !url.username;
}

export class ClientRegistry {
  readonly #byId = new Map<string, ClientRegistration>();
  readonly #byApiKey = new Map<string, ClientRegistration>();

  constructor(clients: readonly ClientRegistration[]) {
    for (const client of clients) {
      if (this.#byId.has(client.clientId)) throw new Error(`client_id registered twice: ${client.clientId}`);
      if (this.#byApiKey.has(client.apiKey)) throw new Error(`apikey registered twice: ${client.apiKey}`);
      this.#byId.set(client.clientId, client);
      this.#byApiKey.set(client.apiKey, client);
    }
  }

  all(): ClientRegistration[] {
    return [...this.#byId.values()];
  }

  byId(clientId: string): ClientRegistration | undefined {
    return this.#byId.get(clientId);
  }

  byApiKey(apiKey: string): ClientRegistration | undefined {
    return this.#byApiKey.get(apiKey);
  }

  /** The client, when the secret is its own; compared in constant time. */
  authenticate(clientId: string, secret: string): ClientRegistration | undefined {
    const client = this.#byId.get(clientId);
    if (!client) return undefined;
    const expected = Buffer.from(client.clientSecret);
    const given = Buffer.from(secret);
    return expected.length === given.length && timingSafeEqual(expected, given) ? client : undefined;
  }

  acceptsRedirect(client: ClientRegistration, uri: string): boolean {
    return client.redirectUris ? client.redirectUris.includes(uri) : isLoopbackRedirect(uri);
  }
}
