// The lot form (a new lot, or editing one) as typed, and the body it becomes, checked by the contract's schemas first.

import {
  type InventoryLot,
  type LotCreateBody,
  type LotUpdateBody,
  lotCreateBody,
  lotUpdateBody,
  medicationLotCreateBody,
} from '../../../contract/service/inventory.ts';
import type { ProductKind } from '../../../contract/service/products.ts';
import { dayPart } from '../../format/record-values.ts';
import type { Built, BuiltChange } from '../../forms/built.ts';
import { errorsFromIssues, type FieldErrors } from '../../forms/field-errors.ts';

export interface LotFormValues {
  /** The product's id (named for the summary of errors, which shows field names as words). */
  product: string;
  batch_number: string;
  manufacturer: string;
  initial_quantity: string;
  unit_type: string;
  units_per_product: string;
  cost_per_unit: string;
  received_date: string;
  expiration_date: string;
  mpn: string;
  upc: string;
  notes: string;
  is_active: boolean;
}

type TextKey = Exclude<keyof LotFormValues, 'is_active'>;

const NUMBER_KEYS = ['initial_quantity', 'units_per_product', 'cost_per_unit'] as const;
const DAY_KEYS = ['received_date', 'expiration_date'] as const;
const TEXT_KEYS = ['batch_number', 'manufacturer', 'unit_type', 'mpn', 'upc', 'notes'] as const;
/** The fields of the body (the product is the path, not the body). */
const BODY_KEYS = [...TEXT_KEYS, ...NUMBER_KEYS, ...DAY_KEYS] as const;

export const lotFormKeys: readonly string[] = ['product', ...BODY_KEYS, 'is_active'];

/** The service's field names for the form's: the body never names the product (it is in the path). */
export const lotFieldOf = (path: string) => (path === 'product_id' ? 'product' : path);

export function emptyLotForm(today: string, productId = ''): LotFormValues {
  return {
    product: productId,
    batch_number: '',
    manufacturer: '',
    initial_quantity: '',
    unit_type: 'each',
    units_per_product: '1',
    cost_per_unit: '',
    received_date: today,
    expiration_date: '',
    mpn: '',
    upc: '',
    notes: '',
    is_active: true,
  };
}

const numberText = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : '');

export function lotFormOf(lot: InventoryLot): LotFormValues {
  return {
    product: lot.product_id ?? '',
    batch_number: lot.batch_number ?? '',
    manufacturer: lot.manufacturer ?? '',
    initial_quantity: numberText(lot.initial_quantity),
    unit_type: lot.unit_type ?? '',
    units_per_product: numberText(lot.units_per_product),
    cost_per_unit: numberText(lot.cost_per_unit),
    received_date: dayPart(lot.received_date) ?? '',
    expiration_date: dayPart(lot.expiration_date) ?? '',
    mpn: lot.mpn ?? '',
    upc: lot.upc ?? '',
    notes: lot.notes ?? '',
    is_active: lot.is_active !== false,
  };
}

/** A typed amount: "1,200", "$0.45", " 12.5 "; null when it is not a number at all. */
export function parseAmount(text: string): number | null {
  const bare = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(bare)) return null;
  return Number(bare);
}

/**
 * A day as the service wants a timestamp: its midnight UTC. Expiry and receipt are calendar days, shown again in UTC
 * (patients/format.ts formatDay), so the day typed is the day shown whatever the station's zone.
 */
export function dayAsTimestamp(day: string): string | null {
  const valid = dayPart(day);
  return valid && valid === day ? `${valid}T00:00:00Z` : null;
}

/** The typed fields (only those in `keys`) as body values; what cannot be read becomes a field error. */
function bodyFields(values: LotFormValues, keys: readonly (typeof BODY_KEYS)[number][]) {
  const body: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const key of keys) {
    const text = values[key].trim();
    if (text === '') continue;
    if ((NUMBER_KEYS as readonly string[]).includes(key)) {
      const amount = parseAmount(text);
      if (amount === null) errors[key] = 'Not a number.';
      else body[key] = amount;
    } else if ((DAY_KEYS as readonly string[]).includes(key)) {
      const stamp = dayAsTimestamp(text);
      if (stamp === null) errors[key] = 'Not a date (year, month and day).';
      else body[key] = stamp;
    } else {
      body[key] = key === 'notes' ? values[key] : text;
    }
  }
  return { body, errors };
}

/**
 * A new lot of a product of `kind`. A lot of medication also needs its batch number and expiry (the contract's
 * medicationLotCreateBody: a recall finds lots by batch, an expired lot must never be picked).
 */
export function buildLotCreate(values: LotFormValues, kind: ProductKind | null): Built<LotCreateBody> {
  if (!values.product || kind === null) {
    return { ok: false, errors: { product: 'Choose the product this lot is of.' } };
  }
  const { body, errors } = bodyFields(values, BODY_KEYS);
  body.is_active = values.is_active;
  body.type = kind;
  const schema = kind === 'order_material' ? lotCreateBody : medicationLotCreateBody;
  const parsed = schema.safeParse(body);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors: { ...(parsed.success ? {} : errorsFromIssues(parsed.error.issues)), ...errors } };
}

/** Only what changed on an existing lot. The service keeps a field it is not sent, so a filled field cannot be emptied. */
export function buildLotUpdate(original: LotFormValues, values: LotFormValues): BuiltChange<LotUpdateBody> {
  const changed = BODY_KEYS.filter((key) => original[key].trim() !== values[key].trim());
  const activeChanged = original.is_active !== values.is_active;
  if (changed.length === 0 && !activeChanged) return { ok: 'unchanged' };
  const { body, errors } = bodyFields(values, changed);
  for (const key of changed) {
    if (values[key].trim() !== '') continue;
    if (key === 'notes') body.notes = '';
    else errors[key] = 'This cannot be emptied: type the right value, or put back the one it had.';
  }
  if (activeChanged) body.is_active = values.is_active;
  const parsed = lotUpdateBody.safeParse(body);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors: { ...(parsed.success ? {} : errorsFromIssues(parsed.error.issues)), ...errors } };
}

export type { TextKey as LotTextKey };
