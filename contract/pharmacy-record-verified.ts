// The parts of an order verified in the pharmacy's record (contract/pharmacy-record.ts `orderVerified`) beyond its
// lines: what it dispensed, for the inspector's report, and whether it was made while the record could not be reached.
import { z } from 'zod';
import { id, shortText } from './pharmacy-record-parts.ts';

/**
 * What an order verified dispensed, as main read it for the verification: the patient and, per line, the drug, its
 * schedule and the prescription it fills. The inspector's report reads it from the record, so two stations print the
 * same log (the record is the pharmacy's own, signed; a patient's name is in it for this log only). Absent on facts
 * written before it existed.
 */
export const dispensedPart = z.strictObject({
  patient: z.strictObject({
    id: id.nullable(),
    name: shortText.nullable(),
    date_of_birth: z.string().max(10).nullable(),
  }),
  lines: z
    .array(
      z.strictObject({
        product_id: id,
        kind: z.string().max(40),
        drug: shortText.nullable(),
        /** The product's code (SKU or NDC) as the service has it. */
        code: shortText.nullable(),
        controlled: z.boolean(),
        schedule: z.string().max(10).nullable(),
        /** The order's quantity of the line. */
        quantity: z.number().int().min(0),
        prescription_id: id.nullable(),
      }),
    )
    .max(100),
});

/**
 * Made while this station could not reach the shared record (queued): since when, and the order's prescriptions as main
 * read them, held on return against the holds given elsewhere meanwhile (main/station/holds-on-return.ts). Signed with
 * the rest of the fact, so a restart forgets none and an edit of record.db cannot strike it out. Absent: reached.
 */
export const recordAway = z.strictObject({ since: z.string().max(40), prescription_ids: z.array(id).max(100) });
