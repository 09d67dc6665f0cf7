import type { CallDetail } from '../../common/bank-calls.ts';
import type { AppInfo } from '../../common/bridge-contract.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { PaymentIntent } from '../../common/payment.ts';
import type { Profile } from '../../common/profile.ts';
import type { Clock } from '../../common/time.ts';
import type { AppLog } from '../log/app-log.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import { keepsShape, type FieldKind } from './body-fields.ts';
import type { CallLog } from './call-log.ts';
import type { LastErrors } from './last-errors.ts';
import { removedText } from './redact.ts';
import { detailInLanguage, removedInLanguage } from './removed-words.ts';

/** The bundle's kind and version, for whoever reads one. */
export const SUPPORT_BUNDLE_KIND = 'a2a-wallet-support-bundle';

/**
 * What the bundle holds, and what it does not (docs/BANK-CALLS.md, "The support bundle"): version 2 is the first
 * whose calls were recorded on the allow-list (no customer's text, no kennitala digit, an account's last two digits).
 * Calls kept by an earlier version were redacted by name and shape only; they go when the profile's five runs are up.
 * Version 3 writes a call's JSON bodies as JSON, not as text (bodyAsJson).
 */
const VERSION = 3;

/**
 * A body as the bundle writes it (version 3, issue 42): as JSON where it is JSON, so that the file reads as one
 * document and not as JSON inside strings; otherwise (a form, a body cut short) the text as kept. Only where the value
 * gives back the very text kept (redact-body.ts writes it so): nothing is added, dropped or rounded on the way, so the
 * redaction is the call list's, value for value.
 */
function bodyAsJson(body: string | undefined): unknown {
  if (body === undefined) return body;
  try {
    const value = JSON.parse(body) as unknown;
    return typeof value === 'object' && value !== null && JSON.stringify(value, null, 2) === body ? value : body;
  } catch {
    return body;
  }
}

function withJsonBodies(call: CallDetail) {
  const asJson = <T extends { body?: string | undefined }>(exchange: T) =>
    exchange.body === undefined ? exchange : { ...exchange, body: bodyAsJson(exchange.body) };
  return { ...call, request: asJson(call.request), ...(call.response ? { response: asJson(call.response) } : {}) };
}

/** What the bundle is made from (the call handlers' options, as far as the bundle reads them). */
export interface BundleSources {
  calls: Pick<CallLog, 'details'>;
  log?: Pick<AppLog, 'lines'>;
  errors: Pick<LastErrors, 'list'>;
  profiles: Pick<ProfileService, 'active'>;
  clock: Clock;
  platform: { appInfo(): AppInfo };
  locale(): AppLocale;
  customer(profileId: string): string | undefined;
  payment(profileId: string, id: string): Promise<PaymentIntent | undefined>;
}

/** A profile as support may see it: where it points and how, never its secrets. */
function profileWithoutSecrets(profile: Profile) {
  const { clientSecret: _secret, apiKey: _key, ...rest } = profile;
  return { ...rest, clientSecret: profile.clientSecret ? '[set]' : '', apiKey: profile.apiKey ? '[set]' : '' };
}

/**
 * One file for the app's vendor: the version, the platform, the profile without its secrets, the calls the customer
 * may see (as the call list keeps them), their payments' ids and states, the window's last error codes. A payment's
 * texts, payee and accounts are not in it: only what support needs to follow it (state, attempts, the bank's status
 * and error name, times).
 */
export async function supportBundle(options: BundleSources) {
  const profile = options.profiles.active();
  const locale = options.locale();
  const details: CallDetail[] = options.calls.details(profile.id).map((call) => detailInLanguage(call, locale));
  const customer = options.customer(profile.id);
  const paymentIds = [...new Set(details.flatMap((call) => call.paymentId ?? []))];
  /** A value of the bank's where it has the shape of its field (body-fields.ts); otherwise the removed word. */
  const kept = (kind: FieldKind, value: string) =>
    keepsShape(kind, value) ? value : removedInLanguage(removedText([...value].length), locale);
  /** The app's own codes (LOCAL_DAILY_LIMIT) besides the bank's (ERR_80102_105). */
  const code = (value: string) => (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value) ? value : kept('errorCode', value));
  const payments = [];
  for (const id of paymentIds) {
    const intent = customer ? await options.payment(profile.id, id) : undefined;
    if (!intent) continue;
    payments.push({
      id: intent.id,
      state: intent.state,
      attempts: intent.attempts,
      amount: intent.order.amount,
      // What the bank said, as the call list keeps it: a word of its own, never a text it echoed.
      ...(intent.bankStatus ? { bankStatus: kept('word', intent.bankStatus) } : {}),
      ...(intent.error ? { error: kept('errorName', intent.error.name), errorCode: code(intent.error.code) } : {}),
      createdAt: new Date(intent.createdAt).toISOString(),
      updatedAt: new Date(intent.updatedAt).toISOString(),
    });
  }
  return {
    kind: SUPPORT_BUNDLE_KIND,
    version: VERSION,
    madeAt: new Date(options.clock.now()).toISOString(),
    app: options.platform.appInfo(),
    platform: {
      os: process.platform,
      arch: process.arch,
      ...(process.versions['electron'] ? { electron: process.versions['electron'] } : {}),
      node: process.versions.node,
      locale,
    },
    profile: profileWithoutSecrets(profile),
    signedIn: customer !== undefined,
    calls: details.map(withJsonBodies),
    payments,
    errors: options.errors.list(),
    // What went wrong in the app itself (the payment store stopped, a quit that could not close), as the app log keeps
    // it: already without tokens, kennitölur, account numbers or payment text (main/log/app-log.ts).
    appLog: options.log?.lines() ?? [],
  };
}
