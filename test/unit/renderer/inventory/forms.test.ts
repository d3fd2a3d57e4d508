// The lot, adjustment and association forms become bodies the contract accepts, or errors beside the right fields.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lotCreateBody,
  medicationLotCreateBody,
  quantityAdjustmentBody,
} from '../../../../contract/service/inventory.ts';
import { buildAdjustment, parseChange, quantityAfter } from '../../../../renderer/screens/inventory/adjust-form.ts';
import { associationRows, buildAssociation } from '../../../../renderer/screens/inventory/association-form.ts';
import {
  buildLotCreate,
  buildLotUpdate,
  dayAsTimestamp,
  emptyLotForm,
  type LotFormValues,
  lotFormOf,
  parseAmount,
} from '../../../../renderer/screens/inventory/lot-form.ts';

const UUID = '0b7c6a8e-2f43-4c1d-9a55-3d2e1f0a9b88';
const filled = (over: Partial<LotFormValues> = {}): LotFormValues => ({
  ...emptyLotForm('2026-06-15', UUID),
  batch_number: 'B123456',
  initial_quantity: '1,200',
  expiration_date: '2027-03-31',
  cost_per_unit: '$0.45',
  ...over,
});

describe('a new lot', () => {
  it('becomes a body the contract accepts, days as midnight UTC', () => {
    const built = buildLotCreate(filled(), 'prescription');
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.body).toMatchObject({
      batch_number: 'B123456',
      initial_quantity: 1200,
      cost_per_unit: 0.45,
      expiration_date: '2027-03-31T00:00:00Z',
      received_date: '2026-06-15T00:00:00Z',
      unit_type: 'each',
      units_per_product: 1,
      is_active: true,
      type: 'prescription',
    });
    expect(medicationLotCreateBody.safeParse(built.body).success).toBe(true);
  });

  it('needs a product first', () => {
    const built = buildLotCreate(filled({ product: '' }), null);
    expect(built).toEqual({ ok: false, errors: { product: 'Choose the product this lot is of.' } });
  });

  it('of medication needs a batch number and an expiry, so a recall can find it', () => {
    const built = buildLotCreate(filled({ batch_number: '', expiration_date: '' }), 'non_prescription');
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.errors).toMatchObject({ batch_number: 'Required.', expiration_date: 'Required.' });
  });

  it('of an order material needs neither', () => {
    const built = buildLotCreate(filled({ batch_number: '', expiration_date: '' }), 'order_material');
    expect(built.ok).toBe(true);
    if (built.ok) expect(lotCreateBody.safeParse(built.body).success).toBe(true);
  });

  it('needs its initial quantity, and says which typed numbers are not numbers', () => {
    const built = buildLotCreate(filled({ initial_quantity: '', cost_per_unit: 'cheap' }), 'order_material');
    expect(built.ok).toBe(false);
    if (!built.ok)
      expect(built.errors).toMatchObject({ initial_quantity: 'Required.', cost_per_unit: 'Not a number.' });
  });

  it('refuses a negative quantity and a day that does not exist', () => {
    const built = buildLotCreate(filled({ initial_quantity: '-5', expiration_date: '2027-02-30' }), 'prescription');
    expect(built.ok).toBe(false);
    if (!built.ok) {
      expect(built.errors.initial_quantity).toBe('At least 0.');
      expect(built.errors.expiration_date).toBe('Not a date (year, month and day).');
    }
  });
});

describe('editing a lot', () => {
  const lot = {
    id: 'l1',
    batch_number: 'B1',
    manufacturer: 'Sample Labs',
    initial_quantity: 500,
    unit_type: 'each',
    expiration_date: '2027-01-01T00:00:00.000Z',
    notes: 'Shelf 4',
    is_active: true,
  };

  it('sends only what changed', () => {
    const original = lotFormOf(lot);
    const built = buildLotUpdate(original, { ...original, manufacturer: 'Examplar Pharma', is_active: false });
    expect(built).toEqual({ ok: true, body: { manufacturer: 'Examplar Pharma', is_active: false } });
  });

  it('sends nothing when nothing changed', () => {
    const original = lotFormOf(lot);
    expect(buildLotUpdate(original, { ...original, manufacturer: ' Sample Labs ' })).toEqual({ ok: 'unchanged' });
  });

  it('empties the notes, but will not empty a field the service would keep', () => {
    const original = lotFormOf(lot);
    expect(buildLotUpdate(original, { ...original, notes: '' })).toEqual({ ok: true, body: { notes: '' } });
    const built = buildLotUpdate(original, { ...original, batch_number: '' });
    expect(built.ok).toBe(false);
    if (built.ok === false) expect(built.errors.batch_number).toMatch(/cannot be emptied/);
  });

  it('shows the expiry day as it was entered', () => {
    expect(lotFormOf(lot).expiration_date).toBe('2027-01-01');
  });
});

