// The intake in words: what a field key is called on the form, and what sending the draft now would do.
import { chosenParts, type IntakeDraft, type Part, partTitles } from './draft.ts';
import type { IntakeIssue } from './field-paths.ts';

const referenceWords: Record<string, string> = {
  'patient.id': 'patient id',
  'patient.external_id': 'external id',
  'prescriber.id': 'prescriber id',
  'prescriber.npi': 'NPI',
};

const fieldNames: Record<string, string> = {
  address_1: 'street',
  address_2: 'apartment or suite',
  zip_code: 'ZIP code',
  npi: 'NPI',
  dea: 'DEA number',
  ssn: 'SSN',
  date_of_birth: 'date of birth',
  drug_name: 'drug name',
  directions: 'directions',
  value: 'product',
  license_expiration: 'license expiry',
};

/** "NPI", "product line 2 quantity", "medication 1 drug name": how the summary names a field. */
export function fieldWords(key: string, draft: IntakeDraft): string {
  const [part, ...rest] = key.split('.');
  if (rest.length === 1 && rest[0] === 'ref') {
    const refKey = part === 'patient' ? draft.patient.refKey : draft.prescriber.refKey;
    return referenceWords[`${part}.${refKey}`] ?? 'reference';
  }
  const words: string[] = [];
  for (const [index, segment] of rest.entries()) {
    if (/^\d+$/.test(segment)) continue;
    const position = rest[index + 1];
    const numbered = position !== undefined && /^\d+$/.test(position) ? ` ${Number(position) + 1}` : '';
    if (segment === 'lines') words.push(`product line${numbered}`);
    else if (segment === 'medications') words.push(`medication${numbered}`);
    else words.push(Object.hasOwn(fieldNames, segment) ? (fieldNames[segment] as string) : segment.replace(/_/g, ' '));
  }
  return words.join(' ');
}

/** "NPI: An NPI is 10 digits." or the message alone when it is about the part as a whole. */
export function issueWords(issue: IntakeIssue, draft: IntakeDraft): string {
  if (issue.key === null) return issue.message;
  const words = fieldWords(issue.key, draft);
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}: ${issue.message}` : issue.message;
}

function partPlan(draft: IntakeDraft, part: Part): string {
  const name = partTitles[part].toLowerCase();
  if (draft[part].mode === 'new') {
    if (part === 'order' && !draft.order.forceNew) return 'a new order (or the patient’s open order)';
    return `a new ${name}`;
  }
  const refKey = part === 'patient' ? draft.patient.refKey : draft.prescriber.refKey;
  return `the ${name} on file (by ${referenceWords[`${part}.${refKey}`] ?? 'reference'})`;
}

/** What the send button would do now: "Sends a new patient, the prescriber on file (by NPI) and a new order." */
export function planWords(draft: IntakeDraft): string {
  const chosen = chosenParts(draft).map((part) => partPlan(draft, part));
  if (chosen.length === 0) return 'Choose at least one part to send.';
  const listed = chosen.length === 1 ? chosen[0] : `${chosen.slice(0, -1).join(', ')} and ${chosen.at(-1)}`;
  return `Sends ${listed}. All or nothing: if one part is refused, none is made.`;
}
