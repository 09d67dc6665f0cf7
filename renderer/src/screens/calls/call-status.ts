import type { CallSummary } from '../../../../common/bank-calls.ts';
import { hasMessage, useT } from '../../i18n/index.ts';

/** The answer's HTTP status, or why none came, in words. */
export function useCallStatus(): (call: Pick<CallSummary, 'status' | 'failure'>) => string {
  const t = useT();
  return (call) => {
    if (call.status !== undefined) return String(call.status);
    const key = `calls.failure.${call.failure ?? ''}`;
    return hasMessage(key) ? t(key) : t('calls.failure.other');
  };
}
