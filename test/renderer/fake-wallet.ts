import type {
  DraftValidation,
  EventChannel,
  EventPayload,
  ExportResult,
  PaymentView,
  ProfileList,
  WalletApi,
} from '../../common/bridge-contract.ts';
import type { OwnAccount, Payee } from '../../common/address-book.ts';
import { normalizeAccountNumber } from '../../common/account-number.ts';
import { checkKennitala } from '../../common/kennitala.ts';
import { checkDraft, type PaymentDraft, type PaymentFailure, type PaymentState } from '../../common/payment.ts';
import { describeIssues, maskSecret, missingFields, type ProfileSummary } from '../../common/profile.ts';
import { ProfileEditSchema } from '../../common/bridge-contract.ts';
import { fail, ok, type Result } from '../../common/result.ts';
import type { Session } from '../../common/session.ts';
import type { Settings } from '../../common/settings.ts';
import { DAY_MS, nextGmtMidnight, gmtDay } from '../../common/time.ts';
import { filterHistory } from '../../main/payments/history.ts';

/**
 * An in-memory `window.wallet` for component tests: it behaves like the main process in the ways the screens
 * depend on (sign-in, the book, validation with the real rules, payments and their outcomes, history), and every
 * knob a test needs is a plain field. Calls are recorded in `calls`.
 */
export const ANNA_KT = '1203852089';
export const NOW = Date.parse('2026-11-22T20:48:00.000Z');

export type Outcome =
  | { kind: 'accepted'; status?: string }
  | { kind: 'rejected'; error: PaymentFailure }
  | { kind: 'unknown'; error: PaymentFailure }
  /** The app's own record failed its check: whether it was paid is not known. */
  | { kind: 'damaged' };

/** The error a damaged record's view carries, as main sends it. */
export const RECORD_DAMAGED: PaymentFailure = {
  name: 'RecordDamaged',
  code: 'RECORD_DAMAGED',
  message: 'The payment record failed its integrity check',
};

export function profile(overrides: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id: 'local-sandbox',
    name: 'Local sandbox',
    environment: 'local-sandbox',
    baseUrl: 'http://127.0.0.1:4010',
    authUrl: 'http://127.0.0.1:4010',
    clientId: 'wallet-local',
    apiKeyMasked: 'wall…pikey',
    hasClientSecret: true,
    complete: true,
    active: true,
    builtIn: true,
    apiVersion: 'v1',
    // As the shipped templates: production's has no sandbox-only `accounts` scope.
    scopes:
      overrides.environment === 'production'
        ? ['profile', 'openid', 'customer', 'payments']
        : ['profile', 'openid', 'customer', 'accounts', 'payments'],
    redirectPorts: [],
    tokenEndpointAuth: 'client_secret_post',
    kennitalaClaims: ['kennitala'],
    nameClaims: ['name'],
    ...overrides,
  };
}

export class FakeWallet {
  now = NOW;
  calls: { method: string; request: unknown }[] = [];
  profiles: ProfileSummary[] = [profile()];
  canEdit = true;
  session: Session = {
    profileId: 'local-sandbox',
    signedIn: false,
    signingIn: false,
    signedOutReason: 'never',
    persistent: true,
  };
  /** What signIn does: finish at once as Anna, wait for `finishSignIn`, or fail with a code. */
  signInMode: 'instant' | 'wait' | { fail: string } = 'instant';
  settings: Settings = {
    language: 'system',
    locale: 'en',
    protection: 'secure',
    allowWeakTokenStorage: false,
    tokensPersist: true,
  };
  accounts: OwnAccount[] = [{ id: 'a1', accountNumber: '013326012345', label: 'Main' }];
  payees: Payee[] = [];
  payments: PaymentView[] = [];
  usedToday = 0;
  /** What the next submit or check-again ends in. */
  outcome: Outcome = { kind: 'accepted', status: 'ACCP' };
  /** A call the test wants to fail: method name to error code. */
  failures = new Map<string, string>();
  /** The message that goes with a failure in `failures` (say, INVALID_PROFILE's field list); a generic one if none. */
  failureMessages = new Map<string, string>();
  saveCancelled = false;
  /**
   * Calls held back until the test lets them go: method name to a promise the answer waits for (see `hold`). The
   * call is recorded at once; the failure (if any) and the answer are worked out when it is let go.
   */
  gates = new Map<string, Promise<void>>();
  exported: string[] = [];
  #listeners = new Map<string, Set<(payload: unknown) => void>>();
  #pendingSignIn: ((session: Result<Session>) => void) | undefined;
  #ids = 0;

