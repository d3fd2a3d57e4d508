// A patient's risk factors on the training service over real HTTP: create many or one, list, type filter, deactivate, confirm, roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPatient } from '../support/new-records.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const count = (table: string): number =>
  (h.service.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`) as { n: number }).n;

async function create(body: Record<string, unknown>, as: 'admin' | 'pharmacist' | 'technician' = 'technician') {
  return h.api('POST', '/api/v1/patients', { body, as });
}

describe("a patient's risk factors", () => {
  const riskFactors = (patient: string) => `/api/v1/patients/${encodeURIComponent(patient)}/risk_factors`;

  it('creates several at once, 201, grouped as allergies, conditions and medications, linked to the catalogue', async () => {
    const patient = await create(newPatient({ external_id: 'RF-1' }));
    const res = await h.api('POST', riskFactors('RF-1'), {
      as: 'technician',
      body: [
        { type: 'allergy', name: '  PENICILLIN ' },
        { type: 'allergy', name: 'Cats', confidence: 0.4 },
        { type: 'condition', name: 'hypertension' },
        { type: 'medication', name: 'Warfarin', product_rxcui: '855332' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.allergies).toEqual([
      { id: expect.any(String), name: 'Penicillin', type: 'allergy', matched: true, original_name: 'PENICILLIN' },
      { id: expect.any(String), name: 'Cats', type: 'allergy', matched: false, original_name: 'Cats' },
    ]);
    expect(res.body.conditions).toEqual([
      { id: expect.any(String), name: 'Hypertension', type: 'condition', matched: true, original_name: 'hypertension' },
    ]);
    expect(res.body.medications).toEqual([
      expect.objectContaining({
        name: 'Warfarin',
        patient_id: patient.body.id,
        risk_factor_id: expect.any(String),
        is_active: true,
        matched: true,
        match_source: 'manual',
        medication_detail: expect.objectContaining({ ingredient_rxcui: '11289', product_rxcui: '855332' }),
      }),
    ]);
  });

  it('creates one, and answers the existing match when the patient already has it', async () => {
    const patient = await create(newPatient());
    const one = await h.api('POST', `/api/v1/patients/${patient.body.id}/risk_factor`, {
      as: 'technician',
      body: { type: 'allergy', name: 'Latex', match_source: 'autocomplete' },
    });
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ type: 'allergy', name: 'Latex', matched: true, match_source: 'autocomplete' });
    const again = await h.api('POST', `/api/v1/patients/${patient.body.id}/risk_factor`, {
      body: { type: 'allergy', name: 'latex' },
    });
    expect(again.body.id).toBe(one.body.id);
  });

  it('lists them and filters by type', async () => {
    const patient = await create(newPatient());
    await h.api('POST', riskFactors(patient.body.id), {
      body: [
        { type: 'allergy', name: 'Peanuts' },
        { type: 'condition', name: 'Asthma' },
        { type: 'medication', name: 'Metformin' },
      ],
    });
    const all = await h.api('GET', riskFactors(patient.body.id), { as: 'technician' });
    expect(all.status).toBe(200);
    expect(all.body.map((r: { name: string }) => r.name).sort()).toEqual(['Asthma', 'Metformin', 'Peanuts']);
    const conditions = await h.api('GET', `${riskFactors(patient.body.id)}?type=condition`);
    expect(conditions.body).toEqual([expect.objectContaining({ type: 'condition', name: 'Asthma' })]);
    const wrongType = await h.api('GET', `${riskFactors(patient.body.id)}?type=pet`);
    expect(wrongType.status).toBe(400);
  });

  it('lets a pharmacist deactivate a match (kept, is_active false) and confirm another (matched, manual)', async () => {
    const patient = await create(newPatient());
    const made = await h.api('POST', riskFactors(patient.body.id), {
      body: [
        { type: 'allergy', name: 'Strawberries', matched: false, match_source: 'text' },
        { type: 'allergy', name: 'Kiwi', matched: false, match_source: 'text' },
      ],
    });
    const [first, second] = made.body.allergies;
    const removed = await h.api('DELETE', `${riskFactors(patient.body.id)}/${first.id}`, { as: 'pharmacist' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: first.id, is_active: false, name: 'Strawberries' });
    const confirmed = await h.api('PATCH', `${riskFactors(patient.body.id)}/${second.id}`, { as: 'pharmacist' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: second.id, matched: true, match_source: 'manual', is_active: true });
    const list = await h.api('GET', riskFactors(patient.body.id));
    expect(list.body).toContainEqual(expect.objectContaining({ id: first.id, is_active: false }));
    const confirmRemoved = await h.api('PATCH', `${riskFactors(patient.body.id)}/${first.id}`);
    expect(confirmRemoved.status).toBe(409);
  });

  it('does not let a technician confirm or deactivate a risk factor, and changes nothing', async () => {
    const patient = await create(newPatient());
    const made = await h.api('POST', `/api/v1/patients/${patient.body.id}/risk_factor`, {
      as: 'technician',
      body: { type: 'condition', name: 'Gout', matched: false },
    });
    const path = `${riskFactors(patient.body.id)}/${made.body.id}`;
    expect((await h.api('DELETE', path, { as: 'technician' })).status).toBe(403);
    expect((await h.api('PATCH', path, { as: 'technician' })).status).toBe(403);
    const list = await h.api('GET', riskFactors(patient.body.id));
    expect(list.body).toEqual([made.body]);
  });

  it("answers 404 for another patient's match, an unknown match and an unknown patient", async () => {
    const owner = await create(newPatient());
    const other = await create(newPatient());
    const made = await h.api('POST', `/api/v1/patients/${owner.body.id}/risk_factor`, {
      body: { type: 'allergy', name: 'Iodine' },
    });
    const viaOther = await h.api('DELETE', `${riskFactors(other.body.id)}/${made.body.id}`);
    expect(viaOther.status).toBe(404);
    expect(viaOther.body.message).toMatch(/risk factor/);
    const unknown = await h.api('PATCH', `${riskFactors(owner.body.id)}/00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    const noPatient = await h.api('GET', riskFactors('NO-SUCH-PATIENT'));
    expect(noPatient.status).toBe(404);
    const stillActive = await h.api('GET', riskFactors(owner.body.id));
    expect(stillActive.body[0].is_active).toBe(true);
  });

  it('links a match to freeform text of the same patient, and 404s text of another patient', async () => {
    const patient = await create(newPatient({ risk_factors: { allergies: 'bee stings' } }));
    const other = await create(newPatient({ risk_factors: { allergies: 'wasps' } }));
    const textOf = (id: string) =>
      (h.service.db.get<{ id: string }>('SELECT id FROM risk_factor_texts WHERE patient_id = ?', id) as { id: string })
        .id;
    const linked = await h.api('POST', `/api/v1/patients/${patient.body.id}/risk_factor`, {
      body: {
        type: 'allergy',
        name: 'Bee stings',
        risk_factor_text_id: textOf(patient.body.id),
        text_chunk: 'bee stings',
      },
    });
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ risk_factor_text_id: textOf(patient.body.id), text_chunk: 'bee stings' });
    const foreign = await h.api('POST', `/api/v1/patients/${patient.body.id}/risk_factor`, {
      body: { type: 'allergy', name: 'Wasps', risk_factor_text_id: textOf(other.body.id) },
    });
    expect(foreign.status).toBe(404);
  });

  it('refuses wrong types, another patient_id in the body and an empty list with 400, storing nothing', async () => {
    const patient = await create(newPatient());
    const other = await create(newPatient());
    const before = count('patient_risk_factors');
    for (const body of [
      [
        { type: 'allergy', name: 'Dust' },
        { type: 'pet', name: 'Dog' },
      ],
      [{ type: 'allergy', name: 'Dust', confidence: 'high' }],
      [
        { type: 'allergy', name: 'Dust' },
        { type: 'allergy', name: 'Mold', patient_id: other.body.id },
      ],
      [],
      { type: 'allergy', name: 'Dust' },
    ]) {
      const res = await h.api('POST', riskFactors(patient.body.id), { body });
      expect(res.status).toBe(400);
    }
    expect(count('patient_risk_factors')).toBe(before);
  });
});
