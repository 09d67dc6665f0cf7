import type { InvokeChannel, RequestOf } from '../../common/bridge-contract.ts';
import type { HistoryFilter } from '../../common/payment.ts';

/** What the renderer sends on each channel, for the contract's tests and for walking every channel of a core. */

export const T = Date.UTC(2026, 10, 22, 12);
const DAY = 24 * 60 * 60 * 1000;

/** A draft as the pay form holds it (renderer/src/state/app-store.ts PayDraft): every field a string. */
export const draft = {
  debtorAccount: '013326012345',
  depositKennitala: '050792-2189',
  depositAccount: '0133-26-020001',
  amount: '1,500',
  endToEndId: 'Rent',
  extendedReference: 'November',
  payeeName: 'Björn',
};
export const emptyDraft = { ...draft, ...Object.fromEntries(Object.keys(draft).map((key) => [key, ''])) };
const filter: HistoryFilter = {
  from: T - 30 * DAY,
  to: T,
  states: ['settled', 'unknown'],
  payee: 'Björn',
  text: 'Rent',
};

/** One request per channel as the renderer sends it; the type makes a new channel a compile error here. */
export const uiRequests: { [C in InvokeChannel]: RequestOf<C> } = {
  appInfo: undefined,
  listProfiles: undefined,
  switchProfile: { id: 'bank-sandbox' },
  // As the profile form's toProfileInput builds it, with every optional field filled.
  saveProfile: {
    id: 'test-bank',
    name: 'Test bank',
    environment: 'bank-sandbox',
    baseUrl: 'https://api.test.bank.is/v1/',
    authUrl: 'https://auth.test.bank.is',
    clientId: 'wallet',
    clientSecret: '',
    apiKey: 'key-1234567890',
    apiVersion: 'v1',
    scopes: ['profile', 'openid', 'customer', 'payments'],
    redirectPorts: [53682],
    tokenEndpointAuth: 'client_secret_basic',
    kennitalaClaims: ['kennitala', 'nationalId'],
    nameClaims: ['name'],
    jwksUrl: 'https://auth.test.bank.is/jwks',
    discoveryUrl: 'https://auth.test.bank.is/.well-known/openid-configuration',
    issuer: 'https://auth.test.bank.is',
  },
  removeProfile: { id: 'test-bank' },
  sessionStatus: undefined,
  signIn: undefined,
  cancelSignIn: undefined,
  signOut: undefined,
  listAccounts: undefined,
  saveAccount: { accountNumber: '0133-26-012345', label: 'Current account' },
  removeAccount: { id: 'account-1' },
  listPayees: undefined,
  savePayee: { name: 'Björn', kennitala: '050792-2189', accountNumber: '0133-26-020001' },
  removePayee: { id: 'payee-1' },
  dailyLimit: undefined,
  validatePayment: draft,
  confirmPayment: { draft, acknowledgeDuplicate: 'payment-0', due: { id: 'due-1', date: '2026-12-01' } },
  submitPayment: { id: 'payment-1' },
  checkAgain: { id: 'payment-1' },
  dropPayment: { id: 'payment-1' },
  declareOutcome: { id: 'payment-1', outcome: 'paid' },
  stopTrying: { id: 'payment-1' },
  historyPage: { filter, offset: 100, limit: 100 },
  getPayment: { id: 'payment-1' },
  refreshStatus: { id: 'payment-1' },
  exportHistory: { filter },
  historyIntegrity: undefined,
  spendingSummary: { range: { from: T - 30 * DAY, to: T } },
  acceptHistory: undefined,
  saveReceipt: { id: 'payment-1' },
  createPaymentRequest: { account: '013326012345', amount: 1500, message: 'Leiga' },
  readPaymentRequest: { link: 'a2a-wallet://pay?v=1&kt=1203852089&acct=013326012345&c=00000000' },
  takePaymentRequest: undefined,
  savePaymentRequestQr: {
    link: 'a2a-wallet://pay?v=1&kt=1203852089&acct=013326012345&c=00000000',
    caption:
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  },
  showExport: { fileName: 'a2a-wallet-local-sandbox-2026-11-22.csv' },
  listDue: undefined,
  saveDue: { id: 'due-1', draft, schedule: { kind: 'monthly', day: 31, start: '2026-11-30', times: 12 } },
  skipDue: { id: 'due-1', date: '2026-11-30' },
  stopDue: { id: 'due-1' },
  exportBackup: { passphrase: 'kaffi með mjólk á morgnana' },
  restoreBackup: { file: 'YTJhLXdhbGxldC1iYWNrdXA=', passphrase: 'kaffi með mjólk á morgnana' },
  testerTools: undefined,
  listCalls: { paymentId: 'pay-1', outcome: 'failed', errorCode: 'InternalServerError' },
  callDetail: { id: 'c1' },
  saveSupportBundle: undefined,
  previewSupportBundle: undefined,
  sandboxPanel: undefined,
  sandboxControl: {
    action: 'fault',
    route: 'payments.create',
    kind: 'bankError',
    count: 2,
    error: 'AmountUnavailable',
  },
  getSettings: undefined,
  updateSettings: { language: 'is', allowWeakTokenStorage: true },
  lockStatus: undefined,
  unlock: { passcode: '482916' },
  lockNow: undefined,
  setPasscode: { current: '482916', next: 'hestur á túni' },
  removePasscode: { current: '482916' },
  confirmPresence: { passcode: '482916' },
  updateLockSettings: { idleMinutes: 10 },
  forgetPasscode: undefined,
  noteActivity: undefined,
};
