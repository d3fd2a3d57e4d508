// Field schemas that orders, patients, products, inventory and prescriptions share: addresses, amounts, loose dates.
import { z } from 'zod';
import { date, id, maybe, stateCode, timestamp } from './common.ts';

// ---- Responses (loose) ----

/**
 * An address as the service sends it. Order addresses carry `id` and `type` (`shipping`); patient addresses carry
 * neither, so unlike a stored record the id is optional here.
 */
export const address = z.looseObject({
  id: maybe(id),
  address_1: maybe(z.string()),
  address_2: maybe(z.string()),
  city: maybe(z.string()),
  state: maybe(z.string()),
  zip_code: maybe(z.string()),
  country: maybe(z.string()),
  type: maybe(z.string()),
});
export type Address = z.infer<typeof address>;

/** A person's name as a record carries it (patients, prescribers, the people an e-prescription names). */
export const personNameFields = {
  first_name: maybe(z.string()),
  middle_name: maybe(z.string()),
  last_name: maybe(z.string()),
};

/** How to reach a person, as their record carries it. */
export const emailAndPhone = { email: maybe(z.string()), phone: maybe(z.string()) };

/** A driver's license on a patient's or a prescriber's record. */
export const driverLicense = { driver_license_number: maybe(z.string()), driver_license_state: maybe(z.string()) };

/** A number the service may also send as a decimal string (money, fractional quantities); always a number after parsing. */
export const looseNumber = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** A day the service may send as a date or as a timestamp (expiration dates, written dates). */
export const dateOrTimestamp = z.union([date, timestamp]);

// ---- Requests (strict) ----
/** A US ZIP code: 5 digits, or ZIP+4. */
export const zipCode = z.string().regex(/^\d{5}(-?\d{4})?$/, 'a ZIP code is 5 digits or ZIP+4');

/**
 * A street address in a request (patient home, order shipping). Decision: street, city, state and ZIP are required
 * because a package cannot ship without them; `type` is not accepted, the service sets it.
 */
export const addressBody = z.strictObject({
  address_1: z.string().trim().min(1).max(200),
  address_2: z.string().max(200).optional(),
  city: z.string().trim().min(1).max(100),
  state: stateCode,
  zip_code: zipCode,
  country: z.string().min(2).max(60).optional(),
});
export type AddressBody = z.input<typeof addressBody>;

/** An identifier the client chose (external_id). */
export const externalId = z.string().trim().min(1).max(200);

/** Free text a person wrote (notes, reasons, comments): never empty, never a pasted novel. */
export const freeText = z.string().trim().min(1).max(5000);

/** An HTTP(S) URL in a request (labels, tracking pages). */
export const webUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** True when an update body names at least one field. */
export function namesAField(body: object): boolean {
  return Object.values(body).some((value) => value !== undefined);
}
