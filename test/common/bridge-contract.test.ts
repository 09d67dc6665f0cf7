import { BACKUP_FILE_MAX_BYTES } from '../../common/backup.ts';
import { describe, expect, it } from 'vitest';
import {
  eventChannelNames,
  eventChannels,
  invokeChannelNames,
  invokeChannels,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
  type RequestOf,
  type ResponseOf,
} from '../../common/bridge-contract.ts';
import type { ProfileSummary } from '../../common/profile.ts';
import type { Session } from '../../common/session.ts';
import { draft, emptyDraft, T, uiRequests } from '../support/contract-examples.ts';

/**
 * The contract as the main process applies it: every request is parsed with its channel's schema before a handler
 * runs, and every response and event with its own before it leaves. These tests feed the schemas what the renderer
 * sends and what main answers, and then each way a compromised renderer could bend a request, and each field main
 * must not let out.
 */

const DAY = 24 * 60 * 60 * 1000;

/** Other requests the renderer sends as they are: the form before anything is typed, a history without a filter. */
const moreUiRequests: { [C in InvokeChannel]?: RequestOf<C>[] } = {
  validatePayment: [emptyDraft],
  confirmPayment: [{ draft }],
  historyPage: [{ filter: {}, offset: 0, limit: 100 }],
  exportHistory: [{ filter: {} }],
  historyIntegrity: [undefined],
  spendingSummary: [{}],
  acceptHistory: [undefined],
  updateSettings: [{ language: 'system' }, { allowWeakTokenStorage: false }],
  saveAccount: [{ accountNumber: '013326012345', label: '' }],
};

const summary: ProfileSummary = {
  id: 'test-bank',
  name: 'Test bank',
  environment: 'bank-sandbox',
  baseUrl: 'https://api.test.bank.is/v1',
  authUrl: 'https://auth.test.bank.is',
  clientId: 'wallet',
  apiKeyMasked: 'key-…7890',
  hasClientSecret: true,
  complete: true,
  active: true,
  builtIn: false,
  apiVersion: 'v1',
  scopes: ['openid', 'payments'],
  redirectPorts: [53682],
  tokenEndpointAuth: 'client_secret_post',
  kennitalaClaims: ['kennitala'],
  nameClaims: ['name'],
  jwksUrl: 'https://auth.test.bank.is/jwks',
  discoveryUrl: 'https://auth.test.bank.is/.well-known/openid-configuration',
  issuer: 'https://auth.test.bank.is',
  authorizationEndpoint: 'https://auth.test.bank.is/authorize',
  tokenEndpoint: 'https://auth.test.bank.is/token',
  userinfoEndpoint: 'https://auth.test.bank.is/userinfo',
};
const session: Session = {
  profileId: 'test-bank',
  signedIn: true,
  signingIn: false,
  name: 'Anna Jónsdóttir',
  maskedKennitala: '120385-****',
  grantStart: T - 76 * DAY,
  grantEnd: T + 14 * DAY,
  daysLeft: 14,
  reminder: 14,
  signedOutReason: 'signed-out',
  persistent: true,
};
const order = {
  debtorKennitala: '120385-****',
  debtorAccount: '013326012345',
  depositKennitala: '0507922189',
  depositAccount: '013326020001',
  amount: 1500,
  endToEndId: 'Rent',
  extendedReference: 'November',
  payeeName: 'Björn',
};
const limit = {
  day: '2026-11-22',
  limit: 200_000,
  used: 1500,
  held: 0,
  uncertain: 0,
  spent: 1500,
  remaining: 198_500,
  resetsAt: T + DAY / 2,
  bankSaysReached: false,
  asOf: T,
};
const payment = {
  id: 'payment-1',
  profileId: 'test-bank',
  order,
  requestId: 'AbC123xyz',
  state: 'rejected' as const,
  stateTimes: { confirmed: T, sending: T, rejected: T + 1 },
  createdAt: T,
  updatedAt: T + 1,
  firstSentAt: T,
  attempts: 1,
  initiationId: 'init-1',
  bankStatus: 'RJCT',
  paymentDate: '2026-11-22',
  error: { name: 'AmountUnavailable', code: 'ERR_80102_105', message: 'not available', httpStatus: 400 },
  acknowledgedDuplicateOf: 'payment-0',
  windowClosed: false,
  nextCheckAt: T + 15_000,
};
const profiles = { profiles: [summary], canEdit: true };
const lockStatus = {
  passcodeSet: true,
  required: true,
  locked: true,
  reason: 'idle' as const,
  idleMinutes: 5,
  presenceSeconds: 0,
  wrongTries: 4,
  waitUntil: T + 60_000,
  signInsWiped: false,
  forgetKeepsData: true,
  passphraseRequired: false,
  asOf: T,
  locale: 'is' as const,
};
const accounts = [{ id: 'account-1', accountNumber: '013326012345', label: 'Current account' }];
const payees = [{ id: 'payee-1', name: 'Björn', kennitala: '0507922189', accountNumber: '013326020001', createdAt: T }];

