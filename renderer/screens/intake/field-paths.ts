// Where a refusal lands on the intake form: a body path (a zod issue's, or the service's `details`) → part and field.
import { formFieldOf as patientFieldOf, patientFormKeys } from '../../records/patient-form.ts';
import { formFieldOf as prescriberFieldOf, prescriberFormKeys } from '../../records/prescriber-form.ts';
import {
  type IntakeDraft,
  medicationKeys,
  orderTextKeys,
  type Part,
  type PartMode,
  type ProductKind,
  parts,
  prescriptionTextKeys,
} from './draft.ts';

/** One refusal on the form: the part it is about (null: the whole intake) and the field (null: the part as a whole). */
export interface IntakeIssue {
  part: Part | null;
  key: string | null;
  message: string;
}

/** What the mapping needs to know of the draft: the reference modes and the kind of each order line, in order. */
export interface PathContext {
  patientMode: PartMode;
  prescriberMode: PartMode;
  lineKinds: readonly ProductKind[];
}

export interface FieldPlace {
  part: Part | null;
  key: string | null;
}

export function pathContextOf(draft: IntakeDraft): PathContext {
  return {
    patientMode: draft.patient.mode,
    prescriberMode: draft.prescriber.mode,
    lineKinds: draft.order.lines.map((line) => line.kind),
  };
}

/** `body.prescriber.npi`, `medications[0].quantity` or `['body', 'order', 'products', …]` as plain segments. */
export function splitPath(path: string | readonly PropertyKey[]): string[] {
  const segments =
    typeof path === 'string'
      ? path
          .replace(/\[(\d+)\]/g, '.$1')
          .split('.')
          .filter((segment) => segment !== '')
      : path.map(String);
  while (segments[0] === 'body' || segments[0] === '(input)') segments.shift();
  return segments;
}

/** The draft index of the `position`-th line of `kind` (the body lists lines by kind); -1 when there is none. */
export function lineIndexOf(kinds: readonly ProductKind[], kind: string, position: number): number {
  let seen = -1;
  for (const [index, candidate] of kinds.entries()) {
    if (candidate !== kind) continue;
    seen++;
    if (seen === position) return index;
  }
  return -1;
}

/** The body path of a draft line: its kind and its position among the lines of that kind. */
export function linePathOf(kinds: readonly ProductKind[], index: number): [ProductKind, number] | null {
  const kind = kinds[index];
  if (kind === undefined) return null;
  return [kind, kinds.slice(0, index).filter((candidate) => candidate === kind).length];
}

const place = (part: Part, key: string | null): FieldPlace => ({ part, key: key === null ? null : `${part}.${key}` });

function referencePlace(part: 'patient' | 'prescriber', rest: string[], mode: PartMode, refKeys: string[]) {
  if (mode === 'existing' && (rest.length === 0 || refKeys.includes(rest[0] as string))) return place(part, 'ref');
  if (rest.length === 0) return place(part, null);
  return place(part, part === 'patient' ? patientFieldOf(rest.join('.')) : prescriberFieldOf(rest.join('.')));
}

function orderPlace(rest: string[], kinds: readonly ProductKind[]): FieldPlace {
  const [head, second, third, fourth] = rest;
  if (head === undefined || head === 'patient' || head === 'patient_id') return place('order', null);
  if (head === 'products') {
    const index = second === undefined || third === undefined ? -1 : lineIndexOf(kinds, second, Number(third));
    if (index < 0) return place('order', null);
    return place('order', `lines.${index}.${fourth === 'quantity' ? 'quantity' : 'value'}`);
  }
  if (head === 'shipping') return place('order', second === 'carrier' ? 'carrier' : 'service_level');
  if (head === 'address') return place('order', second ?? null);
  return place('order', rest.join('.'));
}

const medicationFieldOf: Record<string, string> = { sig: 'directions', substitution_allowed: 'substitution' };

function prescriptionPlace(rest: string[]): FieldPlace {
  // `medication` (one) is the first of `medications`.
  const segments = rest[0] === 'medication' ? ['medications', '0', ...rest.slice(1)] : rest;
  const [head, index, field] = segments;
  if (head === undefined) return place('prescription', null);
  if (head !== 'medications') return place('prescription', segments.join('.'));
  if (index === undefined || !/^\d+$/.test(index)) return place('prescription', null);
  const at = String(Number(index));
  if (field === undefined) return place('prescription', `medications.${at}`);
  const renamed = Object.hasOwn(medicationFieldOf, field) ? medicationFieldOf[field] : field;
  return place('prescription', `medications.${at}.${renamed}`);
}

