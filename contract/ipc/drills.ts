// The drills' channel shapes: the drills offered, one started for a trainee, and its score as main judged it.
import { z } from 'zod';
import { competencyContent } from '../document-content.ts';
import { drillCheck, drillId } from '../drills.ts';
import { auditUser } from './audit-shapes.ts';

export const attemptId = z.string().regex(/^[a-f0-9-]{36}$/, 'an attempt id is a UUID');

/** A drill as the list shows it: what the trainee is told and what will be checked, never the trainer's notes. */
export const drillSummary = z.strictObject({
  id: drillId,
  title: z.string(),
  role: z.enum(['technician', 'pharmacist']),
  brief: z.string(),
  minutes: z.number(),
  /** What each check expects, in words: for a trainer only (empty for a trainee, so the answer is not given away). */
  expects: z.array(z.string()),
});
export type DrillSummary = z.infer<typeof drillSummary>;

export const drillStartInput = z.strictObject({
  drillId,
  /** The trainee the trainer sets it up for (a demo account's email). */
  trainee: z.email().max(200),
});

export const drillCheckResult = z.strictObject({
  check: drillCheck,
  expected: z.string(),
  passed: z.boolean(),
  reason: z.string(),
});

export const drillBinItemView = z.strictObject({ name: z.string(), code: z.string(), count: z.number() });

/** One drill as set up for a trainee, and once they said done, its score. */
export const drillAttempt = z.strictObject({
  id: attemptId,
  drillId,
  title: z.string(),
  trainee: z.string(),
  trainer: auditUser,
  orderId: z.string(),
  orderNumber: z.string(),
  /** The order's prescription (a pharmacist's drill reviews it). */
  prescriptionId: z.string().nullable(),
  /** What the trainee is handed, one code per item (the practice bin). */
  bin: z.array(drillBinItemView),
  brief: z.string(),
  minutes: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Seconds from start to done, on main's clock. */
  secondsTaken: z.number().nullable(),
  /** Done after the drill's time ran out. */
  overTime: z.boolean(),
  results: z.array(drillCheckResult).nullable(),
  passed: z.number().nullable(),
  total: z.number(),
  /** What the drill teaches, once it is scored (empty before: it would give the answer away). */
  lesson: z.string(),
  /** The stored results no longer match their seal under the audit chain's key: edited outside the station. */
  resultsEdited: z.boolean(),
});
export type DrillAttempt = z.infer<typeof drillAttempt>;

export const drillDoneInput = z.strictObject({ attemptId });

export const drillResultsInput = z.strictObject({ limit: z.number().int().min(1).max(500).optional() }).optional();

/** Whose competency record: a trainee's own, or any trainee's for a trainer. */
export const competencyInput = z.strictObject({ trainee: z.email().max(200) });

/** A trainee's competency record as main prepared it, and the same rows as a CSV file (spreadsheet-safe). */
export const competencyAnswer = z.strictObject({
  record: competencyContent,
  csv: z.strictObject({ filename: z.string(), content: z.string() }),
});
export type CompetencyAnswer = z.infer<typeof competencyAnswer>;
