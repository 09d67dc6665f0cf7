import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileLog } from '../../../main/log/app-log.ts';
import { testFolder } from '../../support/temp-folder.ts';

/**
 * Issue 39, item 3: the app's own log keeps why something stopped (a code, a message) for the customer and support,
 * and none of what the bank-call log never keeps: no token, kennitala, account number or payment text.
 */
const SECRETS = {
  token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjAzODUyMDg5In0.c2lnbmF0dXJl',
  kennitala: '1203852089',
  dashed: '120385-2089',
  account: '013326012345',
  dottedAccount: '0133 26 012345',
};

describe('the app log', () => {
  it('keeps the event, code and message, one JSON line each, with the time', () => {
    const path = join(testFolder('a2a-log'), 'logs', 'main.log');
    const log = fileLog(path, () => Date.parse('2026-11-28T10:00:00Z'));
    log.error({ event: 'store.workerError', code: 'ERR_WORKER_INIT_FAILED', message: 'Cannot find module x' });
    log.warn({ event: 'notification.failed', message: 'not signed' });
    expect(log.lines().map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        at: '2026-11-28T10:00:00.000Z',
        level: 'error',
        event: 'store.workerError',
        code: 'ERR_WORKER_INIT_FAILED',
        message: 'Cannot find module x',
      },
      { at: '2026-11-28T10:00:00.000Z', level: 'warn', event: 'notification.failed', message: 'not signed' },
    ]);
  });

  it('writes no token, kennitala or account number, whatever a message carries', () => {
    const folder = testFolder('a2a-log');
    const log = fileLog(join(folder, 'main.log'));
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...Object.values(SECRETS)), fc.string(), (before, secret, after) => {
        log.error({ event: 'x', message: `${before} ${secret} ${after}` });
      }),
      { numRuns: 200 },
    );
    log.error({ event: 'x', message: `Authorization: Bearer ${SECRETS.token} "access_token": "abc123456"` });
    for (const name of readdirSync(folder)) {
      const text = readFileSync(join(folder, name), 'utf8');
      for (const secret of [...Object.values(SECRETS), 'abc123456', '120385', '012345']) {
        expect(text.includes(secret), `${secret} in ${name}`).toBe(false);
      }
    }
  });

  it('cuts a long message, so no payment text rides along in full', () => {
    const path = join(testFolder('a2a-log'), 'main.log');
    const log = fileLog(path);
    log.error({ event: 'x', message: `${'Leiga fyrir desember '.repeat(40)}END` });
    expect(readFileSync(path, 'utf8')).not.toContain('END');
  });

  it('rotates past its size, keeping two files at most', () => {
    const folder = testFolder('a2a-log');
    const path = join(folder, 'main.log');
    writeFileSync(path, `${'x'.repeat(300 * 1024)}\n`);
    const log = fileLog(path);
    log.error({ event: 'after.rotation' });
    expect(readdirSync(folder).sort()).toEqual(['main.log', 'main.log.1']);
    expect(readFileSync(path, 'utf8')).toContain('after.rotation');
    writeFileSync(path, `${'y'.repeat(300 * 1024)}\n`);
    log.error({ event: 'again' });
    expect(readdirSync(folder).sort()).toEqual(['main.log', 'main.log.1']);
  });
});
