// A training drill as data (resources/drills/*.json): what the training service sets up, what the trainee is told, and
// the checks that say whether they did it right, judged afterwards from what the station recorded. No code per drill.
import { z } from 'zod';
import { auditDismissReason, auditStopKind, reviewDecisionKind } from './audit-terms.ts';
import { reprintReason } from './documents.ts';

/** A name inside one drill (a product, a lot): lower-case words joined by dashes. */
const ref = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'a ref is lower-case letters, digits and dashes');
const words = (max: number) => z.string().trim().min(1).max(max);
const usState = z.string().regex(/^[A-Z]{2}$/, 'a state is its two-letter code');
/** Days from the moment the drill is set up: negative is in the past. */
const days = z.number().int().min(-3650).max(3650);

export const drillProduct = z.strictObject({
  ref,
  drug: words(80),
  strength: words(40),
  form: z.enum(['tablet', 'capsule', 'solution', 'cream', 'inhaler', 'patch']),
  controlled: z.boolean().default(false),
});

export const drillLot = z.strictObject({
  ref,
  product: ref,
  batch: z.string().regex(/^[A-Z0-9-]{3,20}$/, 'a batch number is capitals, digits and dashes'),
  expiresInDays: days,
});

/** What the trainee is handed in the practice bin: a product (of a lot, when it matters) and how many. */
export const drillBinItem = z.strictObject({
  product: ref,
  lot: ref.optional(),
  count: z.number().int().min(1).max(500),
});

export const drillLicence = z.strictObject({
  state: usState,
  active: z.boolean().default(true),
  expiresInDays: days.default(365),
});

/** A change the training service makes at a step of the drill (until the events relay lands, one the station reads). */
export const drillPlannedChange = z.strictObject({
  change: z.enum(['cancellation', 'outage']),
  /** The moment it happens: once the order is set up (the station reads it at the next look), or by the trainer's hand. */
  at: z.enum(['setup', 'trainer']),
});

export const drillSetup = z
  .strictObject({
    patient: z.strictObject({
      firstName: words(40),
      lastName: words(40),
      /** YYYY-MM-DD. */
      dateOfBirth: z.iso.date(),
      state: usState,
      /** Names from resources/vocabulary/allergies.json. */
      allergies: z.array(words(60)).max(5).default([]),
    }),
    prescriber: z.strictObject({
      firstName: words(40),
      lastName: words(40),
      licences: z.array(drillLicence).min(1).max(5),
    }),
    products: z.array(drillProduct).min(1).max(6),
    lots: z.array(drillLot).max(10).default([]),
    /** The order's lines: each product and the quantity prescribed. */
    order: z
      .array(z.strictObject({ product: ref, quantity: z.number().int().min(1).max(500) }))
      .min(1)
      .max(6),
    bin: z.array(drillBinItem).max(10).default([]),
    planned: drillPlannedChange.optional(),
    /**
     * Whether a pharmacist already reviewed the prescription ("OK to fill", as on a pharmacy floor before an order is
     * picked): a technician's drill starts there; a pharmacist's review drill sets false and the review is the drill.
     */
    reviewed: z.boolean().default(true),
  })
  /** Every ref names a product (or a lot of that product) the setup declares: the service never guesses. */
  .superRefine((setup, ctx) => {
    const products = new Set(setup.products.map((p) => p.ref));
    const lots = new Map(setup.lots.map((l) => [l.ref, l.product]));
    const unknown = (path: (string | number)[], what: string) =>
      ctx.addIssue({ code: 'custom', path, message: `${what} is not declared in this drill` });
    if (products.size !== setup.products.length) unknown(['products'], 'a product ref used twice');
    if (lots.size !== setup.lots.length) unknown(['lots'], 'a lot ref used twice');
    setup.lots.forEach((l, i) => {
      if (!products.has(l.product)) unknown(['lots', i, 'product'], `product ${l.product}`);
    });
    setup.order.forEach((line, i) => {
      if (!products.has(line.product)) unknown(['order', i, 'product'], `product ${line.product}`);
    });
    setup.bin.forEach((item, i) => {
      if (!products.has(item.product)) unknown(['bin', i, 'product'], `product ${item.product}`);
      if (item.lot !== undefined && lots.get(item.lot) !== item.product) {
        unknown(['bin', i, 'lot'], `lot ${item.lot} of product ${item.product}`);
      }
    });
  });

/**
 * What counts as right, each judged from the station's own records of the drill's order (main/work/drills/):
 * - stop_raised: a hard stop of this kind was raised, and every such stop was let go only for one of these reasons;
 * - verification: the order's verification record (never verified, verified, or a discrepancy recorded);
 * - sign_off: the verification carries a pharmacist's sign-off for this purpose;
 * - discrepancy_task: a discrepancy task for the order names this problem (a short line, or a kind of stop);
 * - review_decision: the pharmacist's review recorded this decision, the check failed and was acknowledged (a
 *   clarification or an exception makes its task);
 * - labels_after_verification: no label for the order printed before it was verified (no pharmacist override);
 * - reprint_reason: a reprint of the order's label recorded with this reason;
 * - task_sent_once: exactly one task write for the order, sent and applied once;
 * - no_duplicate_patient: the service holds one patient of this name and birth date, not two.
 */
export const drillCheck = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('stop_raised'),
    stop: auditStopKind,
    letGoAs: z.array(auditDismissReason).min(1),
  }),
  z.strictObject({ kind: z.literal('verification'), expect: z.enum(['not_verified', 'verified', 'discrepancy']) }),
  z.strictObject({ kind: z.literal('sign_off'), purpose: z.enum(['controlled_count', 'picker_override']) }),
  z.strictObject({ kind: z.literal('discrepancy_task'), problem: z.enum(['short_line', ...auditStopKind.options]) }),
  z.strictObject({
    kind: z.literal('review_decision'),
    decision: reviewDecisionKind,
    failedCheck: z.enum([
      'allergy',
      'medications',
      'interactions',
      'license',
      'dea',
      'product',
      'fills',
      'current',
      'guardian',
    ]),
  }),
  z.strictObject({ kind: z.literal('labels_after_verification') }),
  z.strictObject({ kind: z.literal('reprint_reason'), reason: reprintReason }),
  z.strictObject({ kind: z.literal('task_sent_once') }),
  z.strictObject({ kind: z.literal('no_duplicate_patient') }),
]);
export type DrillCheck = z.infer<typeof drillCheck>;
export type DrillCheckKind = DrillCheck['kind'];

/** A drill's id, also its file name: lower-case letters, digits and dashes. */
export const drillId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{2,59}$/, 'a drill id is lower-case letters, digits and dashes');

export const drill = z.strictObject({
  id: drillId,
  title: words(80),
  /** Who the drill is for: a pharmacist's drill needs a pharmacist's decision. */
  role: z.enum(['technician', 'pharmacist']),
  /** What the trainee is told before starting (never the answer). */
  brief: words(600),
  /** What the drill teaches, shown with the score. */
  lesson: words(600),
  /** The mistake it tempts, in plain words (the trainer's notes). */
  mistake: words(300),
  minutes: z.number().int().min(1).max(120),
  setup: drillSetup,
  checks: z.array(drillCheck).min(1).max(10),
});
export type Drill = z.infer<typeof drill>;
export type DrillSetup = z.infer<typeof drillSetup>;
