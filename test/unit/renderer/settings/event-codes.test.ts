// A subscription's events as chosen on screen become the codes the contract accepts, and read back the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliverableEventCodes, eventCodeList } from '../../../../contract/service/notifications.ts';
import {
  choiceOf,
  choiceProblem,
  codesOfChoice,
  codesOfSubscription,
  describeCodes,
  type EventChoice,
  sameChoice,
  toggleCode,
} from '../../../../renderer/screens/settings/event-codes.ts';

const names = new Map([
  ['order.shipped', 'Order shipped'],
  ['order.stuck', 'Order stuck'],
  ['order.delivered', 'Order delivered'],
]);

describe('choosing events', () => {
  it('reads `all` as every event, and a list as the events ticked in the catalog’s order', () => {
    expect(choiceOf(['all'])).toEqual({ all: true, codes: [] });
    expect(choiceOf(['order.stuck', 'order.created'])).toEqual({ all: false, codes: ['order.created', 'order.stuck'] });
    expect(choiceOf(null)).toEqual({ all: false, codes: [] });
  });

  it('leaves out codes this station does not know rather than sending them back', () => {
    expect(choiceOf(['order.refunded', 'order.shipped']).codes).toEqual(['order.shipped']);
  });

  it('sends `all` alone when every event is chosen, whatever else is ticked', () => {
    expect(codesOfChoice({ all: true, codes: ['order.shipped'] })).toEqual(['all']);
  });

  it('refuses a choice of no event at all, in words', () => {
    expect(choiceProblem({ all: false, codes: [] })).toBe('Choose at least one event, or every event.');
    expect(choiceProblem({ all: false, codes: ['order.stuck'] })).toBeNull();
  });

  it('ticks and unticks one event, keeping the order stable so equal choices compare equal', () => {
    const one = toggleCode({ all: false, codes: [] }, 'order.stuck', true);
    const two = toggleCode(one, 'order.created', true);
    expect(two.codes).toEqual(['order.created', 'order.stuck']);
    expect(toggleCode(two, 'order.stuck', false).codes).toEqual(['order.created']);
    expect(sameChoice(two, { all: false, codes: ['order.created', 'order.stuck'] })).toBe(true);
  });

  it('always sends codes the contract accepts, for any ticking, and reads them back as the same choice', () => {
    const code = fc.constantFrom(...deliverableEventCodes);
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.tuple(code, fc.boolean())), (all, clicks) => {
        let choice: EventChoice = { all, codes: [] };
        for (const [clicked, on] of clicks) choice = toggleCode(choice, clicked, on);
        const codes = codesOfChoice(choice);
        if (choiceProblem(choice) === null) {
          expect(eventCodeList.safeParse(codes).success).toBe(true);
          expect(sameChoice(choiceOf(codes), choice)).toBe(true);
        } else {
          expect(codes).toEqual([]);
        }
      }),
    );
  });
});

describe('describing events for people', () => {
  it('says every event, one event, or a list joined with "and"', () => {
    expect(describeCodes(['all'], names)).toBe('Every event');
    expect(describeCodes(['order.stuck'], names)).toBe('Order stuck');
    expect(describeCodes(['order.shipped', 'order.delivered', 'order.stuck'], names)).toBe(
      'Order shipped, Order delivered and Order stuck',
    );
    expect(describeCodes([], names)).toBe('No events');
  });

  it('shows the code when the service gave no name for it', () => {
    expect(describeCodes(['prescription.cancelled'], names)).toBe('prescription.cancelled');
  });
});

describe('the codes of a listed subscription', () => {
  it('prefers the codes as given (keeping `all`), else the events listed', () => {
    expect(codesOfSubscription({ event_codes: ['all'], subscriptions: [{ event_code: 'order.created' }] })).toEqual([
      'all',
    ]);
    expect(codesOfSubscription({ subscriptions: [{ event_code: 'order.stuck' }, 'order.shipped'] })).toEqual([
      'order.stuck',
      'order.shipped',
    ]);
    expect(codesOfSubscription({ event_codes: [1, 2], subscriptions: null })).toEqual([]);
  });
});
