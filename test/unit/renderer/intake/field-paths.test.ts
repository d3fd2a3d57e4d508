// A refusal's path (a zod issue's or the service's `details`) lands on the intake field it is about, or on its part.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyPathOf, patientFormKeys } from '../../../../renderer/records/patient-form.ts';
import { emptyDraft, type ProductKind, parts, productKinds } from '../../../../renderer/screens/intake/draft.ts';
import {
  type IntakeIssue,
  lineIndexOf,
  linePathOf,
  type PathContext,
  placeIssues,
  placeOfPath,
  shownKeys,
  splitPath,
} from '../../../../renderer/screens/intake/field-paths.ts';

const context = (change: Partial<PathContext> = {}): PathContext => ({
  patientMode: 'new',
  prescriberMode: 'new',
  lineKinds: [],
  ...change,
});

const kinds = fc.array(fc.constantFrom(...productKinds), { minLength: 1, maxLength: 12 });
const segment = fc.oneof(
  fc.constantFrom('body', 'patient', 'prescriber', 'order', 'electronic_prescription', 'products', 'medications'),
  fc.constantFrom('medication', 'address', 'shipping', 'id', 'npi', '0', '3', '__proto__', 'constructor', ''),
  fc.string({ maxLength: 8 }),
  fc.nat(20).map(String),
);
const anyContext = fc.record({
  patientMode: fc.constantFrom('none', 'new', 'existing' as const),
  prescriberMode: fc.constantFrom('none', 'new', 'existing' as const),
  lineKinds: fc.array(fc.constantFrom(...productKinds), { maxLength: 6 }),
});

describe('order lines', () => {
  it('a line’s body path (kind, position among its kind) leads back to the line as typed', () => {
    fc.assert(
      fc.property(kinds, fc.nat(), (lineKinds, pick) => {
        const index = pick % lineKinds.length;
        const [kind, position] = linePathOf(lineKinds, index) as [ProductKind, number];
        expect(lineIndexOf(lineKinds, kind, position)).toBe(index);
        const at = context({ lineKinds });
        expect(placeOfPath(['order', 'products', kind, position, 'quantity'], at)).toEqual({
          part: 'order',
          key: `order.lines.${index}.quantity`,
        });
        // The service's own order checks leave out `order.`; the line is found all the same.
        expect(placeOfPath(`body.products.${kind}.${position}`, at)).toEqual({
          part: 'order',
          key: `order.lines.${index}.value`,
        });
      }),
    );
  });

  it('a line the draft does not have is about the order as a whole', () => {
    expect(placeOfPath('order.products.prescription.4.sku', context({ lineKinds: ['prescription'] }))).toEqual({
      part: 'order',
      key: null,
    });
  });
});

describe('any path', () => {
  it('never throws, and names one of the four parts (or none) and a field of that part', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 7 }), anyContext, (path, at) => {
        const place = placeOfPath(path, at);
        expect(place.part === null || parts.includes(place.part)).toBe(true);
        if (place.key !== null) expect(place.key.startsWith(`${place.part}.`)).toBe(true);
        if (place.part === null) expect(place.key).toBeNull();
      }),
    );
  });

  it('reads the same written with dots, with brackets, as a list, or under `body`', () => {
    const word = fc.stringMatching(/^[a-z_]{1,10}$/);
    const piece = fc.oneof(word, fc.nat(9));
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), anyContext, (path, at) => {
        const dotted = path.join('.');
        const bracketed = path
          .map((p, i) => (typeof p === 'number' && i > 0 ? `[${p}]` : `${i > 0 ? '.' : ''}${p}`))
          .join('');
        const expected = placeOfPath(path, at);
        expect(placeOfPath(dotted, at)).toEqual(expected);
        expect(placeOfPath(bracketed, at)).toEqual(expected);
        expect(placeOfPath(['body', ...path], at)).toEqual(expected);
      }),
    );
  });

  it('keeps the part the path starts with', () => {
    const heads = {
      patient: 'patient',
      prescriber: 'prescriber',
      order: 'order',
      electronic_prescription: 'prescription',
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(heads)),
        fc.array(segment, { maxLength: 5 }),
        anyContext,
        (head, rest, at) => {
          expect(placeOfPath([head, ...rest], at).part).toBe(heads[head as keyof typeof heads]);
        },
      ),
    );
  });

  it('splits paths into plain segments without the leading body', () => {
    expect(splitPath('body.electronic_prescription.medications[1].quantity')).toEqual([
      'electronic_prescription',
      'medications',
      '1',
      'quantity',
    ]);
  });
});

