import { performance } from 'node:perf_hooks';
import {
  PASSCODE_MIN_DIGITS,
  STRONG_PASSPHRASE_MIN_DIFFERENT,
  STRONG_PASSPHRASE_MIN_LENGTH,
} from '../common/passcode-rules.ts';
import { BACKUP_KDF, openBackup, sealBackup } from '../main/backup/backup-file.ts';
import { newPasscode, openWithPasscode, PASSCODE_KDF, type KdfParams } from '../main/lock/passcode.ts';

/**
 * `npm run bench:passcode`: what checking the app's passcode costs (scrypt from node:crypto, the parameters in
 * main/lock/passcode.ts) beside a step cheaper and a step dearer, so the choice can be made again on another machine.
 * The goal is about 250 ms for one check on the reference machine (2 cores): slow for a guesser with a copy of the
 * settings file, quick enough for a person unlocking the app.
 *
 * Then what that time means where the passcode is what encrypts the data key (no keychain, issue 26): someone with a
 * copy of the data folder tests guesses offline, with none of the app's waits, at one scrypt a guess. The figures are
 * estimates from the time measured here, on one core and on 16 (an ordinary rented server): the time to try every
 * passcode of a kind (half that on average), against the 90 days a stolen refresh token could pay for.
 */
const RUNS = 7;
const GOAL_MS = 250;
const ATTACKER_CORES = 16;
const GRANT_DAYS = 90;

async function median(params: KdfParams): Promise<number> {
  const { record } = await newPasscode('482916', params);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    if (!(await openWithPasscode('482916', record))) throw new Error('The passcode did not open its own record');
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? Number.NaN;
}

const candidates: KdfParams[] = [
  { ...PASSCODE_KDF, N: PASSCODE_KDF.N / 2 },
  PASSCODE_KDF,
  { ...PASSCODE_KDF, N: PASSCODE_KDF.N * 2 },
];
for (const params of candidates) {
  const ms = await median(params);
  const memory = (128 * params.N * params.r) / 2 ** 20;
  const chosen = params.N === PASSCODE_KDF.N ? '  <- the app' : '';
  console.log(
    `scrypt N=2^${Math.log2(params.N)} r=${params.r} p=${params.p}: ${ms.toFixed(0)} ms a check, ${memory} MiB${chosen}`,
  );
}
const perGuessMs = await median(PASSCODE_KDF);
console.log(`passcode check: ${perGuessMs.toFixed(0)} ms (goal about ${GOAL_MS} ms)`);

/** A duration in words a person reads at a glance. */
function duration(seconds: number): string {
  const units: [number, string][] = [
    [365.25 * 86_400, 'years'],
    [86_400, 'days'],
    [3600, 'hours'],
    [60, 'minutes'],
    [1, 'seconds'],
  ];
  const [size, name] = units.find(([unit]) => seconds >= unit) ?? [1, 'seconds'];
  const value = seconds / size;
  return `${value >= 1e6 ? value.toExponential(1) : value.toPrecision(3)} ${name}`;
}

/**
 * The kinds of passcode, each with the number of guesses that tries every one. The passphrase rule's space is given
 * two ways: random lowercase letters (the smallest alphabet the rule allows, chosen at random), and the pessimistic
 * rule of thumb for what people actually choose (NIST SP 800-63-1, appendix A: 4 bits for the first character, 2 for
 * each of the next 7, 1.5 for each of the 9th to the 20th; no bonus taken for the rules).
 */
const nistBits = (length: number) => 4 + 2 * Math.min(7, length - 1) + 1.5 * Math.max(0, Math.min(12, length - 8));
const kinds: [string, number][] = [
  [`${PASSCODE_MIN_DIGITS}-digit code (the smallest allowed with a keychain)`, 10 ** PASSCODE_MIN_DIGITS],
  ['8-digit code', 10 ** 8],
  [
    '12-character passphrase, as people choose (NIST estimate: 24 bits): not allowed without a keychain',
    2 ** nistBits(12),
  ],
  [
    `${STRONG_PASSPHRASE_MIN_LENGTH}-character passphrase, as people choose (NIST estimate: ${nistBits(STRONG_PASSPHRASE_MIN_LENGTH)} bits): the rule's minimum`,
    2 ** nistBits(STRONG_PASSPHRASE_MIN_LENGTH),
  ],
  [
    `${STRONG_PASSPHRASE_MIN_LENGTH} random lowercase letters (26^${STRONG_PASSPHRASE_MIN_LENGTH}; the rule also asks ${STRONG_PASSPHRASE_MIN_DIFFERENT} different)`,
    26 ** STRONG_PASSPHRASE_MIN_LENGTH,
  ],
];

