import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { INITIATIONS_PATH, startSandbox, type FaultInput, type Sandbox } from '../sandbox/index.ts';
import { powerCut, startPostGate } from './crash-power.ts';
import { localApp, signIn } from '../test/sandbox/oauth-dance.ts';
import { seeded } from '../test/support/seeded.ts';
import { ANNA, BJORN, PROFILE, type CrashChildConfig, type OpenedStore } from './crash-child.ts';

/**
 * The crash test of issue 28: the payment core (scripts/crash-child.ts: PaymentsByCustomer, its store's worker, the
 * bank client) in a child process, killed with SIGKILL at random moments while it pays, checks again, follows up,
 * opens (recovers) and imports an old journal, many times over one data folder and one sandbox bank (run here, in
 * this process). After each restart, once the child has opened the store and before it does anything else:
 * - every intent it said was confirmed (a line written only after `confirm` resolved) is there, and every payment
 *   of the imported journals (the import finished, or runs again whole): else a lost intent;
 * - every initiation the bank holds has its request id on an intent in the store: else a POST without a durable
 *   intent; and that intent does not read as never sent (it could then be dropped as if it had not gone);
 * - the bank made at most one initiation per payment, through whichever request ids the payment was ever seen with
 *   (it answers a replayed X-Request-ID with the first one's Location and creates nothing): else a duplicate POST;
 * - every POST of a payment that left the child (seen by the gate in front of the bank, scripts/crash-power.ts)
 *   is on an intent in the store that reads as sent: else a send forgotten (`postsShownUnsent`), which "Don't send"
 *   and a new payment would have paid twice;
 * - the store is trusted and holds no damaged payment but the two the old journal already had: else unflagged
 *   damage. A store flagged as not trusted is reported (`flagged`, with what the kill before it interrupted), and
 *   so is a flag that went away by itself (`flagsCleared`): nobody here accepts a flagged history.
 *
 * The children are started ahead (Node and the core's modules loaded) and open the store only once the one before
 * is dead. Kills land up to 300 ms after a child opened, or, for the first starts, the starts after another old
 * journal appears halfway, and some others at random, during its opening: the import, `recover`. Some working runs
 * are killed instead the moment a payment's POST reaches the gate (between the send's first write and the bank's
 * answer; the POST then passed on to the bank, or not), and after some kills the power is cut as well: the stores
 * put back as their last fsync left them (main/payments/store/sync-images.ts), the WAL cut back to its last sync.
 *
 * `node --experimental-strip-types scripts/crash-test.ts [kills] [seed]` prints the figure line.
 */
export interface CrashTestOptions {
  kills: number;
  seed: number;
  log?: (line: string) => void;
  /** How often a working run is killed at a payment's POST (else at random), and a kill followed by a power cut. */
  postKillRate?: number;
  powerCutRate?: number;
}

export interface CrashTestResult {
  kills: number;
  lostIntents: number;
  duplicatePosts: number;
  postsWithoutIntent: number;
  unflaggedDamage: number;
  restarts: number;
  /** Restarts after which the store was flagged (not trusted), with what it said and when. */
  flagged: { restart: number; customer: string; problem: string; after: string }[];
  /** Restarts at which a flagged store read as trusted again, with nobody having accepted it. */
  flagsCleared: { restart: number; customer: string }[];
  /** Initiations at the bank whose intent reads as never sent (`confirmed`, no first send): a step back. */
  sentShownUnsent: number;
  /** POSTs of a payment that left the child (processed or not) whose intent is missing or reads as never sent. */
  postsShownUnsent: number;
  /** Kills the moment a POST reached the gate (before the bank had it), and kills followed by a power cut. */
  killsAtPost: number;
  powerCuts: number;
  /** Imported payments whose state is not what the old release showed (a `sending` one reads `unknown`). */
  importChanged: number;
  /** The child ended by itself (a crash of its own, or a failed open): each with its last words. */
  childFailures: string[];
  /** What the runs did, as the children said it: confirmed, sent, checked, followed; errors by operation and code. */
  confirmed: number;
  posts: number;
  repeatedPosts: number;
  errors: Record<string, number>;
  /** Kills before the store had opened (during the start, the import, `recover`). */
  killsBeforeOpen: number;
  /** Where the kills fell: `import` and `open` (before the child said it opened), else the step under way. */
  killedDuring: Record<string, number>;
  /** Anything else seen in the data folder between runs (a half-done import left, a database that fails its check). */
  observations: string[];
  ms: number;
}