describe('patient and prescriber', () => {
  it('every field of a new patient comes back to itself from its body path', () => {
    for (const key of patientFormKeys) {
      const bodyPath = bodyPathOf[key as keyof typeof bodyPathOf] ?? key;
      expect(placeOfPath(`body.patient.${bodyPath}`, context())).toEqual({ part: 'patient', key: `patient.${key}` });
    }
  });

  it('a reference’s key (id, external id, NPI) or the reference as a whole is the reference field', () => {
    const existing = context({ patientMode: 'existing', prescriberMode: 'existing' });
    for (const path of ['patient.id', 'patient.external_id', 'patient']) {
      expect(placeOfPath(path, existing)).toEqual({ part: 'patient', key: 'patient.ref' });
    }
    for (const path of ['prescriber.npi', 'prescriber.id', 'prescriber']) {
      expect(placeOfPath(path, existing)).toEqual({ part: 'prescriber', key: 'prescriber.ref' });
    }
  });

  it('a new prescriber’s practice address and license land on their fields', () => {
    expect(placeOfPath('prescriber.addresses.0.city', context()).key).toBe('prescriber.city');
    expect(placeOfPath('prescriber.qualifications.0.state', context()).key).toBe('prescriber.license_state');
    expect(placeOfPath('prescriber.npi', context()).key).toBe('prescriber.npi');
  });
});

describe('electronic prescription', () => {
  it('maps one medication, a sig and substitution to the fields the form shows', () => {
    expect(placeOfPath('electronic_prescription.medication.drug_name', context()).key).toBe(
      'prescription.medications.0.drug_name',
    );
    expect(placeOfPath('electronic_prescription.medications.2.sig', context()).key).toBe(
      'prescription.medications.2.directions',
    );
    expect(placeOfPath('electronic_prescription.medications.0.substitution_allowed', context()).key).toBe(
      'prescription.medications.0.substitution',
    );
    expect(placeOfPath('electronic_prescription.medications', context())).toEqual({ part: 'prescription', key: null });
  });
});

describe('placing issues', () => {
  const draft = emptyDraft();
  draft.prescriber = { ...draft.prescriber, mode: 'existing', refKey: 'npi', ref: '1234567893' };
  draft.order.mode = 'new';

  it('puts a shown field’s message beside it, another field’s with its part, and the rest on the whole intake', () => {
    const placed = placeIssues(
      [
        { part: 'prescriber', key: 'prescriber.ref', message: 'No prescriber with identifier "1234567893".' },
        { part: 'order', key: 'order.electronic_prescription_ids', message: 'Already linked.' },
        { part: 'order', key: null, message: 'Refused.' },
        { part: null, key: null, message: 'The service is down.' },
      ],
      shownKeys(draft),
    );
    expect(placed.fields).toEqual({ 'prescriber.ref': 'No prescriber with identifier "1234567893".' });
    expect(placed.parts.order).toEqual(['electronic prescription ids: Already linked.', 'Refused.']);
    expect(placed.form).toEqual(['The service is down.']);
  });

  it('drops no message: each issue is shown beside a field, with its part, or on the whole intake', () => {
    const keys = [null, 'prescriber.ref', 'order.city', 'patient.first_name', 'order.lines.0.value', 'order.x'];
    const issue: fc.Arbitrary<IntakeIssue> = fc
      .record({
        key: fc.constantFrom(...keys),
        message: fc.string({ minLength: 1, maxLength: 20 }),
        general: fc.boolean(),
      })
      .map(({ key, message, general }) => {
        const part = key === null ? (general ? null : 'order') : (key.split('.')[0] as IntakeIssue['part']);
        return { part, key, message };
      });
    fc.assert(
      fc.property(fc.array(issue, { maxLength: 10 }), (issues) => {
        const placed = placeIssues(issues, shownKeys(draft));
        const shown = [...Object.values(placed.fields), ...Object.values(placed.parts).flat(), ...placed.form].join(
          '\n',
        );
        for (const i of issues) expect(shown).toContain(i.message);
      }),
    );
  });
});
