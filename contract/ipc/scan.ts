// scan:resolve: what a scanned or typed code names, answered by main as a meaning (order, lot, prescription, badge, product,
// unknown, expired, offline) using the service or what this station read earlier; and the shape of service labels.
import { z } from 'zod';
import { order } from '../service/orders.ts';

export const scanResolveInput = z.strictObject({
  /** What the scanner sent or the person typed; main trims it. */
  code: z.string().min(1).max(512),
});

/** When the answer comes from what this station read earlier (the service is offline): that reading's time, ISO. */
const asOf = z.string().nullable();

export const scanOutcome = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('order'),
    orderId: z.string(),
    orderNumber: z.string().nullable(),
    /** The order as read, so the order view paints at once. */
    order,
    asOf,
  }),
  z.strictObject({ kind: z.literal('lot'), lotId: z.string(), asOf }),
  /** A prescription label the station printed: it opens the prescription. */
  z.strictObject({ kind: z.literal('prescription'), prescriptionId: z.string() }),
  /** `self`: the badge of the person signed in now. */
  z.strictObject({ kind: z.literal('badge'), userId: z.string(), self: z.boolean() }),
  z.strictObject({ kind: z.literal('product'), productId: z.string(), message: z.string() }),
  z.strictObject({ kind: z.literal('unknown'), message: z.string() }),
  /** A label the service issued once, since replaced or expired. */
  z.strictObject({ kind: z.literal('expired'), message: z.string() }),
  /** The service is offline and this station has not read what the code names. */
  z.strictObject({ kind: z.literal('offline'), message: z.string() }),
]);
export type ScanOutcome = z.infer<typeof scanOutcome>;

/** Service barcodes look like `ORDER-<uuid>-<8 hex>`: a prefix naming the entity, then its id and a check part. */
const SERVICE_BARCODE = /^([A-Z_]+)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-[0-9A-Fa-f]+$/;

/** The prefixes the service prints; a code that starts with one but is not whole was read only in part. */
const SERVICE_PREFIX =
  /^(USER|ORDER|PATIENT|PRESCRIPTION|PRESCRIPTION_PRODUCT|NON_PRESCRIPTION_PRODUCT|ORDER_MATERIAL|INVENTORY)-[0-9a-f]/;

export function isServiceBarcode(code: string): boolean {
  return SERVICE_BARCODE.test(code);
}

/** A label that starts like a service barcode but is cut short or damaged. */
export function isPartialServiceBarcode(code: string): boolean {
  return !isServiceBarcode(code) && SERVICE_PREFIX.test(code);
}

/** The prefix and entity id printed in a service label (`ORDER`, `<uuid>`), or null for anything else. */
export function serviceBarcodeParts(code: string): { prefix: string; entityId: string } | null {
  const match = SERVICE_BARCODE.exec(code);
  return match ? { prefix: match[1] as string, entityId: match[2] as string } : null;
}
