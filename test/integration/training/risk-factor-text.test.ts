// Freeform risk factor text on the training service: 201 at once, parsed in the background against the shipped vocabulary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseRiskFactorName } from '../../../training/domains/patients/catalogue.ts';
import { editDistance, matchChunk, splitRiskFactorText } from '../../../training/domains/patients/text-parser.ts';
import { vocabulary } from '../../../training/domains/patients/vocabulary.ts';
import { newPatient } from '../support/new-records.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function createPatient(extra: Record<string, unknown> = {}, on: Harness = h): Promise<string> {
  const res = await on.api('POST', '/api/v1/patients', {
    as: 'technician',
    body: newPatient({ last_name: 'Sample', date_of_birth: '1975-06-30', ...extra }, 'Rowan'),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const rawText = (patientId: string, body: unknown, on: Harness = h) =>
  on.api('POST', `/api/v1/patients/${patientId}/risk_factors/raw_text`, { as: 'technician', body });

/** Polls the patient's risk factors until `count` of them came from text (at most 5 s): parsing is asynchronous. */
/** A risk factor as the list answers it, with where it came from and, from text, the words it was read from. */
type ListedMatch = Record<string, unknown> & {
  match_source: string;
  text_chunk?: string | null;
  risk_factor_id: string | null;
};

async function parsedMatches(patientId: string, count: number, on: Harness = h): Promise<ListedMatch[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const res = await on.api<ListedMatch[]>('GET', `/api/v1/patients/${patientId}/risk_factors`, { as: 'technician' });
    expect(res.status).toBe(200);
    const fromText = res.body.filter((m) => m.match_source === 'text');
    if (fromText.length >= count) return fromText;
    if (Date.now() > deadline) throw new Error(`only ${fromText.length} of ${count} text matches after 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const byChunk = (matches: ListedMatch[], chunk: string) => matches.find((m) => m.text_chunk === chunk);

describe('submitting freeform risk factor text', () => {
  it('turns "peniccillin, type 2 diabetes, lisinopril 10mg" into an allergy, a condition and a medication', async () => {
    const patient = await createPatient();
    const res = await rawText(patient, { allergies: 'peniccillin, type 2 diabetes, lisinopril 10mg' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ risk_factor_text_ids: [expect.any(String)], status: 'processing' });
    const textId = res.body.risk_factor_text_ids[0];

    const matches = await parsedMatches(patient, 3);
    expect(matches).toHaveLength(3);
    for (const m of matches) {
      expect(m).toMatchObject({ match_source: 'text', matched: true, risk_factor_text_id: textId, is_active: true });
      expect(m.risk_factor_id).toEqual(expect.any(String));
    }
    const allergy = byChunk(matches, 'peniccillin')!;
    expect(allergy).toMatchObject({ type: 'allergy', name: 'Penicillin', matched_via_synonym: false });
    // A misspelling matches, with less confidence than an exact name.
    expect(allergy.confidence).toBeGreaterThan(0.65);
    expect(allergy.confidence).toBeLessThan(0.9);
    expect(byChunk(matches, 'type 2 diabetes')).toMatchObject({
      type: 'condition',
      name: 'Type 2 diabetes',
      confidence: 1,
    });
    const medication = byChunk(matches, 'lisinopril 10mg')!;
    expect(medication).toMatchObject({ type: 'medication', name: 'Lisinopril', confidence: 1, match_type: 'product' });
    expect(medication.medication_detail).toMatchObject({
      name: 'lisinopril',
      ingredient_name: 'lisinopril',
      ingredient_rxcui: '29046',
      scdf_name: 'lisinopril Oral Tablet',
      clinical_product_rxcui: expect.stringMatching(/^\d+$/),
    });
    const stored = h.service.db.get<{ status: string }>('SELECT status FROM risk_factor_texts WHERE id = ?', textId);
    expect(stored?.status).toBe('parsed');
  });

  it('matches synonyms and brand names with matched_via_synonym and a confidence of 0.9', async () => {
    const patient = await createPatient();
    const res = await rawText(patient, {
      allergies: 'PCN',
      conditions: 'high blood pressure',
      medications: 'Zestril 20 mg daily',
    });
    expect(res.body.risk_factor_text_ids).toHaveLength(3);
    const matches = await parsedMatches(patient, 3);
    expect(byChunk(matches, 'PCN')).toMatchObject({ name: 'Penicillin', matched_via_synonym: true, confidence: 0.9 });
    expect(byChunk(matches, 'high blood pressure')).toMatchObject({
      type: 'condition',
      name: 'Hypertension',
      matched_via_synonym: true,
      confidence: 0.9,
    });
    const zestril = byChunk(matches, 'Zestril 20 mg daily')!;
    expect(zestril).toMatchObject({ name: 'Lisinopril', matched_via_synonym: true, match_type: 'product' });
    expect(zestril.medication_detail).toMatchObject({ brand_name: 'Zestril', ingredient_name: 'lisinopril' });
  });

  it('keeps a chunk it cannot match visible, unmatched, as the type it was submitted as', async () => {
    const patient = await createPatient();
    await rawText(patient, { allergies: 'latex; unicorn dust' });
    const matches = await parsedMatches(patient, 2);
    expect(byChunk(matches, 'latex')).toMatchObject({ name: 'Latex', matched: true, confidence: 1 });
    expect(byChunk(matches, 'unicorn dust')).toMatchObject({
      type: 'allergy',
      name: 'unicorn dust',
      matched: false,
      confidence: null,
      risk_factor_id: null,
      match_source: 'text',
    });
  });

  it('parses the risk_factors text given when the patient was created, with the same worker', async () => {
    const patient = await createPatient({
      risk_factors: {
        allergies: 'sulfa and bee stings',
        conditions: 'asthma\nhypothyroidism',
        medications: 'metformin',
      },
    });
    const matches = await parsedMatches(patient, 5);
    expect(matches.map((m) => m.name).sort()).toEqual([
      'Asthma',
      'Bee stings',
      'Hypothyroidism',
      'Metformin',
      'Sulfa drugs',
    ]);
  });

  it('feeds the vocabulary into the risk factor catalogue, so matches link to catalogue entries', async () => {
    const patient = await createPatient();
    await rawText(patient, { conditions: 'atrial fibrillation' });
    const match = (await parsedMatches(patient, 1))[0]!;
    const entry = h.service.db.get<{ name: string; type: string }>(
      'SELECT name, type FROM risk_factor_catalog WHERE id = ?',
      match.risk_factor_id,
    );
    expect(entry).toEqual({ name: 'Atrial fibrillation', type: 'condition' });
    const catalogue = h.service.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM risk_factor_catalog') as { n: number };
    expect(catalogue.n).toBeGreaterThanOrEqual(vocabulary.length);
  });

  it('answers 404 for an unknown patient and 400 for an empty or unknown field, storing nothing', async () => {
    const before = h.service.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM risk_factor_texts') as { n: number };
    expect((await rawText('00000000-0000-4000-8000-000000000000', { allergies: 'latex' })).status).toBe(404);
    const patient = await createPatient();
    expect((await rawText(patient, {})).status).toBe(400);
    expect((await rawText(patient, { allergies: '   ' })).status).toBe(400);
    expect((await rawText(patient, { notes: 'latex' })).status).toBe(400);
    const after = h.service.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM risk_factor_texts') as { n: number };
    expect(after.n).toBe(before.n);
  });
});

describe('parsing that survives a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'training-text-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('parses a text left unparsed when the service stopped, once it starts again', async () => {
    const file = join(dir, 'training.db');
    const first = await startHarness({ db: file });
    const patient = await createPatient({}, first);
    // Stop the background work, as a crash right after the answer would.
    for (const worker of first.service.workers) await worker.stop();
    const res = await rawText(patient, { medications: 'warfarin 5mg' }, first);
    expect(res.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pending = first.service.db.get<{ status: string }>('SELECT status FROM risk_factor_texts');
    expect(pending?.status).toBe('processing');
    await first.close();

    const second = await startHarness({ db: file });
    try {
      const [match] = await parsedMatches(patient, 1, second);
      expect(match).toMatchObject({ name: 'Warfarin', type: 'medication', text_chunk: 'warfarin 5mg' });
    } finally {
      await second.close();
    }
  });
});

describe('the risk factor text parser', () => {
  it('splits on commas, semicolons, new lines, bullets and "and", dropping "none" statements', () => {
    expect(splitRiskFactorText('penicillin, latex; eggs\n- peanuts and shellfish\r\nNKDA')).toEqual([
      'penicillin',
      'latex',
      'eggs',
      'peanuts',
      'shellfish',
    ]);
  });

  it('keeps more than a hundred chunks as one last chunk rather than a hundred rows', () => {
    const chunks = splitRiskFactorText(Array.from({ length: 150 }, (_, i) => `thing${i}`).join(','));
    expect(chunks).toHaveLength(100);
    expect(chunks.at(-1)).toMatch(/^thing99, thing100, .*thing149$/);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('asthma', 'astmha', 2)).toBe(1);
    expect(editDistance('penicillin', 'peniccillin', 2)).toBe(1);
    expect(editDistance('latex', 'lasix', 1)).toBe(Number.POSITIVE_INFINITY);
  });

  it('tolerates typos in long names but wants short names (PCN, CKD) spelled exactly', () => {
    expect(matchChunk('hypertenion', 'condition')?.entry.name).toBe('Hypertension');
    expect(matchChunk('CKD', 'condition')?.entry.name).toBe('Chronic kidney disease');
    expect(matchChunk('CKF', 'condition')).toBeNull();
  });

  it('prefers the type the text was submitted as when a name is both (aspirin)', () => {
    expect(matchChunk('aspirin', 'allergy')?.entry.type).toBe('allergy');
    expect(matchChunk('aspirin 81 mg', 'medication')).toMatchObject({
      entry: { type: 'medication', name: 'Aspirin' },
      product: { strength: '81 MG' },
    });
  });

  it('ships a vocabulary with no name twice within a type and codes on every medication', () => {
    for (const type of ['allergy', 'condition', 'medication'] as const) {
      const keys = vocabulary.filter((e) => e.type === type).map((e) => normaliseRiskFactorName(e.name));
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.length).toBeGreaterThan(30);
    }
    for (const entry of vocabulary.filter((e) => e.type === 'medication')) {
      expect(entry.medication?.ingredient_rxcui).toMatch(/^\d+$/);
      expect(entry.medication?.strengths.length).toBeGreaterThan(0);
    }
  });
});
