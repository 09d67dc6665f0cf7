/**
 * The names of the bridge's channels, without their schemas: what the sandboxed preload needs to build
 * `window.wallet` while it imports nothing but types from the contract (whose schemas would pull zod into its
 * bundle). `bridge-contract.ts` gives each name its schemas, and the compiler refuses a name without schemas or
 * schemas without a name.
 */
export const INVOKE_CHANNEL_NAMES = [
  'appInfo',
  'listProfiles',
  'switchProfile',
  'saveProfile',
  'removeProfile',
  'sessionStatus',
  'signIn',
  'cancelSignIn',
  'signOut',
  'listAccounts',
  'saveAccount',
  'removeAccount',
  'listPayees',
  'savePayee',
  'removePayee',
  'dailyLimit',
  'validatePayment',
  'confirmPayment',
  'submitPayment',
  'checkAgain',
  'dropPayment',
  'declareOutcome',
  'stopTrying',
  'setPaymentNote',
  'historyPage',
  'getPayment',
  'refreshStatus',
  'exportHistory',
  'historyIntegrity',
  'spendingSummary',
  'acceptHistory',
  'saveReceipt',
  'createPaymentRequest',
  'readPaymentRequest',
  'takePaymentRequest',
  'savePaymentRequestQr',
  'showExport',
  'listDue',
  'saveDue',
  'skipDue',
  'stopDue',
  'exportBackup',
  'restoreBackup',
  'testerTools',
  'listCalls',
  'callDetail',
  'saveSupportBundle',
  'previewSupportBundle',
  'sandboxPanel',
  'sandboxControl',
  'getSettings',
  'updateSettings',
  'lockStatus',
  'retryKeychain',
  'startAfresh',
  'unlock',
  'lockNow',
  'setPasscode',
  'removePasscode',
  'confirmPresence',
  'updateLockSettings',
  'forgetPasscode',
  'noteActivity',
] as const;

export const EVENT_CHANNEL_NAMES = [
  'sessionChanged',
  'paymentChanged',
  'paymentOutcome',
  'paymentRequestOpened',
  'grantReminder',
  'lockChanged',
  'dueOpened',
  'dayChanged',
] as const;

export type InvokeChannel = (typeof INVOKE_CHANNEL_NAMES)[number];
export type EventChannel = (typeof EVENT_CHANNEL_NAMES)[number];

export type EventMethodName<E extends EventChannel> = `on${Capitalize<E>}`;

/** `window.wallet`'s subscription method for an event: `sessionChanged` -> `onSessionChanged`. */
export const eventMethodName = <E extends EventChannel>(name: E): EventMethodName<E> => {
  const text: string = name;
  return `on${text.charAt(0).toUpperCase()}${text.slice(1)}` as EventMethodName<E>;
};
