// Request bodies of the order operations: create, update, cancellation and replacement requests, and shipping values.
import { z } from 'zod';
import { uuid } from './common.ts';
import { patientRefOrNew } from './patient-schemas.ts';
import { addressBody, externalId, freeText, namesAField, webUrl } from './shared-fields.ts';

/** Carriers the training service ships with (service-facts.md). Responses accept any string. */
export const shippingCarriers = ['usps', 'ups'] as const;
/** Service levels (service-facts.md); `next_day` is generic, the others belong to one carrier. */
export const shippingServiceLevels = ['usps_ground_advantage', 'ups_ground', 'next_day'] as const;

const carrierOfServiceLevel: Record<string, string> = { usps_ground_advantage: 'usps', ups_ground: 'ups' };

/** Shipping as requested. A carrier-specific service level must go with its carrier. */
export const shippingBody = z
  .strictObject({
    carrier: z.enum(shippingCarriers).optional(),
    service_level: z.enum(shippingServiceLevels).optional(),
    // The allowed values are not public; the service decides.
    signature_confirmation: z.string().trim().min(1).max(50).optional(),
  })
  .refine(namesAField, 'shipping names at least one field')
  .refine(
    (s) => !s.carrier || !s.service_level || (carrierOfServiceLevel[s.service_level] ?? s.carrier) === s.carrier,
    'the service level belongs to another carrier',
  );
export type ShippingBody = z.input<typeof shippingBody>;

/** A label the client bought itself. */
export const customShippingBody = z
  .strictObject({
    label_url: webUrl.optional(),
    tracking_number: z.string().trim().min(1).max(100).optional(),
    tracking_url: webUrl.optional(),
    carrier: z.string().trim().min(1).max(50).optional(),
  })
  .refine(namesAField, 'custom shipping names at least one field');
export type CustomShippingBody = z.input<typeof customShippingBody>;

/** One product line: the product named by exactly one of id, sku or product_code, and a whole positive quantity. */
export const orderLineBody = z
  .strictObject({
    id: uuid.optional(),
    sku: z.string().trim().min(1).max(100).optional(),
    product_code: z.string().trim().min(1).max(50).optional(),
    quantity: z.number().int().min(1).max(10_000),
  })
  .refine(
    (line) => [line.id, line.sku, line.product_code].filter((key) => key !== undefined).length === 1,
    'name the product by exactly one of id, sku or product_code',
  );
export type OrderLineBody = z.input<typeof orderLineBody>;

const orderLines = z.array(orderLineBody).max(100).optional();

/** The products of a new order, keyed by kind like the order's `products`. */
export const orderProductsBody = z.strictObject({
  prescription: orderLines,
  non_prescription: orderLines,
  order_material: orderLines,
});

/**
 * The fields of a new order, without the rule about the patient: the `order` of a composite creation takes these and
 * gets its patient from the composite's `patient`.
 */
export const orderCreateFields = z.strictObject({
  patient_id: uuid.optional(),
  patient: patientRefOrNew.optional(),
  products: orderProductsBody.optional(),
  address: addressBody.optional(),
  shipping: shippingBody.optional(),
  custom_shipping: customShippingBody.optional(),
  external_id: externalId.optional(),
  electronic_prescription_ids: z.array(uuid).max(100).optional(),
});
export type OrderCreateFields = z.input<typeof orderCreateFields>;

const lineCount = (products: z.infer<typeof orderProductsBody> | undefined) =>
  (products?.prescription?.length ?? 0) +
  (products?.non_prescription?.length ?? 0) +
  (products?.order_material?.length ?? 0);

/**
 * Creating an order. Decision: exactly one of patient_id and patient (an order belongs to one patient), and something
 * to fill: at least one product line or electronic prescription.
 */
export const orderCreateBody = orderCreateFields
  .refine((o) => (o.patient_id === undefined) !== (o.patient === undefined), {
    message: 'give exactly one of patient_id and patient',
    path: ['patient'],
  })
  .refine((o) => lineCount(o.products) > 0 || (o.electronic_prescription_ids?.length ?? 0) > 0, {
    message: 'an order needs at least one product or electronic prescription',
    path: ['products'],
  });
export type OrderCreateBody = z.input<typeof orderCreateBody>;

/** Updating an order: only these four fields may change (service-facts.md), at least one. */
export const orderUpdateBody = z
  .strictObject({
    address: addressBody.optional(),
    external_id: externalId.optional(),
    custom_shipping: customShippingBody.optional(),
    shipping: shippingBody.optional(),
  })
  .refine(namesAField, 'an update names at least one field');
export type OrderUpdateBody = z.input<typeof orderUpdateBody>;

/** Decision: a cancellation request must say why; the pharmacist deciding on it needs the reason. */
export const cancellationRequestBody = z.strictObject({ comments: freeText });
export type CancellationRequestBody = z.input<typeof cancellationRequestBody>;

/** Decision: a replacement request must say why (lost, damaged...). */
export const replacementRequestBody = z.strictObject({ reason: freeText });
export type ReplacementRequestBody = z.input<typeof replacementRequestBody>;
