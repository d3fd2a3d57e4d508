// Barcodes: the labels printed for users, orders, patients, prescriptions, products and lots, and their scan check.
import { z } from 'zod';
import { id, maybe, pageQuery, queryBool, recordStamps, requestTimestamp, timestamp, uuid } from './common.ts';
import { defineOperation } from './operation.ts';

export const barcodeEntityTypes = [
  'user',
  'order',
  'patient',
  'prescription',
  'prescription_product',
  'non_prescription_product',
  'order_material',
  'inventory',
] as const;
export const barcodeEntityType = z.enum(barcodeEntityTypes);
export type BarcodeEntityType = z.infer<typeof barcodeEntityType>;

/** The value format the real service uses and the training service issues: `ORDER-<uuid>-<8 hex>`. */
export const BARCODE_VALUE_FORMAT =
  /^[A-Z][A-Z_]*-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{8}$/i;

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * The barcode image, shown in an <img>. Anything but a PNG data URL becomes null rather than failing the record:
 * the window must never load remote or scripted content from a service field.
 */
export const barcodeImage = z.string().transform((text) => (PNG_DATA_URL.test(text) ? text : null));

export const barcode = z.looseObject({
  ...recordStamps,
  value: maybe(z.string()),
  entity_type: maybe(z.string()),
  entity_id: maybe(id),
  is_active: maybe(z.boolean()),
  expires_at: maybe(timestamp),
  image: maybe(barcodeImage),
});
export type Barcode = z.infer<typeof barcode>;

/** A verified barcode names what it labels. */
export const verifiedBarcode = barcode.extend({ entity_type: z.string().min(1), entity_id: id });
export type VerifiedBarcode = z.infer<typeof verifiedBarcode>;

/** Decision: a barcode may be created with no expiry; the body is then `{}`. */
export const barcodeCreateBody = z.strictObject({ expires_at: requestTimestamp.optional() });
export type BarcodeCreateBody = z.input<typeof barcodeCreateBody>;

/**
 * What a scanner read. Surrounding whitespace (a scanner's trailing newline) is trimmed; the characters are those of
 * any barcode value, not only BARCODE_VALUE_FORMAT, so a value of another generation still reaches the service.
 */
export const barcodeVerifyBody = z.strictObject({
  barcode_value: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'a barcode value is letters, digits and - _ . :'),
});
export type BarcodeVerifyBody = z.input<typeof barcodeVerifyBody>;

const entityParams = z.strictObject({ entity_type: barcodeEntityType, entity_id: uuid });

export const barcodesOperations = {
  list: defineOperation({
    name: 'barcodes.list',
    method: 'GET',
    path: '/api/v1/barcodes/{entity_type}/{entity_id}',
    params: entityParams,
    query: z.strictObject({
      ...pageQuery,
      is_active: queryBool.optional(),
      include_images: queryBool.optional(),
    }),
    response: z.array(barcode),
    paginated: true,
    source: 'facts',
    summary: 'List the barcodes of one record',
  }),
  create: defineOperation({
    name: 'barcodes.create',
    method: 'POST',
    path: '/api/v1/barcodes/{entity_type}/{entity_id}',
    params: entityParams,
    body: barcodeCreateBody,
    response: barcode,
    status: 201,
    source: 'facts',
    summary: 'Issue a barcode for one record',
  }),
  verify: defineOperation({
    name: 'barcodes.verify',
    method: 'POST',
    path: '/api/v1/barcodes/verify',
    body: barcodeVerifyBody,
    response: verifiedBarcode,
    source: 'facts',
    summary: 'Look up what a scanned barcode labels',
  }),
};