console.log('');
console.log(
  `Estimates, not measurements: time to try every passcode of a kind offline, at ${perGuessMs.toFixed(0)} ms a guess ` +
    `(one scrypt, as measured above), on 1 core and on ${ATTACKER_CORES}; the average is half. ` +
    `Longer than ${GRANT_DAYS} days outlasts the refresh token.`,
);
for (const [kind, guesses] of kinds) {
  const oneCore = (guesses * perGuessMs) / 1000;
  const many = oneCore / ATTACKER_CORES;
  const outlasts = many > GRANT_DAYS * 86_400 ? 'outlasts the grant' : 'within the grant';
  console.log(
    `  ${kind}: ${guesses.toExponential(2)} guesses; 1 core ${duration(oneCore)}; ` +
      `${ATTACKER_CORES} cores ${duration(many)} (${outlasts})`,
  );
}
// Not measured here: graphics cards run scrypt too, though its 64 MiB a guess holds them back.
console.log('  (An attacker with graphics cards may go several times faster than these cores: divide accordingly.)');

/**
 * The backup file (issue 29, main/backup/backup-file.ts): its own scrypt cost, dearer than the passcode's, as a file
 * carried about is guessed at offline without limit. Measured by opening a sealed file (scrypt and a tiny
 * decryption); then the same estimate for a passphrase of the backup rule's minimum (common/backup-passphrase.ts).
 */
const BACKUP_RUNS = 3;
const backupPassphrase = 'Sólskin á Þingvöllum';
const sealed = await sealBackup('{}', backupPassphrase, { kdf: BACKUP_KDF });
const backupTimes: number[] = [];
for (let run = 0; run < BACKUP_RUNS; run += 1) {
  const start = performance.now();
  if (!(await openBackup(sealed, backupPassphrase)).ok) throw new Error('The passphrase did not open its own backup');
  backupTimes.push(performance.now() - start);
}
const backupMs = backupTimes.sort((a, b) => a - b)[Math.floor(BACKUP_RUNS / 2)] ?? Number.NaN;
const backupMemory = (128 * BACKUP_KDF.N * BACKUP_KDF.r) / 2 ** 20;
console.log('');
console.log(
  `backup key (scrypt N=2^${Math.log2(BACKUP_KDF.N)} r=${BACKUP_KDF.r} p=${BACKUP_KDF.p}, ${backupMemory} MiB): ` +
    `${backupMs.toFixed(0)} ms (median of ${BACKUP_RUNS})`,
);
console.log(
  `Estimates: time to try every backup passphrase of a kind offline, at ${backupMs.toFixed(0)} ms a guess, ` +
    `on 1 core and on ${ATTACKER_CORES}; the average is half. A backup has no grant to outlast: it holds what it holds.`,
);
const backupKinds: [string, number][] = [
  [
    `${STRONG_PASSPHRASE_MIN_LENGTH}-character passphrase, as people choose (NIST estimate: ${nistBits(STRONG_PASSPHRASE_MIN_LENGTH)} bits): the rule's minimum`,
    2 ** nistBits(STRONG_PASSPHRASE_MIN_LENGTH),
  ],
  [
    `${STRONG_PASSPHRASE_MIN_LENGTH} random lowercase letters (26^${STRONG_PASSPHRASE_MIN_LENGTH})`,
    26 ** STRONG_PASSPHRASE_MIN_LENGTH,
  ],
];
for (const [kind, guesses] of backupKinds) {
  const oneCore = (guesses * backupMs) / 1000;
  console.log(
    `  ${kind}: ${guesses.toExponential(2)} guesses; 1 core ${duration(oneCore)}; ` +
      `${ATTACKER_CORES} cores ${duration(oneCore / ATTACKER_CORES)}`,
  );
}
console.log(`  (Graphics cards are held back more by ${backupMemory} MiB a guess than by the passcode's 64.)`);
