// The service's (or the station's) refusal of an intake: which part failed, which field, and what to offer instead.

import { errorsFromDetails } from '../../forms/field-errors.ts';
import { existingPatientIdOf, existingPrescriberIdOf, type RefusalLike } from '../../records/duplicate.ts';
import { chosenParts, type IntakeDraft, type Part, partTitles } from './draft.ts';
import { type IntakeIssue, pathContextOf, placeOfPath } from './field-paths.ts';

export type { RefusalLike };

/** An existing record the refusal names, which the person may reference instead of creating a second one. */
export interface ExistingOffer {
  part: 'patient' | 'prescriber';
  id: string;
}

export interface LocatedRefusal {
  /** The part that failed, when it can be told. */
  part: Part | null;
  issues: IntakeIssue[];
  offer: ExistingOffer | null;
  /** True when the service may have acted before the answer was lost (a timeout): check before sending again. */
  uncertain: boolean;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return 'Refused.';
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

const detailOwners: [string, Part][] = [
  ['existing_prescriber_id', 'prescriber'],
  ['existing_patient_id', 'patient'],
  ['existing_order_id', 'order'],
  ['existing_electronic_prescription_id', 'prescription'],
];

function partFromDetails(details: unknown): Part | null {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return null;
  const found = detailOwners.find(([key]) => Object.hasOwn(details, key));
  return found ? found[1] : null;
}

const partWords: [RegExp, Part][] = [
  [/\belectronic prescriptions?\b/i, 'prescription'],
  [/\bprescribers?\b/i, 'prescriber'],
  [/\bpatients?\b/i, 'patient'],
  [/\borders?\b/i, 'order'],
];

/** The part the message names first ("No prescriber with identifier…", "Order 1000123 already has…"), if chosen. */
export function partFromMessage(message: string, chosen: readonly Part[]): Part | null {
  let best: { part: Part; at: number } | null = null;
  for (const [pattern, part] of partWords) {
    if (!chosen.includes(part)) continue;
    const at = message.search(pattern);
    if (at >= 0 && (best === null || at < best.at)) best = { part, at };
  }
  return best?.part ?? null;
}

/** The field of a part-level refusal: a reference nobody has, an NPI already on file, an order's external id. */
function fieldOfPartRefusal(part: Part, refusal: RefusalLike, draft: IntakeDraft): string | null {
  const notFound = refusal.code === 'not_found';
  if ((part === 'patient' || part === 'prescriber') && draft[part].mode === 'existing') return `${part}.ref`;
  if (part === 'prescriber' && !notFound && /\bNPI\b/.test(refusal.message)) return 'prescriber.npi';
  if (part === 'order' && /external id/i.test(refusal.message)) return 'order.external_id';
  return null;
}

/** Where a refusal belongs on the form. The service's words are kept; only their place is worked out here. */
export function locateRefusal(refusal: RefusalLike, draft: IntakeDraft): LocatedRefusal {
  const context = pathContextOf(draft);
  const chosen = chosenParts(draft);
  const issues: IntakeIssue[] = [];
  // `{existing_prescriber_id: …}` names a record, not a field.
  const fieldDetails = partFromDetails(refusal.details) === null ? refusal.details : undefined;
  for (const [path, message] of Object.entries(errorsFromDetails(fieldDetails))) {
    const { part, key } = placeOfPath(path, context);
    issues.push({ part, key, message });
  }
  const patientId = existingPatientIdOf(refusal);
  const prescriberId = existingPrescriberIdOf(refusal);
  const part =
    issues.find((issue) => issue.part !== null)?.part ??
    partFromDetails(refusal.details) ??
    (patientId ? 'patient' : null) ??
    partFromMessage(refusal.message, chosen);
  if (part !== null && !issues.some((issue) => issue.part === part)) {
    issues.push({ part, key: fieldOfPartRefusal(part, refusal, draft), message: sentence(refusal.message) });
  }
  if (part === null && issues.length === 0) issues.push({ part: null, key: null, message: sentence(refusal.message) });
  const offer: ExistingOffer | null =
    patientId && draft.patient.mode === 'new'
      ? { part: 'patient', id: patientId }
      : prescriberId && draft.prescriber.mode === 'new'
        ? { part: 'prescriber', id: prescriberId }
        : null;
  return { part, issues, offer, uncertain: refusal.code === 'timeout' };
}

/** The line at the top of a refused intake: nothing was created, and which part to fix. */
export function refusalHeadline(located: LocatedRefusal): string {
  if (located.uncertain) {
    return 'The service did not answer in time: the intake may or may not have been made. Check before sending it again.';
  }
  if (located.part === null) return 'Nothing was created: the service refused the intake.';
  return `Nothing was created: the ${partTitles[located.part].toLowerCase()} part was refused.`;
}
