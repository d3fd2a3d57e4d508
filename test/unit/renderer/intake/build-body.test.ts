// The intake as typed becomes the composite body the contract accepts, or issues placed on the fields to fix.
import { describe, expect, it } from 'vitest';
import { compositeBody } from '../../../../contract/service/prescriptions.ts';
import { buildIntake, npiDigits } from '../../../../renderer/screens/intake/build-body.ts';
import { emptyDraft, emptyOrderLine, type IntakeDraft } from '../../../../renderer/screens/intake/draft.ts';

const PATIENT_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';

function draftWith(change: (draft: IntakeDraft) => void): IntakeDraft {
  const draft = emptyDraft();
  change(draft);
  return draft;
}

function newPatient(draft: IntakeDraft) {
  draft.patient.mode = 'new';
  Object.assign(draft.patient.fields, { first_name: ' Ada ', last_name: 'Quill', date_of_birth: '1980-05-17' });
}

function prescriberByNpi(draft: IntakeDraft, npi: string) {
  draft.prescriber = { ...draft.prescriber, mode: 'existing', refKey: 'npi', ref: npi };
}

function oneMedication(draft: IntakeDraft) {
  draft.prescription.mode = 'new';
  Object.assign(draft.prescription.medications[0] ?? {}, {
    drug_name: 'Amoxicillin',
    strength: '500 mg',
    quantity: '30',
    directions: 'One capsule three times a day',
    refills: '2',
    substitution: 'not_allowed',
  });
}

function issuesOf(draft: IntakeDraft) {
  const built = buildIntake(draft);
  if (built.ok) throw new Error('expected the intake to be refused before sending');
  return built.issues;
}

describe('what is sent', () => {
  it('refuses an intake with no part chosen, as a message about the whole intake', () => {
    expect(issuesOf(emptyDraft())).toEqual([
      { part: null, key: null, message: expect.stringContaining('Choose at least one part') },
    ]);
  });

  it('sends a new patient, a prescriber by NPI and a prescription, and the contract accepts the body', () => {
    const built = buildIntake(
      draftWith((draft) => {
        newPatient(draft);
        prescriberByNpi(draft, '1234 567-893');
        oneMedication(draft);
      }),
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.body.patient).toMatchObject({ first_name: 'Ada', last_name: 'Quill', date_of_birth: '1980-05-17' });
    expect(built.body.prescriber).toEqual({ npi: '1234567893' });
    expect(built.body.electronic_prescription?.medications?.[0]).toEqual({
      drug_name: 'Amoxicillin',
      strength: '500 mg',
      quantity: 30,
      directions: 'One capsule three times a day',
      refills: 2,
      substitution_allowed: false,
    });
    expect(built.body.order).toBeUndefined();
    expect(built.forceNew).toBe(false);
    expect(compositeBody.safeParse(built.body).success).toBe(true);
  });

  it('references a patient by id (in lower case) or by external id', () => {
    const byId = buildIntake(
      draftWith((draft) => {
        draft.patient = { ...draft.patient, mode: 'existing', refKey: 'id', ref: PATIENT_ID.toUpperCase() };
      }),
    );
    expect(byId.ok && byId.body.patient).toEqual({ id: PATIENT_ID });
    const byExternal = buildIntake(
      draftWith((draft) => {
        draft.patient = { ...draft.patient, mode: 'existing', refKey: 'external_id', ref: ' CLINIC-77 ' };
      }),
    );
    expect(byExternal.ok && byExternal.body.patient).toEqual({ external_id: 'CLINIC-77' });
  });

  it('asks for force_new only when a new order is sent with the box ticked', () => {
    const ticked = (withOrder: boolean) =>
      buildIntake(
        draftWith((draft) => {
          newPatient(draft);
          draft.order.forceNew = true;
          if (withOrder) draft.order.mode = 'new';
        }),
      );
    expect(ticked(true)).toMatchObject({ ok: true, forceNew: true });
    expect(ticked(false)).toMatchObject({ ok: true, forceNew: false });
  });

  it('lists order lines by kind, in the order they were typed, named by the chosen key', () => {
    const built = buildIntake(
      draftWith((draft) => {
        draft.order.mode = 'new';
        draft.order.lines = [
          { kind: 'prescription', by: 'sku', value: 'RX-1', quantity: '2' },
          { kind: 'order_material', by: 'product_code', value: 'BOX', quantity: '1' },
          { kind: 'prescription', by: 'id', value: PATIENT_ID.toUpperCase(), quantity: '3' },
        ];
      }),
    );
    expect(built.ok && built.body.order?.products).toEqual({
      prescription: [
        { sku: 'RX-1', quantity: 2 },
        { id: PATIENT_ID, quantity: 3 },
      ],
      order_material: [{ product_code: 'BOX', quantity: 1 }],
    });
  });
});

