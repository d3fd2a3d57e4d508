// A refusal that says "this already exists": which record it names, so the person can open it instead of retyping.

/** What a refusal carries across the bridge: code, status, message and the service's details when it gave them. */
export interface RefusalLike {
  code?: string | undefined;
  status?: number | undefined;
  message: string;
  details?: unknown;
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;

function fromDetails(details: unknown, key: string): string | null {
  if (details === null || typeof details !== 'object') return null;
  const value = (details as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The existing patient a create (400 `duplicate_patient`, spec §7.2) or an edit (409 `conflict`) collides with.
 * The id is looked for in `details.existing_patient_id` first; the station's bridge carries only `details` of the
 * service's body, so the id the training service puts at the top level arrives in its message, "(uuid)", instead.
 */
export function existingPatientIdOf(refusal: RefusalLike): string | null {
  const duplicate =
    refusal.code === 'duplicate_patient' ||
    fromDetails(refusal.details, 'existing_patient_id') !== null ||
    (refusal.code === 'conflict' && /duplicate/i.test(refusal.message));
  if (!duplicate) return null;
  return fromDetails(refusal.details, 'existing_patient_id') ?? UUID.exec(refusal.message)?.[0]?.toLowerCase() ?? null;
}

/** True when the refusal says the patient already exists, even if it names no id we could read. */
export function isDuplicatePatient(refusal: RefusalLike): boolean {
  return refusal.code === 'duplicate_patient' || existingPatientIdOf(refusal) !== null;
}

/** The prescriber a create collides with (409, `details.existing_prescriber_id`: the NPI is already on file). */
export function existingPrescriberIdOf(refusal: RefusalLike): string | null {
  return fromDetails(refusal.details, 'existing_prescriber_id');
}