describe('typed amounts and days', () => {
  it('reads thousands commas and a dollar sign', () => {
    expect(parseAmount('1,200')).toBe(1200);
    expect(parseAmount(' $0.45 ')).toBe(0.45);
    expect(parseAmount('.5')).toBe(0.5);
    expect(parseAmount('12 boxes')).toBe(null);
    expect(parseAmount('')).toBe(null);
  });

  it('only a real day becomes a timestamp', () => {
    expect(dayAsTimestamp('2028-02-29')).toBe('2028-02-29T00:00:00Z');
    expect(dayAsTimestamp('2027-02-29')).toBe(null);
    expect(dayAsTimestamp('2027-2-1')).toBe(null);
  });
});

describe('an adjustment', () => {
  it('reads a signed change, unsigned adds', () => {
    expect(parseChange('+25')).toBe(25);
    expect(parseChange('25')).toBe(25);
    expect(parseChange('-3')).toBe(-3);
    expect(parseChange('−3')).toBe(-3);
    expect(parseChange('– 1,500')).toBe(-1500);
    expect(parseChange('2.5')).toBe(2.5);
    expect(parseChange('3-')).toBe(null);
    expect(parseChange('ten')).toBe(null);
    expect(parseChange('1,50')).toBe(null);
  });

  it('reads back any whole change it would show', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (n) => {
        const typed = n < 0 ? `-${(-n).toLocaleString('en-US')}` : `+${n.toLocaleString('en-US')}`;
        expect(parseChange(typed)).toBe(n);
      }),
    );
  });

  it('never throws on anything typed', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const change = parseChange(text);
        expect(change === null || Number.isFinite(change)).toBe(true);
      }),
    );
  });

  it('needs a reason for the audit log', () => {
    const built = buildAdjustment({ change: '-3', reason: '   ' }, 100);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.errors.reason).toBe('Say why the quantity changes: the audit log keeps it.');
  });

  it('becomes the contract’s body with the change and the reason', () => {
    const built = buildAdjustment({ change: '-3', reason: ' Cycle count found 3 fewer ' }, 100);
    expect(built).toEqual({ ok: true, body: { additional_quantity: -3, reason: 'Cycle count found 3 fewer' } });
    if (built.ok) expect(quantityAdjustmentBody.safeParse(built.body).success).toBe(true);
  });

  it('of zero changes nothing, so it is refused', () => {
    const built = buildAdjustment({ change: '0', reason: 'Recount' }, 100);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.errors.change).toBe('An adjustment changes the quantity.');
  });

  it('may not take more than the lot holds', () => {
    const built = buildAdjustment({ change: '-120', reason: 'Damaged' }, 100, 'each');
    expect(built.ok).toBe(false);
    if (!built.ok)
      expect(built.errors.change).toBe('The lot holds 100 each; taking 120 each would leave it below zero.');
  });

  it('may take everything the lot holds, fractions included', () => {
    expect(buildAdjustment({ change: '-0.3', reason: 'Spilled' }, quantityAfter(0.1, 0.2)).ok).toBe(true);
    expect(quantityAfter(0.1, 0.2)).toBe(0.3);
  });
});

describe('an association', () => {
  it('needs a product and how many units make one', () => {
    expect(buildAssociation({ product: '', units_per_product: '' })).toEqual({
      ok: false,
      errors: { product: 'Choose the product that draws on this lot.', units_per_product: 'Required.' },
    });
  });

  it('refuses zero units', () => {
    const built = buildAssociation({ product: UUID, units_per_product: '0' });
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.errors.units_per_product).toMatch(/More than zero/);
  });

  it('becomes the contract’s body', () => {
    expect(buildAssociation({ product: UUID, units_per_product: '2' })).toEqual({
      ok: true,
      body: { product_id: UUID, units_per_product: 2 },
    });
  });

  it('lists associations in kind order, keyed or flat', () => {
    const keyed = associationRows(
      { order_material: [{ product_id: 'm' }], prescription: [{ product_id: 'p' }] },
      () => null,
    );
    expect(keyed.map((row) => `${row.kind}:${row.association.product_id}`)).toEqual([
      'prescription:p',
      'order_material:m',
    ]);
    const flat = associationRows([{ product_id: 'm' }, { product_id: 'o' }], (id) =>
      id === 'm' ? 'order_material' : 'non_prescription',
    );
    expect(flat.map((row) => row.kind)).toEqual(['non_prescription', 'order_material']);
  });
});
