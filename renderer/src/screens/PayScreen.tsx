import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { HistoryTrustBanner } from '../components/HistoryTrust.tsx';
import { useT } from '../i18n/index.ts';
import { focusOn, useFocusIfLost } from '../lib/focus.ts';
import { useApp, useAppStore, useWallet } from '../state/wallet-context.tsx';
import { createDueStore } from './pay/due-store.ts';
import { DueList } from './pay/DueList.tsx';
import { LimitMeter } from './pay/LimitMeter.tsx';
import { PayForm } from './pay/PayForm.tsx';
import { createPayStore } from './pay/pay-store.ts';
import { Result } from './pay/Result.tsx';
import { Review } from './pay/Review.tsx';
import './pay/pay.css';

/**
 * The home screen once signed in: which stage shows (the form, then the review, then the outcome), with the limit
 * above them. The draft lives in the app store; the stages' parts are in screens/pay/.
 */
export function PayScreen() {
  const t = useT();
  const wallet = useWallet();
  const app = useAppStore();
  const [store] = useState(() => createPayStore(wallet, app));
  const [due] = useState(() => createDueStore(wallet, app));
  const stage = useStore(store, (state) => state.stage);
  const limit = useStore(store, (state) => state.limit);
  const actions = useStore(store, (state) => state.actions);
  const dueList = useStore(due, (state) => state.list);
  // A stage that replaces the one the focus was on (Change, Back, New payment): the screen's heading takes it.
  const title = useFocusIfLost<HTMLHeadingElement>(stage.name, { onMount: false });
  // While the screen is open its stores follow the payments and the session in the main process.
  useEffect(() => actions.listen(), [actions]);
  useEffect(() => due.getState().actions.listen(), [due]);
  // A notification of payments due was clicked: the form shows (not a review or an outcome), and once the list is
  // read the focus goes to its heading (to the screen's when nothing is due any more).
  const dueWanted = useApp((state) => state.dueWanted === true);
  const [focusDue, setFocusDue] = useState(false);
  useEffect(() => {
    if (!dueWanted || !app.getState().actions.takeDueWanted()) return;
    actions.backToForm();
    setFocusDue(true);
  }, [dueWanted, app, actions]);
  useEffect(() => {
    if (!focusDue || !dueList || stage.name !== 'form') return;
    setFocusDue(false);
    focusOn(document.getElementById('due-title') ?? document.getElementById('pay-title'));
  }, [focusDue, dueList, stage.name]);
  // A payment request fills the form (each request's notice is a new one): from the review or an outcome, the form
  // shows again, with it.
  const requestNotice = useApp((state) => state.requestNotice);
  useEffect(() => {
    if (requestNotice?.kind === 'filled') actions.backToForm();
  }, [requestNotice, actions]);

  return (
    <section aria-labelledby="pay-title" className="pay">
      <div className="pay-top">
        <h2 id="pay-title" ref={title} tabIndex={-1}>
          {t('pay.title')}
        </h2>
        <LimitMeter limit={limit} />
      </div>
      <HistoryTrustBanner />
      {stage.name === 'form' && <DueList store={due} onReview={actions.review} />}
      {stage.name === 'form' && (
        <PayForm onReview={actions.review} onLimit={actions.setLimit} due={due} store={store} />
      )}
      {stage.name === 'review' && (
        <Review
          validation={stage.validation}
          draft={stage.draft}
          onBack={actions.backToForm}
          onConfirmed={actions.confirmed}
          due={stage.due}
        />
      )}
      {stage.name === 'result' && <Result store={store} />}
    </section>
  );
}
