// The draft → the composite body and its force_new flag, checked part by part with the contract before anything is sent.
import type { z } from 'zod';
import { uuid } from '../../../contract/service/common.ts';
import { orderCreateFields } from '../../../contract/service/orders.ts';
import { npiNumber } from '../../../contract/service/prescribers.ts';
import {
  type CompositeBody,
  compositeBody,
  compositeElectronicPrescriptionBody,
} from '../../../contract/service/prescriptions.ts';
import { externalId } from '../../../contract/service/shared-fields.ts';
import { humanIssue } from '../../forms/field-errors.ts';
import { buildCreateBody } from '../../records/patient-form.ts';
import { buildPrescriberBody } from '../../records/prescriber-form.ts';
import { chosenParts, type IntakeDraft, type MedicationDraft, type OrderLineDraft, type Part } from './draft.ts';
import { type IntakeIssue, type PathContext, pathContextOf, placeOfPath } from './field-paths.ts';

export type BuiltIntake = { ok: true; body: CompositeBody; forceNew: boolean } | { ok: false; issues: IntakeIssue[] };

type Issues = IntakeIssue[];

const issueAt = (part: Part, key: string | null, message: string): IntakeIssue => ({
  part,
  key: key === null ? null : `${part}.${key}`,
  message,
});

/** Zod issues of one part's schema, placed on the form through the part's body path. */
function zodIssues(prefix: string, issues: readonly z.core.$ZodIssue[], context: PathContext): Issues {
  return issues.map((issue) => {
    const { part, key } = placeOfPath([prefix, ...issue.path], context);
    return { part, key, message: humanIssue(issue) };
  });
}

/** A reference's value checked with the contract's field schema; the words say what the key looks like. */
function referenceIssue(schema: z.ZodType, value: string, what: string): string | null {
  if (value === '') return 'Required.';
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const first = parsed.error.issues[0];
  if (first?.code === 'invalid_format' && first.format === 'uuid') {
    return `Not ${what} id: ids look like 1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed.`;
  }
  return first ? humanIssue(first) : 'Not accepted.';
}

/** An NPI as people type it ("1234 567 890", "1234-567-890") as the service wants it. */
export function npiDigits(typed: string): string {
  return typed.trim().replace(/[\s-]/g, '');
}

function patientPart(draft: IntakeDraft, issues: Issues): unknown {
  const { mode, refKey, fields } = draft.patient;
  if (mode === 'existing') {
    const value = draft.patient.ref.trim();
    const problem = referenceIssue(refKey === 'id' ? uuid : externalId, value, 'a patient');
    if (problem) issues.push(issueAt('patient', 'ref', problem));
    return refKey === 'id' ? { id: value.toLowerCase() } : { external_id: value };
  }
  const built = buildCreateBody(fields);
  if (built.ok) return built.body;
  for (const [key, message] of Object.entries(built.errors)) issues.push(issueAt('patient', key || null, message));
  return undefined;
}

function prescriberPart(draft: IntakeDraft, issues: Issues): unknown {
  const { mode, refKey, fields } = draft.prescriber;
  if (mode === 'existing') {
    const value = refKey === 'npi' ? npiDigits(draft.prescriber.ref) : draft.prescriber.ref.trim();
    const problem = referenceIssue(refKey === 'id' ? uuid : npiNumber, value, 'a prescriber');
    if (problem) issues.push(issueAt('prescriber', 'ref', problem));
    return refKey === 'id' ? { id: value.toLowerCase() } : { npi: value };
  }
  const built = buildPrescriberBody(fields);
  if (built.ok) return built.body;
  for (const [key, message] of Object.entries(built.errors)) issues.push(issueAt('prescriber', key || null, message));
  return undefined;
}

/** Text that must be a whole number (or, with `decimals`, any positive number); undefined when blank. */
function numberOf(text: string, decimals = false): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return (decimals ? /^\d+(\.\d+)?$/ : /^\d+$/).test(trimmed) ? Number(trimmed) : Number.NaN;
}

function trimmedFields<K extends string>(fields: Record<K, string>, keys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = fields[key].trim();
    if (value !== '') out[key] = value;
  }
  return out;
}

function orderLine(line: OrderLineDraft, index: number, issues: Issues): Record<string, unknown> {
  const quantity = numberOf(line.quantity);
  if (Number.isNaN(quantity)) issues.push(issueAt('order', `lines.${index}.quantity`, 'A whole number.'));
  const value = line.by === 'id' ? line.value.trim().toLowerCase() : line.value.trim();
  return { [line.by]: value, quantity: Number.isNaN(quantity) ? 1 : quantity };
}

