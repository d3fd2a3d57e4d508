// The columns each audit record kind is written with, in order, and the shape of a new row of each (seq is the table's
// own): the repository's INSERTs are built from these lists.
import type { AdjustmentRow, StopRow, VerificationRow } from './schema.ts';
import type { ReviewRow } from './schema-safety.ts';

export type NewVerification = Omit<VerificationRow, 'seq'>;
export type NewAdjustment = Omit<AdjustmentRow, 'seq'>;
export type NewStop = Omit<StopRow, 'seq'>;
export type NewReview = Omit<ReviewRow, 'seq'>;

/** Who recorded it and when: the same four columns, in this order, in every record kind. */
const SIGNED_BY = ['user_id', 'user_email', 'user_name', 'recorded_at'] as const;

/** The columns each record kind is written with, in order (seq is the table's own). */
export const REVIEW_COLUMNS = [
  'id',
  'service_id',
  'prescription_id',
  'decision',
  'findings',
  'note',
  'task_ref',
  ...SIGNED_BY,
] as const satisfies readonly (keyof NewReview)[];
export const VERIFICATION_COLUMNS = [
  'id',
  'service_id',
  'order_id',
  'order_number',
  'outcome',
  ...SIGNED_BY,
  'lines',
  'scans',
  'task_ref',
  'sign_offs',
  'went_offline',
  'order_patient_id',
  'order_prescriptions',
] as const satisfies readonly (keyof NewVerification)[];
export const ADJUSTMENT_COLUMNS = [
  'id',
  'service_id',
  'lot_id',
  'product_id',
  'batch_number',
  'quantity_change',
  'quantity_before',
  'quantity_after',
  'reason',
  ...SIGNED_BY,
] as const satisfies readonly (keyof NewAdjustment)[];
export const STOP_COLUMNS = [
  'id',
  'service_id',
  'order_id',
  'order_number',
  'code',
  'entry',
  'quantity',
  'matched_by',
  'product_id',
  'lot_id',
  'lot',
  'expiry',
  'kind',
  'reason',
  'note',
  'task_ref',
  ...SIGNED_BY,
  'approved_by_id',
  'approved_by_email',
  'approved_by_name',
] as const satisfies readonly (keyof NewStop)[];
