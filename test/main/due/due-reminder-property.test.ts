import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestOf } from '../../../common/bridge-contract.ts';
import { addDays, occurrences, type IsoDate } from '../../../common/schedule.ts';
import { gmtDay } from '../../../common/time.ts';
import { dayOf } from '../../../main/due/due-notice.ts';
import type { Notice } from '../../../main/payments/outcome-notice.ts';
import { startSandbox, type Sandbox } from '../../../sandbox/index.ts';
import { draftFrom, inProcessWallet, NOON, type InProcessWallet } from '../../support/in-process-wallet.ts';

/**
 * Reminders ahead (issue 42, item 12) as a property over the real core: any schedule, any reminder choice (or none),
 * any moves of the clock, with restarts between them. However the days go, a date is reminded at most once, never on
 * or after it, never earlier than its days ahead, never when off; and a run that ticked on one of its days ahead
 * reminded it (the app closed on the day itself reminds at the next tick while the date is still ahead).
 */
type Schedule = RequestOf<'saveDue'>['schedule'];
const TODAY = gmtDay(Date.parse(NOON));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOON });
});
afterAll(() => sandbox.stop());

const scheduleArb: fc.Arbitrary<Schedule> = fc.oneof(
  fc.integer({ min: 0, max: 30 }).map((days) => ({ kind: 'once', date: addDays(TODAY, days) }) as const),
  fc
    .record({
      weekday: fc.integer({ min: 1, max: 7 }),
      start: fc.integer({ min: 0, max: 10 }),
      times: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    })
    .map(
      ({ weekday, start, times }) =>
        ({
          kind: 'weekly',
          weekday: weekday as 1 | 2 | 3 | 4 | 5 | 6 | 7,
          start: addDays(TODAY, start),
          ...(times ? { times } : {}),
        }) as const,
    ),
  fc
    .record({ day: fc.integer({ min: 1, max: 31 }), start: fc.integer({ min: 0, max: 10 }) })
    .map(({ day, start }) => ({ kind: 'monthly', day, start: addDays(TODAY, start) }) as const),
);

/** The clock's moves, in hours, each maybe followed by a restart (the app closed and opened again). */
const movesArb = fc.array(fc.record({ hours: fc.integer({ min: 1, max: 100 }), restart: fc.boolean() }), {
  minLength: 1,
  maxLength: 10,
});

/**
 * The date a reminder's body names and the days to it, as its en text has it (`on 30 Nov 2026, in 3 days` /
 * `tomorrow, 27 Nov 2026`): the day it was told on is the one before by that many days.
 */
function reminded(notice: Notice, candidates: readonly IsoDate[]): { date?: IsoDate; on?: IsoDate } {
  const match = /is due (?:on (.+?), in (\d) days|tomorrow, (.+?))\./.exec(notice.body);
  const named = match?.[1] ?? match?.[3];
  const date = candidates.find((candidate) => dayOf(candidate, 'en') === named);
  return date ? { date, on: addDays(date, -Number(match?.[2] ?? 1)) } : {};
}

describe('reminders ahead, as a property', () => {
  it('at most one a date, never on or after it, never before its days, never when off, and none missed', async () => {
    await fc.assert(
      fc.asyncProperty(
        scheduleArb,
        fc.constantFrom(undefined, 1 as const, 3 as const, 7 as const),
        movesArb,
        async (schedule, remind, moves) => {
          sandbox.reset();
          sandbox.clock.set(NOON);
          const told: Notice[] = [];
          const core: InProcessWallet = await inProcessWallet({
            sandbox,
            platform: {
              notify: (notice) => {
                if (notice.title === 'Payment coming up') told.push(notice);
              },
            },
          });
          try {
            await core.value('signIn');
            const saved = await core.value('saveDue', {
              draft: draftFrom('anna', 'bjorn', 1_000),
              schedule,
              ...(remind ? { remind } : {}),
            });
            expect(saved.scheduleErrors).toBeUndefined();
            const ticked = new Set<IsoDate>([TODAY]);
            await core.wallet.tick();
            let now = Date.parse(NOON);
            for (const move of moves) {
              now += move.hours * 3_600_000;
              sandbox.clock.set(new Date(now).toISOString());
              await core.wallet.idle();
              if (move.restart) await core.restart();
              await core.wallet.tick();
              ticked.add(gmtDay(now));
            }
            const dates = occurrences(schedule, TODAY, addDays(gmtDay(now), 40));
            const each = told.map((notice) => reminded(notice, dates));
            if (remind === undefined) expect(told).toEqual([]);
            for (const { date, on } of each) {
              // A date of the schedule, told on a day the app ran, before the date and within its days ahead.
              expect(date && on && ticked.has(on)).toBe(true);
              expect(on! < date!).toBe(true);
              expect(addDays(date!, -(remind ?? 0)) <= on!).toBe(true);
            }
            const once = each.map(({ date }) => date);
            expect(new Set(once).size).toBe(once.length);
            // A run that ticked on one of a date's days ahead told it.
            if (remind !== undefined)
              for (const date of dates)
                if ([...ticked].some((day) => day < date && addDays(date, -remind) <= day))
                  expect(once).toContain(date);
          } finally {
            await core.close();
          }
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);
});