const paymentRequest = {
  kennitala: '1203852089',
  account: '013326012345',
  name: 'Anna',
  amount: 1500,
  message: 'Leiga',
};

const dueList = {
  today: '2026-11-22',
  remainingToday: 150_000,
  items: [
    {
      id: 'due-1',
      order: {
        debtorAccount: order.debtorAccount,
        depositKennitala: order.depositKennitala,
        depositAccount: order.depositAccount,
        amount: 180_000,
        endToEndId: order.endToEndId,
        extendedReference: order.extendedReference,
        payeeName: order.payeeName,
      },
      schedule: { kind: 'weekly' as const, weekday: 1 as const, start: '2026-11-02', until: '2027-11-01' },
      lastHandled: '2026-11-09',
      paying: { date: '2026-11-16', intentId: 'payment-0' },
      createdAt: T - 30 * DAY,
      updatedAt: T,
      overdue: ['2026-11-16'],
      dueToday: '2026-11-22',
      next: '2026-11-23',
      nextDates: ['2026-11-23', '2026-11-30', '2026-12-07'],
      open: '2026-11-16',
      underWay: true,
      overLimit: true,
    },
  ],
};

const spent = { spent: 1500, uncertain: 3000, declared: 700, counts: { spent: 1, uncertain: 2, declared: 1 } };
const spending = {
  asOf: T,
  today: { from: T - DAY / 2, to: T + DAY / 2, ...spent },
  week: { from: T - 6.5 * DAY, to: T + DAY / 2, ...spent },
  month: { from: T - 21.5 * DAY, to: T + 8.5 * DAY, ...spent },
  range: { from: T - 30 * DAY, to: T, ...spent },
  byPayee: {
    payees: [{ kennitala: '0507922189', account: '013326020001', name: 'Björn', ...spent }],
    others: { payees: 3, ...spent },
  },
  months: Array.from({ length: 12 }, (_, n) => ({ month: `2025-${String(n + 1).padStart(2, '0')}`, ...spent })),
};

const call = {
  id: 'c1',
  run: 1,
  at: '2026-11-22T12:00:00.000Z',
  service: 'bank' as const,
  method: 'POST',
  path: '/Payments/Initiations/v1/CreditTransfers',
  requestId: 'req-1',
  status: 500,
  failure: 'Timeout',
  durationMs: 12,
  errorCode: 'InternalServerError',
  paymentId: 'pay-1',
  attempt: 2,
};
const sandboxPanel = {
  now: '2026-11-22T12:00:00.000Z',
  appNow: Date.parse('2026-11-21T12:00:00.000Z'),
  grantEndsAt: '2027-02-20T12:00:00.000Z',
  faults: [
    {
      route: 'payments.create' as const,
      kind: 'bankError' as const,
      count: 1,
      delayMs: 0,
      error: 'AmountUnavailable' as const,
    },
  ],
  users: [{ username: 'anna', behaviour: 'Pays' }],
  user: 'anna',
};

