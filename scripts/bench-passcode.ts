import { performance } from 'node:perf_hooks';
import { newPasscode, openWithPasscode, PASSCODE_KDF, type KdfParams } from '../main/lock/passcode.ts';

/**
 * `npm run bench:passcode`: what checking the app's passcode costs (scrypt from node:crypto, the parameters in
 * main/lock/passcode.ts) beside a step cheaper and a step dearer, so the choice can be made again on another machine.
 * The goal is about 250 ms for one check on the reference machine (2 cores): slow for a guesser with a copy of the
 * settings file, quick enough for a person unlocking the app.
 */
const RUNS = 7;
const GOAL_MS = 250;

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
const chosen = await median(PASSCODE_KDF);
console.log(`passcode check: ${chosen.toFixed(0)} ms (goal about ${GOAL_MS} ms)`);
