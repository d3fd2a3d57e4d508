// What the machine policy (the file a pharmacy's IT places on each workstation, main/platform/policy/) set and locked, as the
// settings screens show it: those fields read "set by your pharmacy's IT" and their channel refuses a change.
import { z } from 'zod';
import { documentKind } from '../documents.ts';

/** The settings a policy can lock. */
export const lockableSettings = ['serviceUrl', 'idleLockMinutes', 'scannerMarks', 'printers'] as const;
export type LockableSetting = (typeof lockableSettings)[number];

export const policyView = z.strictObject({
  /** The policy file read at start, or null when there is none (nothing is locked). */
  file: z.string().nullable(),
  /** The service address, when the policy sets it (then backend and baseUrl cannot change). */
  serviceUrl: z.string().nullable(),
  /** The longest idle lock the policy allows: a longer one is refused, a shorter one may be chosen. */
  maxIdleLockMinutes: z.number().int().nullable(),
  /** True when the policy sets the scanner's prefix and suffix. */
  scannerMarks: z.boolean(),
  /** The kinds of document whose printer the policy sets. */
  printers: z.array(documentKind),
  /** The update feed the station checks, when the policy names one. */
  updateFeedUrl: z.string().nullable(),
  /** Fields of the policy this station does not know (written for a newer station): ignored, named for IT. */
  ignoredFields: z.array(z.string()),
  /** True when the policy puts the station in kiosk mode (full screen, no menu, no developer tools). */
  kioskMode: z.boolean(),
  /** Tech-check-tech, a pharmacy-wide rule only IT sets: false (not allowed) unless the policy allows it. */
  techCheckTechAllowed: z.boolean(),
  /** True when the policy sets the pharmacy's link up (its servers, the station's name on it): not changed here. */
  eventsRelay: z.boolean(),
});
export type PolicyView = z.infer<typeof policyView>;

/**
 * What a setting the machine policy locked says, wherever it shows: a station's own setting or a pharmacy-wide one
 * (the pharmacy's record is not read for it), on a card and in main's refusal. One wording.
 */
export const SET_BY_IT = "Set by your pharmacy's IT";
/** The same words inside a sentence ("labelStock is set by your pharmacy's IT"). */
export const SET_BY_IT_IN_SENTENCE = `s${SET_BY_IT.slice(1)}`;