/** One answer per channel as main gives it, every optional field filled. */
const mainResponses: { [C in InvokeChannel]: ResponseOf<C> } = {
  appInfo: { name: 'A2A Wallet', version: '0.1.0' },
  listProfiles: profiles,
  switchProfile: { ...profiles, session },
  saveProfile: profiles,
  removeProfile: { ...profiles, session },
  sessionStatus: session,
  signIn: session,
  cancelSignIn: session,
  signOut: session,
  listAccounts: accounts,
  saveAccount: accounts,
  removeAccount: accounts,
  listPayees: payees,
  savePayee: payees,
  removePayee: payees,
  dailyLimit: limit,
  validatePayment: {
    errors: { amount: 'over_remaining' },
    order,
    duplicate: { intentId: 'payment-0', createdAt: T - DAY / 2, amount: 1500, kind: 'paid' },
    newPayee: true,
    limit,
  },
  confirmPayment: payment,
  submitPayment: payment,
  checkAgain: payment,
  dropPayment: payment,
  declareOutcome: payment,
  stopTrying: payment,
  setPaymentNote: payment,
  historyPage: { total: 1, items: [payment] },
  getPayment: payment,
  refreshStatus: payment,
  exportHistory: { saved: true, fileName: 'payments.csv', folder: '/home/anna/Downloads', count: 1 },
  historyIntegrity: { trusted: false, problem: 'older' },
  spendingSummary: spending,
  acceptHistory: { trusted: true },
  createPaymentRequest: {
    request: paymentRequest,
    link: 'a2a-wallet://pay?v=1&kt=1203852089&acct=013326012345&name=Anna&amount=1500&msg=Leiga&c=00000000',
    qr: 'data:image/png;base64,iVBORw0KGgo=',
  },
  readPaymentRequest: {
    request: paymentRequest,
    name: {
      claimedBy: 'requester',
      payees: {
        kind: 'conflict',
        conflicts: [
          { kind: 'kennitalaSavedAsOther', payeeName: 'Jón Jónsson', kennitala: '1203852089', account: '013326099999' },
        ],
      },
      companyLike: false,
    },
  },
  takePaymentRequest: {
    request: paymentRequest,
    name: { claimedBy: 'requester', payees: { kind: 'unknown' }, companyLike: true },
    error: 'REQUEST_CHECK_FAILED',
  },
  savePaymentRequestQr: { saved: true, fileName: 'payment-request.png', folder: '/home/anna/Downloads' },
  saveReceipt: { saved: true, fileName: 'receipt-2026-11-22-payment-.pdf', folder: '/home/anna/Downloads' },
  showExport: {},
  listDue: dueList,
  saveDue: {
    id: 'due-1',
    list: dueList,
    errors: { amount: 'too_large' },
    scheduleErrors: { start: 'in_the_past' },
  },
  skipDue: dueList,
  stopDue: dueList,
  exportBackup: {
    saved: true,
    fileName: 'a2a-wallet-local-sandbox-2026-11-22.a2abackup',
    folder: '/home/anna/Documents',
    counts: { accounts: 1, payees: 2, payments: 3, due: 1 },
  },
  restoreBackup: {
    exportedAt: T,
    added: { accounts: 1, payees: 2, payments: 3, due: 1 },
    updated: { payments: 1, due: 0 },
  },
  testerTools: { calls: true, sandbox: true },
  listCalls: {
    shown: true,
    groups: [{ requestId: 'req-1', paymentId: 'pay-1', calls: [call] }],
    total: 1,
    dropped: 3,
    paymentIds: ['pay-1'],
    errorCodes: ['InternalServerError'],
    asOf: Date.parse('2026-11-22T12:00:00.000Z'),
  },
  callDetail: {
    ...call,
    request: { headers: { 'x-request-id': 'req-1', authorization: '[removed]' }, body: '{}', cutChars: 10 },
    response: { headers: { 'content-type': 'application/json' }, body: '{}', cutChars: 2 },
  },
  saveSupportBundle: { saved: true, fileName: 'a2a-wallet-support-local-sandbox-2026-11-22.json', folder: '/tmp' },
  previewSupportBundle: { content: '{"kind": "a2a-wallet-support-bundle"}' },
  sandboxPanel: sandboxPanel,
  sandboxControl: sandboxPanel,
  getSettings: {
    language: 'system',
    locale: 'is',
    protection: 'secure',
    allowWeakTokenStorage: false,
    passcodeProtects: false,
    passcodeTooWeak: false,
    tokensPersist: true,
    notificationDetails: false,
  },
  updateSettings: {
    language: 'en',
    locale: 'en',
    protection: 'basic_text',
    allowWeakTokenStorage: true,
    passcodeProtects: false,
    passcodeTooWeak: false,
    tokensPersist: true,
    notificationDetails: true,
  },
  lockStatus: lockStatus,
  retryKeychain: { ...lockStatus, keychain: 'temporary' },
  startAfresh: { ...lockStatus, locked: false },
  unlock: { ...lockStatus, locked: false },
  lockNow: lockStatus,
  setPasscode: { ...lockStatus, locked: false },
  removePasscode: { ...lockStatus, passcodeSet: false, locked: false },
  confirmPresence: { ...lockStatus, locked: false },
  updateLockSettings: { ...lockStatus, locked: false, idleMinutes: 10 },
  forgetPasscode: { ...lockStatus, passcodeSet: false, locked: false, signInsWiped: true },
  noteActivity: {},
};