function orderPart(draft: IntakeDraft, issues: Issues): unknown {
  const { fields, lines } = draft.order;
  const raw: Record<string, unknown> = {};
  if (lines.length > 0) {
    const products: Record<string, unknown[]> = {};
    lines.forEach((line, index) => {
      const list = products[line.kind] ?? [];
      list.push(orderLine(line, index, issues));
      products[line.kind] = list;
    });
    raw.products = products;
  }
  const address = trimmedFields(fields, ['address_1', 'address_2', 'city', 'state', 'zip_code'] as const);
  if (Object.keys(address).length > 0) raw.address = { ...address, state: address.state?.toUpperCase() };
  const shipping = trimmedFields(fields, ['carrier', 'service_level'] as const);
  if (Object.keys(shipping).length > 0) raw.shipping = shipping;
  if (fields.external_id.trim()) raw.external_id = fields.external_id.trim();
  const parsed = orderCreateFields.safeParse(raw);
  if (!parsed.success) issues.push(...zodIssues('order', parsed.error.issues, pathContextOf(draft)));
  return raw;
}

function medication(draft: MedicationDraft, index: number, issues: Issues): Record<string, unknown> {
  const out: Record<string, unknown> = trimmedFields(draft, [
    'drug_name',
    'strength',
    'units',
    'directions',
    'written_at',
    'notes',
  ] as const);
  out.drug_name ??= '';
  const numbers = [
    ['quantity', true],
    ['refills', false],
    ['days_supply', false],
  ] as const;
  for (const [key, decimals] of numbers) {
    const value = numberOf(draft[key], decimals);
    if (Number.isNaN(value)) issues.push(issueAt('prescription', `medications.${index}.${key}`, 'A number.'));
    else if (value !== undefined) out[key] = value;
  }
  if (draft.substitution !== '') out.substitution_allowed = draft.substitution === 'allowed';
  // The contract's rule, said at once: zod skips an object's refinements while any of its fields is refused.
  if (out.directions === undefined) {
    issues.push(issueAt('prescription', `medications.${index}.directions`, 'A medication needs directions or a sig.'));
  }
  return out;
}

function prescriptionPart(draft: IntakeDraft, issues: Issues): unknown {
  const { fields, medications } = draft.prescription;
  const raw: Record<string, unknown> = trimmedFields(fields, ['source', 'type', 'reference_number'] as const);
  const before = issues.length;
  raw.medications = medications.map((item, index) => medication(item, index, issues));
  const parsed = compositeElectronicPrescriptionBody.safeParse(raw);
  if (!parsed.success) {
    // A number already refused as text is not refused again as "required".
    const typed = new Set(issues.slice(before).map((issue) => issue.key));
    const found = zodIssues('electronic_prescription', parsed.error.issues, pathContextOf(draft));
    issues.push(...found.filter((issue) => !typed.has(issue.key)));
  }
  return raw;
}

const builders: Record<Part, (draft: IntakeDraft, issues: Issues) => unknown> = {
  patient: patientPart,
  prescriber: prescriberPart,
  order: orderPart,
  prescription: prescriptionPart,
};

const bodyKeys: Record<Part, keyof CompositeBody> = {
  patient: 'patient',
  prescriber: 'prescriber',
  order: 'order',
  prescription: 'electronic_prescription',
};

/** The body to send, or every issue found; nothing is sent unless the contract's composite schema accepts it. */
export function buildIntake(draft: IntakeDraft): BuiltIntake {
  const chosen = chosenParts(draft);
  if (chosen.length === 0) {
    const message =
      'Choose at least one part to send: a patient, a prescriber, an order or an electronic prescription.';
    return { ok: false, issues: [{ part: null, key: null, message }] };
  }
  const issues: Issues = [];
  const body: Record<string, unknown> = {};
  for (const part of chosen) body[bodyKeys[part]] = builders[part](draft, issues);
  if (issues.length > 0) return { ok: false, issues };
  const parsed = compositeBody.safeParse(body);
  if (!parsed.success) {
    return { ok: false, issues: zodIssues('body', parsed.error.issues, pathContextOf(draft)) };
  }
  return { ok: true, body: body as CompositeBody, forceNew: draft.order.mode === 'new' && draft.order.forceNew };
}
