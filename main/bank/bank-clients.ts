import type { Clock } from '../../common/time.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import type { CallTap } from '../net/call-tap.ts';
import { createBankClient, type BankClient } from './bank-client.ts';

/**
 * One bank client per profile that follows the profile: an edited address, key or API version takes effect on the
 * next call. Its token comes from the profile's session on every call, and only while the session is still bound
 * to the bank that issued it.
 */
export function bankClients(options: {
  profiles: ProfileService;
  sessions: SessionService;
  clock: Clock;
  sleep?: ((ms: number) => Promise<void>) | undefined;
  deadlineMs?: number | undefined;
  /** The profile's calls are listed (main/calls) through its tap, where it has one. */
  tap?: (profileId: string) => CallTap | undefined;
}): (profileId: string) => BankClient {
  const { profiles, sessions } = options;
  const clients = new Map<string, { key: string; client: BankClient }>();
  return (profileId) => {
    const profile = profiles.get(profileId);
    const tap = options.tap?.(profileId);
    const key = JSON.stringify([profile.baseUrl, profile.apiKey, profile.apiVersion, tap !== undefined]);
    let entry = clients.get(profileId);
    if (entry?.key !== key) {
      entry = {
        key,
        client: createBankClient({
          baseUrl: profile.baseUrl,
          apiKey: profile.apiKey,
          apiVersion: profile.apiVersion,
          accessToken: () => sessions.accessToken(profileId),
          refreshAccessToken: () => sessions.refreshAfterUnauthorized(profileId),
          clock: options.clock,
          tap,
          ...(options.sleep ? { sleep: options.sleep } : {}),
          ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
        }),
      };
      clients.set(profileId, entry);
    }
    return entry.client;
  };
}
