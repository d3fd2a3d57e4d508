// The review and verify work queue, answered by main in one channel: prescriptions waiting for a pharmacist's review,
// orders waiting for verification, and the holds (needs clarification / exception, naming the task), each with the
// patient's name and age and its flags. Main reads the open orders and the unreviewed prescriptions (two service
// reads) and its own audit records; the renderer only shows the answer.
import { z } from 'zod';
import { defineChannel } from './channel.ts';

export const queueFlags = z.strictObject({
  /** A controlled substance on the line (the service's flag), with its DEA schedule when the vocabulary knows it. */
  controlled: z.boolean(),
  schedule: z.string().nullable(),
  /** The patient is under 18 on main's calendar. */
  minor: z.boolean(),
  /** The checks main could run from what it read that did not pass (age and dose, controlled-substance rules, days supply), in words. */
  failedChecks: z.array(z.string()),
});
export type QueueFlags = z.infer<typeof queueFlags>;

export const queuePatient = z.strictObject({ name: z.string().nullable(), age: z.number().int().nullable() });

/** A hold on a prescription: this station's decision (or the service's exception) and the task that follows it up. */
export const queueHold = z.strictObject({
  decision: z.enum(['needs_clarification', 'exception']),
  /** Who recorded it; null when the service's status says exception. */
  by: z.string().nullable(),
  /** Recorded by the person signed in now. */
  mine: z.boolean(),
  note: z.string(),
  /** The task's name as it was queued here, or null when none is known. */
  task: z.string().nullable(),
  recordedAt: z.string().nullable(),
});
export type QueueHold = z.infer<typeof queueHold>;

/** A prescription waiting for review, or held. */
export const queuePrescription = z.strictObject({
  prescriptionId: z.string(),
  drug: z.string(),
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  patient: queuePatient,
  flags: queueFlags,
  /** When the prescription reached the service. */
  since: z.string().nullable(),
  hold: queueHold.nullable(),
});
export type QueuePrescription = z.infer<typeof queuePrescription>;

/** Where an order waiting for verification stands at the pharmacist's gate. */
export const queueGate = z.enum(['ok_to_fill', 'not_reviewed', 'held']);

export const queueOrder = z.strictObject({
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  drugs: z.array(z.string()),
  patient: queuePatient,
  flags: queueFlags,
  since: z.string().nullable(),
  gate: queueGate,
});
export type QueueOrder = z.infer<typeof queueOrder>;

export const workQueue = z.strictObject({
  review: z.array(queuePrescription),
  verify: z.array(queueOrder),
  holds: z.array(queuePrescription),
  /** The newest open orders only (the service had more than one page of them). */
  partial: z.boolean(),
  /** ms since epoch of the reading, or of the earlier one an offline station shows. */
  readAt: z.number(),
  /** The service did not answer: this is what the station read at readAt. */
  offline: z.boolean(),
});
export type WorkQueue = z.infer<typeof workQueue>;

export const workQueueChannels = {
  'workQueue:get': defineChannel('workQueue:get', {
    input: z.undefined(),
    output: workQueue,
    summary:
      'The review and verify work queue: prescriptions waiting for review, orders waiting for verification, holds (two service reads and the audit log)',
  }),
};