const mainEvents: { [E in EventChannel]: EventPayload<E> } = {
  sessionChanged: session,
  paymentChanged: payment,
  paymentOutcome: payment,
  paymentRequestOpened: {},
  grantReminder: { profileId: 'test-bank', reminder: 7, daysLeft: 7, grantEnd: T + 7 * DAY },
  lockChanged: lockStatus,
  dueOpened: {},
  dayChanged: {},
};

type Path = (string | number)[];
type Json = string | number | boolean | null | undefined | Json[] | { [key: string]: Json };

/** Every place in a value, with what is there: objects and arrays, then their contents. */
function places(value: Json, path: Path = []): { path: Path; value: Json }[] {
  const inner = Array.isArray(value)
    ? value.flatMap((item, index) => places(item, [...path, index]))
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, item]) => places(item, [...path, key]))
      : [];
  return [{ path, value }, ...inner];
}

/** A copy of `root` with `path` replaced by what `change` makes of the value there. */
function changed(root: Json, path: Path, change: (value: Json) => Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return change(root);
  if (Array.isArray(root)) return root.map((item, index) => (index === head ? changed(item, rest, change) : item));
  const object = root as { [key: string]: Json };
  return { ...object, [head]: changed(object[head], rest, change) };
}

const isObject = (value: Json): value is { [key: string]: Json } =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isLeaf = (value: Json): boolean => value === null || typeof value !== 'object';
const where = (path: Path): string => (path.length === 0 ? '(the whole request)' : path.join('.'));

/** A value of another type than the one given. */
const otherType = (value: Json): Json => (typeof value === 'string' ? 12345 : 'not the right type');

const HUGE = 'a'.repeat(100_000);
/** A backup file's bytes are bounded by the largest file the app opens, not by a text's length. */
const HUGE_FILE = 'a'.repeat(Math.ceil(BACKUP_FILE_MAX_BYTES / 3) * 4);

