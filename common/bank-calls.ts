import { z } from 'zod';
import { bankErrorNames } from './bank-errors.ts';
import { CALL_OUTCOMES, CLEAR_HEADERS, REMOVED } from './call-rules.ts';
import { CLOCK_MOVES, FAULT_KINDS, FAULT_ROUTES } from './sandbox-faults.ts';

export { CALL_OUTCOMES, CLEAR_HEADERS, REMOVED };

/**
 * A tester's window on the bank (docs/BANK-CALLS.md): every call the app made to the bank and to its sign-in server,
 * with secrets removed and the customer's numbers masked; a support bundle; the local sandbox's controls.
 */
export const CALL_SERVICES = ['bank', 'sign-in'] as const;
export type CallService = (typeof CALL_SERVICES)[number];

/** How many calls a profile keeps (this run and the runs before), the oldest dropped first. */
export const CALL_LOG_MAX_CALLS = 400;
/** How much of a body (after redaction) a call keeps; the rest is cut and said to be. */
export const CALL_BODY_MAX_CHARS = 4_000;

export const CallSummarySchema = z.object({
  id: z.string().max(24),
  /** 0: this run of the app; 1: the run before, and so on. */
  run: z.int().min(0),
  /** When it was sent (main's clock, ISO 8601). */
  at: z.string().max(30),
  service: z.enum(CALL_SERVICES),
  method: z.string().max(10),
  /** The path, with a query's values removed. */
  path: z.string().max(300),
  /** X-Request-ID, where the call carried one. */
  requestId: z.string().max(64).optional(),
  /** The HTTP status; none where no answer came. */
  status: z.int().min(100).max(599).optional(),
  /** Why no answer came: Timeout, NetworkError, TooLarge, Redirect (never followed). */
  failure: z.string().max(40).optional(),
  durationMs: z.int().min(0),
  /** The bank's error name (bank-service.md, "Errors") or the sign-in server's OAuth error. */
  errorCode: z.string().max(64).optional(),
  /** The payment it was sent for (a send, or a question about its outcome). */
  paymentId: z.string().max(64).optional(),
  /** The nth call with this request id (1 for the first). */
  attempt: z.int().min(1),
});
export type CallSummary = z.infer<typeof CallSummarySchema>;

/** Calls of one request id (a send and its retries) together; a call without one is alone. */
export const CallGroupSchema = z.object({
  requestId: z.string().max(64).optional(),
  paymentId: z.string().max(64).optional(),
  calls: z.array(CallSummarySchema),
});
export type CallGroup = z.infer<typeof CallGroupSchema>;

export const CallFilterSchema = z.strictObject({
  paymentId: z.string().min(1).max(64).optional(),
  /** ok: 2xx and 3xx; failed: an error status or no answer. */
  outcome: z.enum(CALL_OUTCOMES).default('all'),
  errorCode: z.string().min(1).max(64).optional(),
});
export type CallFilter = z.input<typeof CallFilterSchema>;

export const CallListSchema = z.object({
  /** The list is shown in this profile (a test profile, or a vendor's build that turns it on). */
  shown: z.boolean(),
  /** Newest first; the calls of a group in the order they were sent. */
  groups: z.array(CallGroupSchema),
  /** Every call kept, before the filter. */
  total: z.int().min(0),
  /** Calls dropped, oldest first, to keep within CALL_LOG_MAX_CALLS. */
  dropped: z.int().min(0),
  /** What the filters offer: the payments and the error codes among the calls kept. */
  paymentIds: z.array(z.string().max(64)),
  errorCodes: z.array(z.string().max(64)),
  /** Main's time when the list was read: a call of another day is shown with its date. */
  asOf: z.number(),
});
export type CallList = z.infer<typeof CallListSchema>;
/** The list as the call log keeps it, before the handler dates it. */
export type KeptCallList = Omit<CallList, 'asOf'>;

const Exchange = z.object({
  /** Only headers known to hold nothing secret; the others are named with their value removed (here too). */
  headers: z
    .record(z.string().max(64), z.string().max(400))
    .transform((headers) =>
      Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, CLEAR_HEADERS.has(name) ? value : REMOVED]),
      ),
    ),
  body: z
    .string()
    .max(CALL_BODY_MAX_CHARS + 200)
    .optional(),
  /** The body was longer than CALL_BODY_MAX_CHARS: this much was cut. */
  cutChars: z.int().min(0).optional(),
});

export const CallDetailSchema = CallSummarySchema.extend({
  request: Exchange,
  /** None where no answer came. */
  response: Exchange.optional(),
});
export type CallDetail = z.infer<typeof CallDetailSchema>;

/** The tools the active profile and this build show. */
export const TesterToolsSchema = z.object({
  /** The call list: in a test profile, or where the vendor's preset turns it on (showBankCalls). */
  calls: z.boolean(),
  /** The local sandbox's panel: in the local sandbox profile, in a build that ships it. */
  sandbox: z.boolean(),
});
export type TesterTools = z.infer<typeof TesterToolsSchema>;

/** The local sandbox's panel: what it is set to now. */
export const SandboxPanelSchema = z.object({
  /** The sandbox's clock (ISO 8601). */
  now: z.string().max(30),
  /**
   * The app's own clock (ms): the computer's time in the app, from which the panel says how far the sandbox's clock
   * was moved on. The browser harness and the tests run the app on the sandbox's clock, so there the two agree.
   */
  appNow: z.number(),
  /** When the signed-in customer's 90 days end, where someone is signed in. */
  grantEndsAt: z.string().max(30).optional(),
  faults: z.array(
    z.object({
      route: z.enum(FAULT_ROUTES),
      kind: z.enum(FAULT_KINDS),
      count: z.int().min(1),
      delayMs: z.int().min(0),
      error: z.enum(bankErrorNames).optional(),
    }),
  ),
  /** The sandbox's users by username and what each triggers (no names: the window shows nobody's by chance). */
  users: z.array(z.object({ username: z.string().max(40), behaviour: z.string().max(300) })),
  /** The user the sandbox's sign-in page is filled in for. */
  user: z.string().max(40).optional(),
});
export type SandboxPanel = z.infer<typeof SandboxPanelSchema>;

export const SandboxControlSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('fault'),
    route: z.enum(FAULT_ROUTES),
    kind: z.enum(FAULT_KINDS),
    count: z.int().min(1).max(10).default(1),
    /** A slow answer's wait (real time: it runs the app's timeouts). */
    delayMs: z.int().min(0).max(60_000).default(0),
    error: z.enum(bankErrorNames).optional(),
  }),
  z.strictObject({ action: z.literal('clearFaults') }),
  z.strictObject({ action: z.literal('clock'), to: z.enum(CLOCK_MOVES) }),
  /** The user the sign-in page is filled in for; none to type one in. */
  z.strictObject({ action: z.literal('user'), username: z.string().min(1).max(40).optional() }),
]);
export type SandboxControl = z.input<typeof SandboxControlSchema>;
