import { REQUEST_ID_WINDOW_MS } from '../common/request-id.ts';

export const INITIATIONS_PATH = '/Payments/Initiations/v1/CreditTransfers';

/** The retrieved initiation of bank-service.md, camelCase. */
export interface Initiation {
  id: string;
  paymentDate: string;
  status: 'ACCC';
  endToEndIdentification: string;
  debtorAccount: { id: string; ownerId: string };
  depositAccount: { id: string; ownerId: string };
  amount: { amount: number; currency: string };
  extendedReference: string;
}

/** An accepted payment and who made it; what `/__sandbox/initiations` lists. */
export interface InitiationRecord {
  initiation: Initiation;
  username: string;
  clientId: string;
  requestId: string;
  /** The Location the POST answered with: the sample initiation's in faithful mode. */
  location: string;
}

interface Remembered {
  location: string;
  at: number;
}

/** Accepted initiations, and the X-Request-IDs that created them, remembered for 24 hours per client. */
export class InitiationStore {
  readonly #byId = new Map<string, InitiationRecord>();
  // Insertion order is the order of acceptance, so the stale entries sit at the front.
  readonly #requestIds = new Map<string, Remembered>();

  add(record: InitiationRecord, nowMs: number): void {
    this.#byId.set(record.initiation.id, record);
    this.#forgetExpired(nowMs);
    const key = `${record.clientId}\n${record.requestId}`;
    this.#requestIds.delete(key);
    this.#requestIds.set(key, { location: record.location, at: nowMs });
  }

  /** The original Location when this client succeeded with this request id less than 24 hours ago. */
  replay(clientId: string, requestId: string, nowMs: number): string | undefined {
    const remembered = this.#requestIds.get(`${clientId}\n${requestId}`);
    return remembered && nowMs - remembered.at < REQUEST_ID_WINDOW_MS ? remembered.location : undefined;
  }

  byId(id: string): InitiationRecord | undefined {
    return this.#byId.get(id);
  }

  all(): InitiationRecord[] {
    return [...this.#byId.values()];
  }

  clear(): void {
    this.#byId.clear();
    this.#requestIds.clear();
  }

  #forgetExpired(nowMs: number): void {
    for (const [key, remembered] of this.#requestIds) {
      if (nowMs - remembered.at < REQUEST_ID_WINDOW_MS) break;
      this.#requestIds.delete(key);
    }
  }
}