describe('what is refused before sending, and where it shows', () => {
  it('puts a malformed NPI beside the NPI field of the prescriber reference', () => {
    const issues = issuesOf(draftWith((draft) => prescriberByNpi(draft, '12345')));
    expect(issues).toEqual([{ part: 'prescriber', key: 'prescriber.ref', message: 'An NPI is 10 digits.' }]);
  });

  it('says what a patient id looks like when the typed one is not one', () => {
    const issues = issuesOf(
      draftWith((draft) => {
        draft.patient = { ...draft.patient, mode: 'existing', refKey: 'id', ref: 'Ada Quill' };
      }),
    );
    expect(issues[0]).toMatchObject({ part: 'patient', key: 'patient.ref' });
    expect(issues[0]?.message).toMatch(/ids look like/);
  });

  it('names every missing field of a new patient, and every part that has a problem', () => {
    const issues = issuesOf(
      draftWith((draft) => {
        draft.patient.mode = 'new';
        draft.patient.fields.first_name = 'Ada';
        prescriberByNpi(draft, '');
      }),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { part: 'patient', key: 'patient.last_name', message: 'Required.' },
        { part: 'patient', key: 'patient.date_of_birth', message: expect.any(String) },
        { part: 'prescriber', key: 'prescriber.ref', message: 'Required.' },
      ]),
    );
  });

  it('refuses a new prescriber whose NPI fails its check digit', () => {
    const issues = issuesOf(
      draftWith((draft) => {
        draft.prescriber.mode = 'new';
        Object.assign(draft.prescriber.fields, { first_name: 'Lee', last_name: 'Park', npi: '1234567890' });
      }),
    );
    expect(issues).toEqual([
      { part: 'prescriber', key: 'prescriber.npi', message: expect.stringMatching(/check digit/) },
    ]);
  });

  it('places order line problems on the line as typed, whatever its kind', () => {
    const issues = issuesOf(
      draftWith((draft) => {
        draft.order.mode = 'new';
        draft.order.lines = [
          { kind: 'non_prescription', by: 'sku', value: 'OTC-1', quantity: '1' },
          { ...emptyOrderLine(), kind: 'prescription', value: '' },
          { kind: 'non_prescription', by: 'sku', value: 'OTC-2', quantity: 'two' },
        ];
      }),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        { part: 'order', key: 'order.lines.2.quantity', message: 'A whole number.' },
        { part: 'order', key: 'order.lines.1.value', message: 'Required.' },
      ]),
    );
  });

  it('names the missing parts of a half-typed shipping address and a service level of another carrier', () => {
    const issues = issuesOf(
      draftWith((draft) => {
        draft.order.mode = 'new';
        Object.assign(draft.order.fields, { city: 'Riverton', carrier: 'ups', service_level: 'usps_ground_advantage' });
      }),
    );
    const keys = issues.map((issue) => issue.key);
    expect(keys).toEqual(
      expect.arrayContaining(['order.address_1', 'order.state', 'order.zip_code', 'order.service_level']),
    );
  });

  it('asks for directions, and refuses a quantity that is not a number once, not twice', () => {
    const issues = issuesOf(
      draftWith((draft) => {
        draft.prescription.mode = 'new';
        Object.assign(draft.prescription.medications[0] ?? {}, { drug_name: 'Ibuprofen', quantity: 'lots' });
      }),
    );
    expect(issues.filter((issue) => issue.key === 'prescription.medications.0.quantity')).toEqual([
      { part: 'prescription', key: 'prescription.medications.0.quantity', message: 'A number.' },
    ]);
    expect(issues).toContainEqual({
      part: 'prescription',
      key: 'prescription.medications.0.directions',
      message: 'A medication needs directions or a sig.',
    });
  });
});

describe('npiDigits', () => {
  it('drops the spaces and dashes people type in an NPI', () => {
    expect(npiDigits(' 1234-567 893 ')).toBe('1234567893');
  });
});
