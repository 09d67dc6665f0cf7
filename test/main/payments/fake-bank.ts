import { BankError } from '../../../main/bank/bank-error.ts';
import type { BankClient } from '../../../main/bank/bank-client.ts';
import type { PaymentOrder } from '../../../common/payment.ts';
import type { Initiation } from '../../../main/bank/initiation.ts';

/**
 * A bank in memory that honours X-Request-ID like the real one: a repeated id returns the original initiation.
 * Each call takes its next scripted outcome; `lost` processes the payment and then loses the answer.
 */
export type Outcome = 'ok' | 'lost' | 'down' | BankError;

export class FakeBank implements BankClient {
  readonly initiations = new Map<string, { requestId: string; request: PaymentOrder }>();
  readonly byRequestId = new Map<string, string>();
  readonly calls: { requestId: string; request: PaymentOrder }[] = [];
  script: Outcome[] = [];
  status = 'ACCC';
  beforeCreate?: (requestId: string) => void;

  createCreditTransfer(request: PaymentOrder, requestId: string) {
    this.beforeCreate?.(requestId);
    this.calls.push({ requestId, request });
    const outcome = this.script.shift() ?? 'ok';
    if (outcome instanceof BankError) return Promise.reject(outcome);
    if (outcome === 'down') {
      return Promise.reject(
        new BankError({ name: 'NetworkError', code: 'ECONNREFUSED', message: 'down', retryable: true }),
      );
    }
    let id = this.byRequestId.get(requestId);
    if (!id) {
      id = `init${this.initiations.size + 1}`;
      this.initiations.set(id, { requestId, request });
      this.byRequestId.set(requestId, id);
    }
    if (outcome === 'lost') {
      return Promise.reject(
        new BankError({ name: 'NetworkError', code: 'ECONNRESET', message: 'lost', retryable: true }),
      );
    }
    return Promise.resolve({
      initiationId: id,
      location: `/Payments/Initiations/v1/CreditTransfers/${id}`,
      httpStatus: 201,
    });
  }

  getCreditTransfer(initiationId: string): Promise<Initiation> {
    if (!this.initiations.has(initiationId)) {
      return Promise.reject(
        new BankError({ name: 'InitiationNotFound', code: 'ERR_80102_120', message: 'x', retryable: false }),
      );
    }
    const { request } = this.initiations.get(initiationId) ?? {};
    return Promise.resolve({
      id: initiationId,
      status: this.status,
      paymentDate: '2026-11-22T10:00:00.000Z',
      debtorAccount: { id: request?.debtorAccount, ownerId: request?.debtorKennitala },
      amount: { amount: request?.amount, currency: 'ISK' },
    });
  }
}

export const bankRefusal = (name: 'OverDailyAmount' | 'AmountUnavailable', code: string) =>
  new BankError({ name, code, message: name, httpStatus: 400, retryable: false, refusal: true });
export const serverError = () =>
  new BankError({ name: 'InternalServerError', code: 'ERR_80102_000', message: 'x', httpStatus: 500, retryable: true });
