// The pharmacy's own licence in the ship-to state: an order to a state the pharmacy is not licensed in stops before
// verification, saying where it ships and where the pharmacy is licensed; nothing on file is nothing checked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseStates, unlicensedShipTo } from '../../../../rules/verification/ship-to-licence.ts';

const state = fc.constantFrom('IL', 'WY', 'TX', 'WI', 'KY', 'OR', 'TN', 'NY', 'NC', 'CT');
const spelled = (code: string) => fc.constantFrom(code, code.toLowerCase(), ` ${code} `);

describe('the pharmacy’s licence in the ship-to state', () => {
  it('stops an order to Texas when the pharmacy is licensed in Illinois and Wisconsin, naming both', () => {
    const why = unlicensedShipTo({ order_number: '1000204', address: { state: 'tx' } }, ['WI', 'IL']);
    expect(why).toBe(
      'Order 1000204 ships to TX, where this pharmacy is not licensed (licensed: IL, WI): it cannot be verified. ' +
        'Correct the ship-to address or ask the pharmacist-in-charge.',
    );
  });

  it('lets an order through exactly when its state is one the pharmacy is licensed in, however it is written', () => {
    fc.assert(
      fc.property(fc.array(state, { maxLength: 5 }), state, (licensed, shipTo) =>
        fc.assert(
          fc.property(spelled(shipTo), (written) => {
            const why = unlicensedShipTo({ address: { state: written } }, licensed);
            const stops = licensed.length > 0 && !licensed.includes(shipTo);
            expect(why !== null).toBe(stops);
          }),
          { numRuns: 3 },
        ),
      ),
    );
  });

  it('checks nothing when no licensed states are on file, or the order names no state', () => {
    expect(unlicensedShipTo({ address: { state: 'TX' } }, [])).toBeNull();
    expect(unlicensedShipTo({ address: null }, ['IL'])).toBeNull();
    expect(unlicensedShipTo({ address: { state: '  ' } }, ['IL'])).toBeNull();
  });

  it('keeps the states upper case, each once, in order', () => {
    expect(normaliseStates([' wi', 'IL', 'il', ''])).toEqual(['IL', 'WI']);
  });
});
