// The sign-in backoff flooded as an attacker would: thousands of made-up names (each failing a few times) pushed
// through its memory to make it forget a real account being guessed. The real account keeps its count and its wait;
// the memory stays bounded. The clock is the session's, injected: no test waits in real time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGuessingBackoff, REMEMBERED_ACCOUNTS } from '../../../../main/service/session/guessing-backoff.ts';

const REAL = 'pharmacist@training.local';

describe('a flooded sign-in backoff', () => {
  it(`does not forget an account made to wait, whatever made-up names fill its ${REMEMBERED_ACCOUNTS.toLocaleString('en-US')} places`, () => {
    let clock = 1_000_000;
    const backoff = createGuessingBackoff(() => clock);
    for (let i = 0; i < 6; i++) backoff.failed(REAL);
    const wait = backoff.waitFor(REAL);
    expect(wait).toBe(8000);
    // The flood: more names than it remembers, three failures each (the most that does not wait), all at once.
    for (let n = 0; n < REMEMBERED_ACCOUNTS * 1.5; n++) {
      for (let i = 0; i < 3; i++) backoff.failed(`made-up-${n}@example.invalid`);
    }
    expect(backoff.waitFor(REAL)).toBe(wait);
    // Bounded: the flood cannot grow main's memory without end either.
    expect(backoff.remembered()).toBeLessThanOrEqual(REMEMBERED_ACCOUNTS);
    // Its count is kept too: the next wrong password after the wait doubles it.
    clock += wait;
    backoff.failed(REAL);
    expect(backoff.waitFor(REAL)).toBe(16_000);
  });

  it('keeps every account whose wait outlasts the flood’s, for any flood (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 12 }),
        fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 4 })), {
          minLength: 50,
          maxLength: 400,
        }),
        (realFailures, flood) => {
          const clock = 5_000;
          const backoff = createGuessingBackoff(() => clock, 40);
          for (let i = 0; i < realFailures; i++) backoff.failed(REAL);
          const wait = backoff.waitFor(REAL);
          for (const [name, failures] of flood) {
            // A made-up name may get a wait of its own (four failures), never longer than the real account's here.
            for (let i = 0; i < Math.min(failures, realFailures - 1); i++) backoff.failed(`x-${name}@example.invalid`);
          }
          expect(backoff.waitFor(REAL)).toBe(wait);
        },
      ),
    );
  });
});