const ROOT = resolve(import.meta.dirname, '..');
const CHILD = join(ROOT, 'scripts', 'crash-child.ts');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'journal-v1');
/** The journal fixture's data key: the child runs under it throughout, so the old journals open. */
const DATA_KEY = readFileSync(join(FIXTURE, 'data-key.hex'), 'utf8').trim();
/** Kills land this long at most after the child said it opened (its work), or after it said it was starting. */
const WORK_SPREAD_MS = 300;

interface ExpectedJournal {
  profileId: string;
  kennitala: string;
  file: string;
  intents: { id: string; state: string }[];
}

const journals = (JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8')) as { journals: ExpectedJournal[] })
  .journals;
function journalOf(kennitala: string): ExpectedJournal {
  const journal = journals.find((j) => j.profileId === PROFILE && j.kennitala === kennitala);
  if (!journal) throw new Error(`no ${kennitala} journal in the fixture`);
  return journal;
}

/** The customer's old journal into the data folder (the import, at the next start, makes a store of it). */
function placeJournal(dataDir: string, journal: ExpectedJournal): void {
  const target = join(dataDir, journal.file.replace(/^data\//, ''));
  mkdirSync(join(target, '..'), { recursive: true, mode: 0o700 });
  copyFileSync(join(FIXTURE, journal.file), target);
}

/** Random faults at the bank for the next run: lost answers (after or before the work), 500s, slow answers. */
function faultsFor(random: () => number): FaultInput[] {
  const faults: FaultInput[] = [];
  const count = () => 1 + Math.floor(random() * 3);
  if (random() < 0.3) faults.push({ route: 'payments.create', kind: 'dropAfterProcessing', count: count() });
  if (random() < 0.15) faults.push({ route: 'payments.create', kind: 'dropBeforeProcessing', count: 1 });
  if (random() < 0.15) faults.push({ route: 'payments.create', kind: 'status500', count: count() });
  if (random() < 0.25) {
    faults.push({ route: 'payments.create', kind: 'delay', count: count(), delayMs: 20 + Math.floor(random() * 150) });
  }
  if (random() < 0.15) faults.push({ route: 'payments.get', kind: 'dropAfterProcessing', count: 1 });
  if (random() < 0.1) faults.push({ route: 'payments.get', kind: 'status500', count: 1 });
  // Shuffled, so that a delay may come before or after a lost answer.
  return faults.sort(() => random() - 0.5);
}

/** What the data folder holds of a customer's store between runs. */
function leftovers(dataDir: string): string[] {
  const folder = join(dataDir, 'payments', PROFILE);
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

/** SQLite's own check of every store in the folder (opening one also recovers its log, as the next start would). */
function sqliteCheck(dataDir: string): string[] {
  const folder = join(dataDir, 'payments', PROFILE);
  const problems: string[] = [];
  for (const file of leftovers(dataDir).filter((name) => name.endsWith('.sqlite'))) {
    try {
      const db = new DatabaseSync(join(folder, file));
      const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
      db.close();
      const said = rows.map((row) => row.integrity_check).join('; ');
      if (said !== 'ok') problems.push(`${file}: ${said}`);
    } catch (error) {
      problems.push(`${file}: does not open (${(error as Error).message})`);
    }
  }
  return problems;
}

interface Run {
  lines: string[];
  opened: { anna: OpenedStore; bjorn?: OpenedStore; openMs: number } | undefined;
  killed: boolean;
  exit: { code: number | null; signal: NodeJS.Signals | null };
  stderr: string;
  /** From the spawn to the child's `starting` (Node and the core's modules loaded). */
  startMs: number;
  /** Killed by the gate at a payment's POST: whether that POST was then passed on to the bank. */
  atPost: 'passed on' | 'not passed on' | undefined;
}

export async function runCrashTest(options: CrashTestOptions): Promise<CrashTestResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const random = seeded(options.seed);
  const sandbox: Sandbox = await startSandbox({ accessTokenTtlSeconds: 86_400 });
  const gate = await startPostGate(sandbox.url);
  const postKillRate = options.postKillRate ?? 0.25;
  const powerCutRate = options.powerCutRate ?? 0.25;
  const dataDir = mkdtempSync(join(tmpdir(), 'a2a-crash-'));
  chmodSync(dataDir, 0o700);
  /** Each store's files as their last fsync left them (the children's workers keep them here: sync-images.ts). */
  const images = join(dataDir, 'sync-images');
  const compileCache = mkdtempSync(join(tmpdir(), 'a2a-crash-cache-'));
  /** Every child not yet dead: a run that stops early (a check that throws) kills them, the spare started ahead too. */
  const alive = new Set<ChildProcess>();
  /** The first error thrown while a child's line was read: the run stops with it once that child is dead. */
  let failed: { error: unknown } | undefined;
  const result: CrashTestResult = {
    kills: 0,
    lostIntents: 0,
    duplicatePosts: 0,
    postsWithoutIntent: 0,
    unflaggedDamage: 0,
    restarts: 0,
    flagged: [],
    flagsCleared: [],
    sentShownUnsent: 0,
    postsShownUnsent: 0,
    killsAtPost: 0,
    powerCuts: 0,
    importChanged: 0,
    childFailures: [],
    confirmed: 0,
    posts: 0,
    repeatedPosts: 0,
    errors: {},
    killsBeforeOpen: 0,
    killedDuring: {},
    observations: [],
    ms: 0,
  };
  try {
    const tokens = await signIn(sandbox.url, { username: 'anna' });
    const annaJournal = journalOf(ANNA);
    const bjornJournal = journalOf(BJORN);
    placeJournal(dataDir, annaJournal);

    /** Every intent a child said was confirmed (its id, its request id), over every run. */
    const confirmed = new Map<string, string>();
    const lost = new Set<string>();
    const withoutIntent = new Set<string>();
    const shownUnsent = new Set<string>();
    const postsUnsent = new Set<string>();
    const damaged = new Set<string>();
    const changed = new Set<string>();
    const postedIds = new Set<string>();
    /** Which payment each request id was seen on (as confirmed, or in a store): a second POST for one payment. */
    const paymentOf = new Map<string, string>();
    /** Which stores the last check found flagged; what the run before each check was doing when it was killed. */
    const flaggedNow = new Set<string>();
    let lastKill = 'none';
    let openEstimateMs = 400;
    let importRuns = 2;
    let bjornPlaced = false;

    /** The checks of one restart: the store as the child found it, against what was said and what the bank holds. */
    const check = (restart: number, opened: NonNullable<Run['opened']>) => {
      result.restarts += 1;
      const stores: [string, OpenedStore, ExpectedJournal | undefined][] = [['anna', opened.anna, annaJournal]];
      if (opened.bjorn) stores.push(['bjorn', opened.bjorn, bjornJournal]);
      else if (bjornPlaced) stores.push(['bjorn', { payments: [], integrity: { trusted: true } }, bjornJournal]);
      for (const [customer, store, journal] of stores) {
        const byId = new Map(store.payments.map((p) => [p.id, p]));
        const expectedDamaged = new Set(journal?.intents.filter((i) => i.state === 'damaged').map((i) => i.id));
        for (const want of journal?.intents ?? []) {
          const got = byId.get(want.id);
          if (!got) lost.add(`${customer}:${want.id}`);
          else if (got.state !== (want.state === 'sending' ? 'unknown' : want.state)) changed.add(want.id);
        }
        for (const p of store.payments) {
          if (p.state === 'damaged' && !expectedDamaged.has(p.id) && store.integrity.trusted) damaged.add(p.id);
        }
        // Counted when a store becomes flagged, and when a flag goes away (nobody here says "I checked at my bank").
        if (!store.integrity.trusted && !flaggedNow.has(customer)) {
          flaggedNow.add(customer);
          const problem = store.integrity.problem ?? '?';
          result.flagged.push({ restart, customer, problem, after: lastKill });
          log(`restart ${restart}: ${customer}'s store flagged: ${problem}, after ${lastKill}`);
        } else if (store.integrity.trusted && flaggedNow.delete(customer)) {
          result.flagsCleared.push({ restart, customer });
          log(`restart ${restart}: ${customer}'s store trusted again, though nobody accepted it`);
        }
      }
      const anna = new Map(opened.anna.payments.map((p) => [p.requestId, p]));
      for (const p of opened.anna.payments) if (!paymentOf.has(p.requestId)) paymentOf.set(p.requestId, p.id);
      for (const [id, requestId] of confirmed) {
        if (!opened.anna.payments.some((p) => p.id === id && p.requestId === requestId)) lost.add(`anna:${id}`);
      }
      for (const initiation of sandbox.initiations()) {
        const intent = anna.get(initiation.requestId);
        if (!intent) withoutIntent.add(initiation.requestId);
        else if (!intent.sent) shownUnsent.add(initiation.requestId);
      }
      // Every POST that left a child, whether the bank got it or not: its payment may have gone.
      for (const requestId of gate.posted) if (!anna.get(requestId)?.sent) postsUnsent.add(requestId);
    };

    /**
     * A child, started ahead: it loads Node and the core's modules while the one before it runs, and opens the store
     * only when told (`run`), once the one before is dead. Its lines are acted on as they come.
     */
    const spawnChild = () => {
      const config: CrashChildConfig = {
        url: gate.url,
        accessToken: tokens.access_token,
        apiKey: localApp.apiKey,
        dataDir,
        dataKey: DATA_KEY,
        seed: Math.floor(random() * 2 ** 31),
        retryDelaysMs: [5, 10],
      };
      const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings', CHILD], {
        // The compile cache spares each start the stripping and compiling of the same modules again.
        env: {
          ...process.env,
          A2A_CRASH_CHILD: JSON.stringify(config),
          NODE_COMPILE_CACHE: compileCache,
          A2A_STORE_SYNC_IMAGES: images,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      alive.add(child);
      const run: Run = {
        lines: [],
        opened: undefined,
        killed: false,
        exit: { code: null, signal: null },
        stderr: '',
        startMs: 0,
        atPost: undefined,
      };
      let told: { restart: number; mode: 'open' | 'work' | 'verify'; at: number } | undefined;
      let timer: NodeJS.Timeout | undefined;
      const killAfter = (ms: number) => {
        timer ??= setTimeout(() => {
          run.killed = true;
          child.kill('SIGKILL');
        }, ms);
      };
      let pending = '';
      const onLine = (text: string) => {
        run.lines.push(text);
        if (!told) return;
        if (text === 'starting') {
          run.startMs = performance.now() - told.at;
          if (told.mode === 'open') killAfter(random() * openEstimateMs * 1.3);
        } else if (text.startsWith('opened ')) {
          run.opened = JSON.parse(text.slice('opened '.length)) as NonNullable<Run['opened']>;
          openEstimateMs = 0.7 * openEstimateMs + 0.3 * run.opened.openMs;
          // The bank as it is now, before this child sends anything (it waits for "go").
          check(told.restart, run.opened);
          if (told.mode === 'verify') {
            killAfter(0);
            return;
          }
          sandbox.faults.clear();
          for (const fault of faultsFor(random)) sandbox.faults.add(fault);
          child.stdin.write('go\n');
          if (random() < postKillRate) {
            // Killed the moment a payment's POST arrives (else at random, a little later than usual).
            const passOn = random() < 0.5;
            gate.arm(() => {
              run.killed = true;
              run.atPost = passOn ? 'passed on' : 'not passed on';
              child.kill('SIGKILL');
            }, passOn);
            killAfter(WORK_SPREAD_MS + random() * WORK_SPREAD_MS * 2);
          } else {
            killAfter(random() * WORK_SPREAD_MS);
          }
        } else if (text.startsWith('confirmed ')) {
          const [, id = '', requestId = ''] = text.split(' ');
          confirmed.set(id, requestId);
          result.confirmed += 1;
        } else if (text.startsWith('error ')) {
          const key = text.slice('error '.length);
          result.errors[key] = (result.errors[key] ?? 0) + 1;
        }
      };
      child.stdout.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        const parts = pending.split('\n');
        pending = parts.pop() ?? '';
        try {
          for (const part of parts) onLine(part);
        } catch (error) {
          // Thrown in a stream's handler it would be lost, and this child never killed.
          failed ??= { error };
          child.kill('SIGKILL');
        }
      });
      child.stderr.on('data', (chunk: Buffer) => {
        run.stderr = (run.stderr + chunk.toString('utf8')).slice(-4000);
      });
      child.stdin.on('error', () => undefined);
      const closed = new Promise<Run>((resolveRun) =>
        child.on('close', (code, signal) => {
          alive.delete(child);
          gate.disarm();
          clearTimeout(timer);
          // A line without its end was cut by the kill (the child's "opened" line is long): it is not read.
          run.exit = { code, signal };
          resolveRun(run);
        }),
      );
      return {
        /** Opens the store now; resolves when the child is dead (killed, or ended by itself). */
        run(restart: number, mode: 'open' | 'work' | 'verify'): Promise<Run> {
          told = { restart, mode, at: performance.now() };
          child.stdin.write('open\n');
          return closed;
        },
      };
    };
    let spare = spawnChild();
    const runChild = async (restart: number, mode: 'open' | 'work' | 'verify'): Promise<Run> => {
      const next = spare;
      spare = spawnChild();
      const run = await next.run(restart, mode);
      if (failed) throw failed.error;
      return run;
    };

    const midway = Math.floor(options.kills / 2);
    let restart = 0;
    while (result.kills < options.kills) {
      if (!bjornPlaced && result.kills >= midway) {
        // Halfway, another customer's old journal appears: the next starts import it, and may be killed doing so.
        placeJournal(dataDir, bjornJournal);
        bjornPlaced = true;
        importRuns = 2;
      }
      const mode = importRuns > 0 || random() < 0.15 ? 'open' : 'work';
      const before = leftovers(dataDir);
      const importing = before.some(
        (file) => file.endsWith('.jsonl') && !before.includes(file.replace(/\.jsonl$/, '.sqlite')),
      );
      importRuns = Math.max(0, importRuns - 1);
      const runStart = Date.now();
      const run = await runChild(restart, mode);
      restart += 1;
      const posts = sandbox
        .requests()
        .filter(
          (entry) => entry.method === 'POST' && entry.path === INITIATIONS_PATH && Date.parse(entry.at) >= runStart,
        );
      for (const post of posts) {
        result.posts += 1;
        if (post.requestId === undefined) continue;
        if (postedIds.has(post.requestId)) result.repeatedPosts += 1;
        postedIds.add(post.requestId);
      }
      if (!run.killed || run.exit.signal !== 'SIGKILL') {
        const last = run.lines.slice(-3).join(' | ').slice(0, 500);
        result.childFailures.push(`run ${restart}: exit ${run.exit.code ?? run.exit.signal}: ${last} ${run.stderr}`);
        log(`run ${restart} ended by itself: ${last}\n${run.stderr}`);
        if (result.childFailures.length >= 5) break;
        continue;
      }
      result.kills += 1;
      if (!run.opened) result.killsBeforeOpen += 1;
      const step = run.opened
        ? (run.lines.findLast((text) => text.startsWith('> '))?.slice(2) ?? 'opened')
        : importing
          ? 'import'
          : 'open';
      const at = run.atPost ? `${step}, at its POST (${run.atPost})` : step;
      result.killedDuring[at] = (result.killedDuring[at] ?? 0) + 1;
      if (run.atPost) result.killsAtPost += 1;
      // The power cut too: the stores as their last fsync left them.
      const cut = random() < powerCutRate && powerCut(dataDir, PROFILE, images) > 0;
      if (cut) result.powerCuts += 1;
      const files = leftovers(dataDir);
      lastKill = `run ${restart} (${mode}) killed ${run.opened ? 'after' : 'before'} opening${run.atPost ? ` at a POST (${run.atPost})` : ''}${cut ? ', then a power cut' : ''}, its last line "${(run.lines.at(-1) ?? '').slice(0, 80)}", leaving ${files.join(' ')}`;
      const stray = files.filter((file) => /\.importing/.test(file));
      if (stray.length > 0 && run.opened) result.observations.push(`after run ${restart}: ${stray.join(', ')} left`);
      const journalsLeft = files.filter((file) => file.endsWith('.jsonl'));
      const storesMade = files.filter((file) => file.endsWith('.sqlite')).length;
      if (run.opened && journalsLeft.length > 0 && storesMade >= (bjornPlaced ? 2 : 1)) {
        result.observations.push(`after run ${restart}: journal kept beside its store: ${journalsLeft.join(', ')}`);
      }
      if (result.kills % 50 === 0) {
        for (const problem of sqliteCheck(dataDir)) result.observations.push(`after run ${restart}: ${problem}`);
      }
      log(
        `run ${restart} (${mode}): killed ${run.opened ? 'after opening' : 'before opening'}, ${run.lines.length} lines; ` +
          `started in ${run.startMs.toFixed(0)} ms, opened in ${run.opened?.openMs.toFixed(0) ?? '-'} ms`,
      );
    }
    // One more start after the last kill: the store it finds is checked as every other.
    const last = await spare.run(restart, 'verify');
    if (failed) throw failed.error;
    if (!last.opened)
      result.childFailures.push(`the last start did not open: ${last.lines.join(' | ')} ${last.stderr}`);
    for (const problem of sqliteCheck(dataDir)) result.observations.push(`at the end: ${problem}`);

    // Initiations the bank made, per payment (through any request id it was ever seen with) and per request id: every
    // one past the first is a second POST that was processed, not a replay the bank answered idempotently.
    const perPayment = new Map<string, number>();
    for (const initiation of sandbox.initiations()) {
      const key = paymentOf.get(initiation.requestId) ?? `request ${initiation.requestId}`;
      perPayment.set(key, (perPayment.get(key) ?? 0) + 1);
    }
    result.duplicatePosts = [...perPayment.values()].reduce((sum, n) => sum + n - 1, 0);
    result.lostIntents = lost.size;
    result.postsWithoutIntent = withoutIntent.size;
    result.sentShownUnsent = shownUnsent.size;
    result.postsShownUnsent = postsUnsent.size;
    result.unflaggedDamage = damaged.size;
    result.importChanged = changed.size;
    result.ms = performance.now() - started;
    return result;
  } finally {
    await Promise.all(
      [...alive].map((child) => {
        const dead = new Promise((resolve) => child.once('close', resolve));
        child.kill('SIGKILL');
        return dead;
      }),
    );
    await gate.stop();
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(compileCache, { recursive: true, force: true });
  }
}

export function crashLine(result: CrashTestResult): string {
  return (
    `crash test: ${result.kills} kills (${result.killsAtPost} at a POST, ${result.powerCuts} with a power cut), ` +
    `${result.lostIntents} lost intents, ${result.duplicatePosts} duplicate POSTs`
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const kills = Number(process.argv[2] ?? 200);
  const seed = Number(process.argv[3] ?? 28);
  const result = await runCrashTest({ kills, seed, log: process.env['CRASH_LOG'] ? console.log : undefined });
  const { flagged, flagsCleared: _cleared, observations, childFailures, errors, ...figures } = result;
  console.log(JSON.stringify(figures));
  if (Object.keys(errors).length > 0) console.log(`errors the children met: ${JSON.stringify(errors)}`);
  for (const flag of flagged) {
    console.log(`flagged at restart ${flag.restart}: ${flag.customer}, ${flag.problem}; after ${flag.after}`);
  }
  for (const cleared of result.flagsCleared) {
    console.log(`trusted again at restart ${cleared.restart}, not accepted: ${cleared.customer}`);
  }
  for (const seen of observations) console.log(seen);
  for (const failure of childFailures) console.log(failure);
  console.log(crashLine(result));
  const clean =
    result.lostIntents +
      result.duplicatePosts +
      result.postsWithoutIntent +
      result.unflaggedDamage +
      result.sentShownUnsent +
      result.postsShownUnsent +
      result.importChanged ===
      0 && childFailures.length === 0;
  process.exitCode = clean ? 0 : 1;
}
