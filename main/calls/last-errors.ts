import type { HandlerTable } from '../../common/bridge-contract.ts';
import type { Clock } from '../../common/time.ts';

/** How many of the window's last failed requests the support bundle tells. */
const KEPT = 50;

export interface NotedError {
  at: string;
  channel: string;
  /** The app's error code (WalletError's), never its message (which may name what the customer typed). */
  code: string;
}

/** The last requests of the window that failed, by channel and code, for the support bundle (this run only). */
export class LastErrors {
  readonly #clock: Clock;
  readonly #items: NotedError[] = [];

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  note(channel: string, error: unknown): void {
    const code = (error as { code?: unknown } | undefined)?.code;
    this.#items.push({
      at: new Date(this.#clock.now()).toISOString(),
      channel,
      code: typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : 'UNEXPECTED',
    });
    if (this.#items.length > KEPT) this.#items.shift();
  }

  list(): NotedError[] {
    return this.#items.map((item) => ({ ...item }));
  }

  /** The same table, each failure noted before it goes on to the window as it did. */
  watch(table: HandlerTable): HandlerTable {
    const watched: Record<string, (request: unknown) => Promise<unknown>> = {};
    for (const [channel, handler] of Object.entries(table) as [string, (request: unknown) => unknown][]) {
      watched[channel] = async (request) => {
        try {
          return await handler(request);
        } catch (error) {
          this.note(channel, error);
          throw error;
        }
      };
    }
    return watched as unknown as HandlerTable;
  }
}
