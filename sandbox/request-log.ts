/**
 * What `/__sandbox/requests` shows: enough to follow a client's calls, nothing that could be replayed. No query
 * string (it may carry a code or a state), no header but X-Request-ID, no body.
 */
export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  /** null when the connection was destroyed on purpose, without an answer. */
  status: number | null;
  requestId?: string;
}

// Enough for a test or a tester to look back on, bounded so a benchmark cannot grow it without end.
const MAX_ENTRIES = 1000;

export class RequestLog {
  #entries: RequestLogEntry[] = [];

  record(entry: { atMs: number; method: string; url: string; status: number | null; requestId: unknown }): void {
    const query = entry.url.indexOf('?');
    const path = (query === -1 ? entry.url : entry.url.slice(0, query)).slice(0, 300);
    const logged: RequestLogEntry = {
      at: new Date(entry.atMs).toISOString(),
      method: entry.method,
      path,
      status: entry.status,
    };
    if (typeof entry.requestId === 'string') logged.requestId = entry.requestId.slice(0, 64);
    this.#entries.push(logged);
    if (this.#entries.length > MAX_ENTRIES * 2) this.#entries = this.#entries.slice(-MAX_ENTRIES);
  }

  entries(): RequestLogEntry[] {
    return this.#entries.slice(-MAX_ENTRIES).map((entry) => ({ ...entry }));
  }

  clear(): void {
    this.#entries = [];
  }
}
