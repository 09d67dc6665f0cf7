import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { redactText, secretForms } from '../redaction/redact-text.ts';

/** One thing the app tells support about itself: what happened (a fixed name), and the error's code and message. */
export interface LogEntry {
  /** What happened, named by the app (`store.workerError`, `notification.failed`...): never a customer's text. */
  event: string;
  code?: string | undefined;
  message?: string | undefined;
}

export interface AppLog {
  warn(entry: LogEntry): void;
  error(entry: LogEntry): void;
  /** The lines kept (the older file's, then this one's), for the support bundle: already redacted when written. */
  lines(): string[];
  /**
   * The secrets of this run that no shape gives away (an API key, a client secret, the tokens): taken out of every
   * message from now on, as the bank-call log takes them out of its calls. The core tells it once it holds them.
   */
  useSecrets(secrets: () => readonly string[]): void;
}

/** A message is cut to this: enough for support, too short to carry a payment's worth of text. */
const MESSAGE_MAX = 300;
/** Past this the file is rotated: the current one becomes `.1` (the older `.1` goes), so two are kept at most. */
const FILE_MAX_BYTES = 256 * 1024;

/**
 * The app's own log (issue 39): errors that the customer sees only as "something went wrong" (the payment store's
 * worker that failed to start or died, a notification that failed), with their code and message, for the customer and
 * support to know why. One JSON line an entry, in `<data folder>/logs/main.log`, rotated at 256 KiB. Written with no
 * token, kennitala, account number or payment text: a message is an error's own (Node's, SQLite's, Electron's),
 * never what a customer typed; it passes the bank-call log's redaction (the run's known secrets, tokens, secret
 * fields, credentials, every long run of digits) and is cut to 300 characters; the event and code are the app's
 * own names. Plain Node's fs, so the core logs alike in Electron, the harness and tests.
 */
export function fileLog(path: string, now: () => number = Date.now): AppLog {
  let secrets: () => readonly string[] = () => [];
  const write = (level: 'warn' | 'error', entry: LogEntry): void => {
    const line = JSON.stringify({
      at: new Date(now()).toISOString(),
      level,
      event: safeName(entry.event),
      ...(entry.code === undefined ? {} : { code: safeName(entry.code) }),
      ...(entry.message === undefined
        ? {}
        : { message: redactText(entry.message, secretForms(secrets())).slice(0, MESSAGE_MAX) }),
    });
    try {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      if (existsSync(path) && statSync(path).size > FILE_MAX_BYTES) renameSync(path, `${path}.1`);
      appendFileSync(path, `${line}\n`, { mode: 0o600 });
    } catch {
      // A log that cannot be written (a full disk) must not stop what it was telling of.
    }
  };
  return {
    warn: (entry) => write('warn', entry),
    error: (entry) => write('error', entry),
    lines: () => [`${path}.1`, path].flatMap((file) => (existsSync(file) ? readLines(file) : [])),
    useSecrets: (known) => {
      secrets = () => {
        try {
          return known();
        } catch {
          // Whatever holds them is not there (yet, or any more): the shapes are still taken out.
          return [];
        }
      };
    },
  };
}

/** A log that keeps nothing (tests that do not look at it). */
export const noLog: AppLog = {
  warn: () => undefined,
  error: () => undefined,
  lines: () => [],
  useSecrets: () => undefined,
};

/** An event's or a code's name: letters, digits and `._-`, as the app names them; anything else is dropped. */
const safeName = (name: string): string => name.replace(/[^\w.-]/g, '').slice(0, 80);

const readLines = (file: string): string[] => readFileSync(file, 'utf8').split('\n').filter(Boolean);
