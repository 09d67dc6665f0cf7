import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallFilter, CallList } from '../../../../common/bank-calls.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';

// The bank calls screen's list (BankCallsScreen.tsx): the filters as its form holds them, and the list main reads
// for them.

export type Outcome = NonNullable<CallFilter['outcome']>;

/** The filters as the form holds them: an empty string is "all calls". */
export interface FilterForm {
  paymentId: string;
  outcome: Outcome;
  errorCode: string;
}
export const emptyForm = (): FilterForm => ({ paymentId: '', outcome: 'all', errorCode: '' });
export const isFiltered = (form: FilterForm) =>
  form.paymentId !== '' || form.outcome !== 'all' || form.errorCode !== '';

const toFilter = (form: FilterForm): CallFilter => ({
  outcome: form.outcome,
  ...(form.paymentId ? { paymentId: form.paymentId } : {}),
  ...(form.errorCode ? { errorCode: form.errorCode } : {}),
});

export type Loaded = { status: 'loading' } | { status: 'error'; code: string } | { status: 'ready'; list: CallList };

/** The list for the filters: read when they change, on Refresh, and when a payment or the session changes. */
export function useCallList(form: FilterForm) {
  const wallet = useWallet();
  const profileId = useApp((state) => state.session?.profileId);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  /** Only the last read's answer is shown: an earlier one may come after it. */
  const seq = useRef(0);
  const filterKey = JSON.stringify(toFilter(form));

  const load = useCallback(async () => {
    const mine = ++seq.current;
    setBusy(true);
    try {
      const list = await unwrap(wallet.listCalls(JSON.parse(filterKey) as CallFilter));
      if (mine === seq.current) setLoaded({ status: 'ready', list });
    } catch (error) {
      if (mine === seq.current) setLoaded({ status: 'error', code: errorCode(error) });
    } finally {
      if (mine === seq.current) setBusy(false);
    }
  }, [wallet, filterKey]);

  useEffect(() => {
    void load();
  }, [load, profileId]);

  useEffect(() => {
    const stops = [wallet.onPaymentChanged(() => void load()), wallet.onSessionChanged(() => void load())];
    return () => stops.forEach((stop) => stop());
  }, [wallet, load]);

  return { loaded, busy, load };
}