/**
 * The part and field a path names. The service's own order checks name the order's fields without `order.`
 * (`body.products.prescription.0`), so a path that starts with an order-only field is the order's.
 */
export function placeOfPath(path: string | readonly PropertyKey[], context: PathContext): FieldPlace {
  const [head, ...rest] = splitPath(path);
  switch (head) {
    case 'patient':
      return referencePlace('patient', rest, context.patientMode, ['id', 'external_id']);
    case 'prescriber':
      return referencePlace('prescriber', rest, context.prescriberMode, ['id', 'npi']);
    case 'order':
      return orderPlace(rest, context.lineKinds);
    case 'electronic_prescription':
      return prescriptionPlace(rest);
    case 'products':
    case 'shipping':
    case 'custom_shipping':
    case 'electronic_prescription_ids':
      return orderPlace([head, ...rest], context.lineKinds);
    case 'medications':
    case 'medication':
      return prescriptionPlace([head, ...rest]);
    default:
      return { part: null, key: null };
  }
}

/** Every field key the form shows for this draft, so a refusal about any other key is shown with its part instead. */
export function shownKeys(draft: IntakeDraft): Set<string> {
  const keys: string[] = [];
  const add = (part: Part, names: readonly string[]) => keys.push(...names.map((name) => `${part}.${name}`));
  if (draft.patient.mode === 'existing') add('patient', ['ref']);
  if (draft.patient.mode === 'new') add('patient', patientFormKeys);
  if (draft.prescriber.mode === 'existing') add('prescriber', ['ref']);
  if (draft.prescriber.mode === 'new') add('prescriber', prescriberFormKeys);
  if (draft.order.mode === 'new') {
    add('order', orderTextKeys);
    for (const index of draft.order.lines.keys()) add('order', [`lines.${index}.value`, `lines.${index}.quantity`]);
  }
  if (draft.prescription.mode === 'new') {
    add('prescription', prescriptionTextKeys);
    for (const index of draft.prescription.medications.keys()) {
      add(
        'prescription',
        medicationKeys.map((key) => `medications.${index}.${key}`),
      );
    }
  }
  return new Set(keys);
}

export interface PlacedIssues {
  /** Messages beside fields, by field key. */
  fields: Record<string, string>;
  /** Messages about a part that no shown field can carry. */
  parts: Partial<Record<Part, string[]>>;
  /** Messages about the intake as a whole. */
  form: string[];
}

/** `lines.0.quantity` → "line 1 quantity", for a message that names a field the form does not show. */
function fieldWords(key: string): string {
  return key
    .split('.')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? String(Number(segment) + 1) : segment.replace(/_/g, ' ')))
    .join(' ');
}

/** Each issue beside its field when the form shows it, else with its part, else with the whole form; none dropped. */
export function placeIssues(issues: readonly IntakeIssue[], shown: ReadonlySet<string>): PlacedIssues {
  const placed: PlacedIssues = { fields: {}, parts: {}, form: [] };
  for (const issue of issues) {
    if (issue.key !== null && shown.has(issue.key)) {
      const before = placed.fields[issue.key];
      // A second reason for the same field is added to the first, never dropped.
      if (before === undefined) placed.fields[issue.key] = issue.message;
      else if (!before.includes(issue.message)) placed.fields[issue.key] = `${before} ${issue.message}`;
    } else if (issue.part !== null) {
      const words = issue.key === null ? issue.message : `${fieldWords(issue.key)}: ${issue.message}`;
      const list = placed.parts[issue.part] ?? [];
      if (!list.includes(words)) list.push(words);
      placed.parts[issue.part] = list;
    } else if (!placed.form.includes(issue.message)) {
      placed.form.push(issue.message);
    }
  }
  return placed;
}

/** The parts an issue list is about, in form order. */
export function partsWithIssues(issues: readonly IntakeIssue[]): Part[] {
  return parts.filter((part) => issues.some((issue) => issue.part === part));
}
