import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { DailyLimitView, DraftValidation, PaymentView } from '../../common/bridge-contract.ts';
import type { AppLocale } from '../../common/locale.ts';
import { createAppStore, emptyDraft, type AppStore, type PayDraft } from '../../renderer/src/state/app-store.ts';
import { WalletProvider } from '../../renderer/src/state/wallet-context.tsx';
import { bridgeStub, type BridgeStub, type StubAnswers } from '../support/bridge-stub.ts';
import { person } from './render-app.tsx';

/**
 * The pay flow's parts over a contract-typed stub of the bridge (test/support/bridge-stub.ts), for the window's own
 * logic only: the answers here are what a test needs main to have said, never main's rules worked out again.
 */
export const T0 = Date.UTC(2026, 10, 22, 12);
export const ANNAS = '013326012345';

export const LIMIT: DailyLimitView = {
  day: '2026-11-22',
  limit: 200_000,
  used: 0,
  held: 0,
  uncertain: 0,
  spent: 0,
  remaining: 200_000,
  resetsAt: Date.UTC(2026, 10, 23),
  bankSaysReached: false,
  asOf: T0,
};

/** Main's answer that the draft is fine: the order the review shows, with the draft's amount. */
export function checkedFine(draft: Pick<PayDraft, 'amount'>, extra: Partial<DraftValidation> = {}): DraftValidation {
  return {
    errors: {},
    order: {
      debtorKennitala: '120385-****',
      debtorAccount: ANNAS,
      depositKennitala: '0507922189',
      depositAccount: '013326020001',
      amount: Number(draft.amount.replace(/\D/g, '')) || 1,
      endToEndId: '',
      extendedReference: '',
      payeeName: '',
    },
    newPayee: true,
    limit: LIMIT,
    ...extra,
  };
}

/** Main's answer that the draft has errors, per field. */
export const checkedWith = (errors: DraftValidation['errors']): DraftValidation => ({
  errors,
  newPayee: false,
  limit: LIMIT,
});

export function confirmedPayment(state: PaymentView['state'] = 'confirmed'): PaymentView {
  const order = checkedFine({ amount: '1500' }).order;
  if (!order) throw new Error('a fine check has an order');
  return {
    id: 'payment-1',
    profileId: 'local-sandbox',
    order,
    requestId: 'req1',
    state,
    stateTimes: { [state]: T0 },
    createdAt: T0,
    updatedAt: T0,
    attempts: 0,
    windowClosed: false,
    version: 1,
  };
}

/** The stub, answering the own lists (one account, no payees) and whatever the test adds. */
export function payStub(answers: StubAnswers = {}): BridgeStub {
  return bridgeStub({
    listAccounts: () => [{ id: 'a1', accountNumber: ANNAS, label: 'Main' }],
    listPayees: () => [],
    dailyLimit: () => LIMIT,
    ...answers,
  });
}

/** Renders `ui` in the window's providers, with Anna signed in and the draft on her account. */
export function renderStubbed(stub: BridgeStub, ui: (app: AppStore) => ReactNode, locale: AppLocale = 'en') {
  const app = createAppStore(stub.api);
  app.setState({
    phase: 'ready',
    locale,
    session: {
      profileId: 'local-sandbox',
      signedIn: true,
      signingIn: false,
      name: 'Anna Jónsdóttir',
      maskedKennitala: '120385-****',
      grantStart: T0,
      persistent: true,
    },
    draft: { ...emptyDraft(), debtorAccount: ANNAS },
  });
  const user = person();
  const view = render(
    <WalletProvider wallet={stub.api} store={app}>
      {ui(app)}
    </WalletProvider>,
  );
  return { app, user, ...view };
}
