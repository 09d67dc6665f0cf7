/**
 * The little of node-oidc-provider the interop test uses (the package ships no types, and @types lags its major
 * versions): enough for the compiler to check the test, nothing more.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }
  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    scopes: string[];
    claims: Record<string, string[]>;
    findAccount(context: unknown, sub: string): Account;
    features: Record<string, unknown>;
    interactions: { url(context: unknown, interaction: Interaction): string };
    jwks: { keys: Record<string, unknown>[] };
    ttl: Record<string, number>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
    ): Promise<void>;
    Grant: new (options: { accountId: string; clientId: string }) => Grant;
  }
}