  signedInAsAnna(extra: Partial<Session> = {}): this {
    this.session = {
      profileId: this.activeId(),
      signedIn: true,
      signingIn: false,
      name: 'Anna Jónsdóttir',
      maskedKennitala: '120385-****',
      grantStart: this.now - 10 * DAY_MS,
      grantEnd: this.now + 80 * DAY_MS,
      daysLeft: 80,
      persistent: true,
      ...extra,
    };
    return this;
  }

  /** The next calls of `method` wait for the returned release; they answer in the order they were made. */
  hold(method: string): () => void {
    let release!: () => void;
    this.gates.set(method, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.gates.delete(method);
      release();
    };
  }

  activeId(): string {
    return this.profiles.find((p) => p.active)?.id ?? 'local-sandbox';
  }

  emit<E extends EventChannel>(channel: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners.get(channel) ?? []) listener(payload);
  }

  finishSignIn(result: Result<Session> = ok(this.signedInAsAnna().session)): void {
    if (!result.ok) this.session = { ...this.session, signingIn: false };
    this.#pendingSignIn?.(result);
    this.#pendingSignIn = undefined;
  }

  remaining(): number {
    return Math.max(0, 200_000 - this.usedToday);
  }

  limit() {
    return {
      day: gmtDay(this.now),
      limit: 200_000,
      used: this.usedToday,
      remaining: this.remaining(),
      resetsAt: nextGmtMidnight(this.now),
      bankSaysReached: false,
      asOf: this.now,
    };
  }

  addPayment(overrides: Partial<PaymentView> & { amount?: number; state?: PaymentState } = {}): PaymentView {
    this.#ids += 1;
    const { amount = 1500, state = 'settled', ...rest } = overrides;
    const payment: PaymentView = {
      id: `p${this.#ids}`,
      profileId: this.activeId(),
      order: {
        debtorKennitala: '120385-****',
        debtorAccount: '013326012345',
        depositKennitala: '0507922189',
        depositAccount: '013326020001',
        amount,
        endToEndId: 'Rent',
        extendedReference: '',
        payeeName: 'Björn',
      },
      requestId: `REQ${String(this.#ids).padStart(8, '0')}`,
      state,
      stateTimes: { [state]: this.now },
      createdAt: this.now - this.#ids * 60_000,
      updatedAt: this.now,
      attempts: 1,
      ...(state === 'settled' || state === 'accepted'
        ? { initiationId: `init-${this.#ids}`, bankStatus: state === 'settled' ? 'ACSC' : 'ACCP' }
        : {}),
      ...rest,
    };
    this.payments.push(payment);
    return payment;
  }

  #fail<T>(method: string, request: unknown, record = true): Result<T> | undefined {
    if (record) this.calls.push({ method, request });
    const code = this.failures.get(method);
    return code ? fail(code, this.failureMessages.get(method) ?? `${method} failed in the fake`) : undefined;
  }

  #requireSignedIn<T>(): Result<T> | undefined {
    return this.session.signedIn ? undefined : fail('NOT_SIGNED_IN', 'Sign in with your bank first');
  }

  #list(): ProfileList {
    return { profiles: this.profiles, canEdit: this.canEdit };
  }

  #settle(payment: PaymentView): PaymentView {
    const outcome = this.outcome;
    const next: PaymentView =
      outcome.kind === 'accepted'
        ? { ...payment, state: 'accepted', initiationId: `init-${payment.id}`, bankStatus: outcome.status ?? 'ACCP' }
        : outcome.kind === 'damaged'
          ? { ...payment, state: 'damaged', error: RECORD_DAMAGED }
          : { ...payment, state: outcome.kind, error: outcome.error };
    next.attempts = payment.attempts + 1;
    this.payments = this.payments.map((p) => (p.id === payment.id ? next : p));
    this.emit('paymentChanged', next);
    return next;
  }

  api(): WalletApi {
    const resolve = <T>(method: string, request: unknown, run: () => Result<T>): Promise<Result<T>> => {
      const gate = this.gates.get(method);
      if (!gate) return Promise.resolve(this.#fail<T>(method, request) ?? run());
      this.calls.push({ method, request });
      return gate.then(() => this.#fail<T>(method, request, false) ?? run());
    };
    const find = (id: string) => this.payments.find((p) => p.id === id);
    return {
      appInfo: () => resolve('appInfo', undefined, () => ok({ name: 'A2A Wallet', version: '1.0.0' })),
      listProfiles: () => resolve('listProfiles', undefined, () => ok(this.#list())),
      switchProfile: (request) =>
        resolve('switchProfile', request, () => {
          if (!this.profiles.some((p) => p.id === request.id)) return fail('PROFILE_NOT_FOUND', 'No profile');
          this.profiles = this.profiles.map((p) => ({ ...p, active: p.id === request.id }));
          this.session = {
            profileId: request.id,
            signedIn: false,
            signingIn: false,
            signedOutReason: 'never',
            persistent: true,
          };
          this.payments = [];
          return ok({ ...this.#list(), session: this.session });
        }),
      saveProfile: (request) =>
        resolve('saveProfile', request, () => {
          if (!this.canEdit) return fail('PROFILE_EDIT_NOT_ALLOWED', 'Not allowed');
          if (request.id === 'local-sandbox') return fail('PROFILE_READ_ONLY', 'The local sandbox cannot be changed');
          // The real rules, as main checks them; an empty secret keeps the saved one.
          const parsed = ProfileEditSchema.safeParse(request);
          if (!parsed.success) return fail('INVALID_PROFILE', describeIssues(parsed.error).join('; '));
          const existing = this.profiles.find((p) => p.id === request.id);
          const saved = parsed.data;
          const summary = profile({
            id: saved.id,
            name: saved.name,
            environment: saved.environment,
            baseUrl: saved.baseUrl,
            authUrl: saved.authUrl,
            clientId: saved.clientId,
            apiKeyMasked: maskSecret(saved.apiKey),
            hasClientSecret: saved.clientSecret !== '' || (existing?.hasClientSecret ?? false),
            complete: missingFields(saved).length === 0,
            active: existing?.active ?? false,
            builtIn: existing?.builtIn ?? false,
            apiVersion: saved.apiVersion,
            scopes: saved.scopes,
            redirectPorts: saved.redirectPorts,
            tokenEndpointAuth: saved.tokenEndpointAuth,
            kennitalaClaims: saved.kennitalaClaims,
            nameClaims: saved.nameClaims,
          });
          this.profiles = existing
            ? this.profiles.map((p) => (p.id === saved.id ? summary : p))
            : [...this.profiles, summary];
          return ok(this.#list());
        }),
      removeProfile: (request) =>
        resolve('removeProfile', request, () => {
          this.profiles = this.profiles.filter((p) => p.id !== request.id || p.builtIn);
          // As main: when the active profile goes, the first one is active.
          if (!this.profiles.some((p) => p.active)) {
            this.profiles = this.profiles.map((p, index) => ({ ...p, active: index === 0 }));
          }
          return ok({ ...this.#list(), session: this.session });
        }),
      sessionStatus: () => resolve('sessionStatus', undefined, () => ok(this.session)),
      signIn: () => {
        const refused = this.#fail<Session>('signIn', undefined);
        if (refused) return Promise.resolve(refused);
        if (this.signInMode === 'instant') return Promise.resolve(ok(this.signedInAsAnna().session));
        if (typeof this.signInMode === 'object') return Promise.resolve(fail(this.signInMode.fail, 'Sign-in failed'));
        this.session = { ...this.session, signingIn: true };
        this.emit('sessionChanged', this.session);
        return new Promise((resolve) => (this.#pendingSignIn = resolve));
      },
      cancelSignIn: () =>
        resolve('cancelSignIn', undefined, () => {
          this.session = { ...this.session, signingIn: false };
          this.finishSignIn(fail('SIGN_IN_CANCELLED', 'Cancelled'));
          return ok(this.session);
        }),
      signOut: () =>
        resolve('signOut', undefined, () => {
          this.session = {
            profileId: this.activeId(),
            signedIn: false,
            signingIn: false,
            signedOutReason: 'signed-out',
            persistent: true,
          };
          return ok(this.session);
        }),
      listAccounts: () => resolve('listAccounts', undefined, () => this.#requireSignedIn() ?? ok(this.accounts)),
      saveAccount: (request) =>
        resolve('saveAccount', request, () => {
          const digits = normalizeAccountNumber(request.accountNumber);
          if (!digits) return fail('INVALID_ACCOUNT_NUMBER', 'Bad account');
          this.accounts = [
            ...this.accounts.filter((a) => a.accountNumber !== digits),
            { id: `a${this.accounts.length + 1}`, accountNumber: digits, label: request.label ?? '' },
          ];
          return ok(this.accounts);
        }),
      removeAccount: (request) =>
        resolve('removeAccount', request, () => ok((this.accounts = this.accounts.filter((a) => a.id !== request.id)))),
      listPayees: () => resolve('listPayees', undefined, () => this.#requireSignedIn() ?? ok(this.payees)),
      savePayee: (request) =>
        resolve('savePayee', request, () => {
          const kennitala = checkKennitala(request.kennitala);
          if (!kennitala.ok) return fail('INVALID_KENNITALA', 'Bad kennitala');
          const digits = normalizeAccountNumber(request.accountNumber);
          if (!digits) return fail('INVALID_ACCOUNT_NUMBER', 'Bad account');
          const payee: Payee = {
            id: `y${this.payees.length + 1}`,
            name: request.name,
            kennitala: kennitala.value,
            accountNumber: digits,
            createdAt: this.now,
          };
          this.payees = [...this.payees, payee];
          return ok(this.payees);
        }),
      removePayee: (request) =>
        resolve('removePayee', request, () => ok((this.payees = this.payees.filter((p) => p.id !== request.id)))),
      dailyLimit: () => resolve('dailyLimit', undefined, () => this.#requireSignedIn() ?? ok(this.limit())),
      validatePayment: (request) =>
        resolve('validatePayment', request, (): Result<DraftValidation> => {
          const refused = this.#requireSignedIn<never>();
          if (refused) return refused;
          const check = checkDraft(request as PaymentDraft, { kennitala: ANNA_KT, remainingToday: this.remaining() });
          if (!check.ok)
            return ok({ errors: check.errors as Record<string, string>, newPayee: false, limit: this.limit() });
          const previous = this.payments.find(
            (p) => p.order.depositAccount === check.order.depositAccount && p.state !== 'rejected',
          );
          const duplicate = this.payments.find(
            (p) =>
              p.order.depositAccount === check.order.depositAccount &&
              p.order.amount === check.order.amount &&
              p.state !== 'rejected' &&
              this.now - p.createdAt < DAY_MS,
          );
          return ok({
            errors: {},
            order: { ...check.order, debtorKennitala: '120385-****' },
            ...(duplicate
              ? {
                  duplicate: { intentId: duplicate.id, createdAt: duplicate.createdAt, amount: duplicate.order.amount },
                }
              : {}),
            newPayee: !previous,
            limit: this.limit(),
          });
        }),
      confirmPayment: (request) =>
        resolve('confirmPayment', request, () => {
          const check = checkDraft(request.draft as PaymentDraft, {
            kennitala: ANNA_KT,
            remainingToday: this.remaining(),
          });
          if (!check.ok) return fail('INVALID_PAYMENT', 'Errors');
          const payment = this.addPayment({ amount: check.order.amount, state: 'confirmed', createdAt: this.now });
          payment.order = { ...check.order, debtorKennitala: '120385-****' };
          payment.attempts = 0;
          delete payment.initiationId;
          this.usedToday += check.order.amount;
          return ok(payment);
        }),
      submitPayment: (request) =>
        resolve('submitPayment', request, () => {
          const payment = find(request.id);
          return payment ? ok(this.#settle(payment)) : fail('PAYMENT_NOT_FOUND', 'No payment');
        }),
      checkAgain: (request) =>
        resolve('checkAgain', request, () => {
          const payment = find(request.id);
          return payment ? ok(this.#settle(payment)) : fail('PAYMENT_NOT_FOUND', 'No payment');
        }),
      historyPage: (request) =>
        resolve('historyPage', request, () => {
          const all = filterHistory(this.payments as never, request.filter ?? {}) as unknown as PaymentView[];
          const offset = request.offset ?? 0;
          return ok({ total: all.length, items: all.slice(offset, offset + (request.limit ?? 100)) });
        }),
      getPayment: (request) =>
        resolve('getPayment', request, () => {
          const payment = find(request.id);
          return payment ? ok(payment) : fail('PAYMENT_NOT_FOUND', 'No payment');
        }),
      refreshStatus: (request) =>
        resolve('refreshStatus', request, () => {
          const payment = find(request.id);
          if (!payment) return fail('PAYMENT_NOT_FOUND', 'No payment');
          const next: PaymentView = { ...payment, state: 'settled', bankStatus: 'ACSC' };
          this.payments = this.payments.map((p) => (p.id === next.id ? next : p));
          return ok(next);
        }),
      exportHistory: (request) =>
        resolve('exportHistory', request, (): Result<ExportResult> => {
          const count = filterHistory(this.payments as never, request.filter ?? {}).length;
          if (this.saveCancelled) return ok({ saved: false, count });
          this.exported.push('a2a-wallet-local-sandbox-2026-11-22.csv');
          return ok({ saved: true, fileName: 'a2a-wallet-local-sandbox-2026-11-22.csv', count });
        }),
      getSettings: () => resolve('getSettings', undefined, () => ok(this.settings)),
      updateSettings: (request) =>
        resolve('updateSettings', request, () => {
          const language = request.language ?? this.settings.language;
          const allowWeak = request.allowWeakTokenStorage ?? this.settings.allowWeakTokenStorage;
          this.settings = {
            ...this.settings,
            language,
            locale: language === 'system' ? 'en' : language,
            allowWeakTokenStorage: allowWeak,
            tokensPersist:
              this.settings.protection === 'secure' || (this.settings.protection === 'basic_text' && allowWeak),
          };
          return ok(this.settings);
        }),
      onSessionChanged: (listener) => this.#subscribe('sessionChanged', listener),
      onPaymentChanged: (listener) => this.#subscribe('paymentChanged', listener),
      onGrantReminder: (listener) => this.#subscribe('grantReminder', listener),
    };
  }

  #subscribe<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void): () => void {
    let set = this.#listeners.get(channel);
    if (!set) this.#listeners.set(channel, (set = new Set()));
    const wrapped = listener as (payload: unknown) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }
}