describe('bridge contract: requests, as main parses them', () => {
  for (const channel of invokeChannelNames) {
    const schema = invokeChannels[channel].request;
    const sent = uiRequests[channel] as Json;

    describe(channel, () => {
      it('accepts what the renderer sends', () => {
        for (const request of [sent, ...((moreUiRequests[channel] ?? []) as Json[])]) {
          const parsed = schema.safeParse(request);
          expect(parsed.success, parsed.error?.message).toBe(true);
        }
      });

      if (sent === undefined) {
        it('takes no request at all', () => {
          for (const payload of [{}, { id: 'x' }, null, '', 0, []]) {
            expect(schema.safeParse(payload).success, JSON.stringify(payload)).toBe(false);
          }
        });
        return;
      }

      it('refuses a key the renderer never sends, at any depth', () => {
        for (const { path, value } of places(sent).filter((place) => isObject(place.value))) {
          const request = changed(sent, path, () => ({ ...(value as object), unexpected: true }));
          expect(schema.safeParse(request).success, `extra key in ${where(path)}`).toBe(false);
        }
      });

      it('refuses a value of the wrong type in every field', () => {
        for (const { path } of places(sent).filter((place) => place.path.length > 0 && isLeaf(place.value))) {
          const request = changed(sent, path, otherType);
          expect(schema.safeParse(request).success, `wrong type in ${where(path)}`).toBe(false);
        }
        expect(schema.safeParse(undefined).success).toBe(false);
        expect(schema.safeParse('a string').success).toBe(false);
      });

      it('refuses a huge string in every text field', () => {
        for (const { path } of places(sent).filter((place) => typeof place.value === 'string')) {
          // Longer than allowed, but otherwise as sent: a long URL is still a URL, a long id still an id.
          const huge = path.at(-1) === 'file' ? HUGE_FILE : HUGE;
          const request = changed(sent, path, (value) => `${value as string}${huge}`);
          expect(schema.safeParse(request).success, `huge string in ${where(path)}`).toBe(false);
        }
      });
    });
  }
});

/** Names of what must never leave the main process, planted in every object of an answer. */
const SECRET_KEYS = ['accessToken', 'refreshToken', 'clientSecret', 'apiKey', 'kennitala'];
// Records keyed by payment state or draft field: a key they do not know is refused, not dropped, so nothing is
// planted in them. A call's headers keep every name, but the value of one not known to be safe goes (tested below).
const RECORDS = new Set(['stateTimes', 'errors', 'scheduleErrors', 'headers']);
const planted = (value: Json, key?: string | number): Json => {
  if (Array.isArray(value)) return value.map((item, index) => planted(item, index));
  if (!isObject(value)) return value;
  const own = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, planted(item, name)]));
  if (typeof key === 'string' && RECORDS.has(key)) return own;
  return { ...Object.fromEntries(SECRET_KEYS.map((name) => [name, `SECRET-${name}`])), ...own };
};

const answers: [string, { safeParse(value: unknown): { success: boolean; data?: unknown } }, Json][] = [
  ...invokeChannelNames.map((channel): [string, (typeof invokeChannels)[InvokeChannel]['response'], Json] => [
    `${channel} response`,
    invokeChannels[channel].response,
    mainResponses[channel] as Json,
  ]),
  ...eventChannelNames.map((event): [string, (typeof eventChannels)[EventChannel], Json] => [
    `${event} event`,
    eventChannels[event],
    mainEvents[event] as Json,
  ]),
];

describe('bridge contract: a call’s headers', () => {
  it('keep the name of a header not known to be safe, never its value', () => {
    const detail = mainResponses.callDetail;
    const parsed = invokeChannels.callDetail.response.parse({
      ...detail,
      request: {
        headers: { ...detail.request.headers, apikey: 'SECRET-key', cookie: 'SECRET-c', 'x-request-id': 'r' },
      },
    });
    expect(parsed.request.headers).toEqual({
      ...detail.request.headers,
      apikey: '[removed]',
      cookie: '[removed]',
      'x-request-id': 'r',
    });
  });
});

describe('bridge contract: answers and events, as main parses them before they leave', () => {
  for (const [name, schema, answer] of answers) {
    describe(name, () => {
      it('lets through what main answers', () => {
        const parsed = schema.safeParse(answer);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(answer);
      });

      it('drops every field the contract does not name, so no secret a service holds can leave', () => {
        const parsed = schema.safeParse(planted(answer));
        expect(parsed.success).toBe(true);
        expect(JSON.stringify(parsed.data)).not.toContain('SECRET-');
        // What the contract names keeps its own value (a payee's `kennitala` is the payee's, not a planted one).
        expect(parsed.data).toEqual(answer);
      });

      it('refuses an answer that breaks the contract, so main sends INTERNAL instead', () => {
        for (const { path } of places(answer).filter((place) => place.path.length > 0 && isLeaf(place.value))) {
          expect(schema.safeParse(changed(answer, path, otherType)).success, `wrong type in ${where(path)}`).toBe(
            false,
          );
        }
      });
    });
  }
});
