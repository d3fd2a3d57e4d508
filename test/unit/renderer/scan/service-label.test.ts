// The one service-label resolver: what barcodes.verify answers becomes one outcome (labels, unknown, expired, failed),
// and every screen words it from the same table (scan-words.ts), adding only its own next step.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { anEntity, labelWords } from '../../../../renderer/scan/scan-words.ts';
import { labelProblem, lookUpLabel } from '../../../../renderer/scan/service-label.ts';

const LOT = '0b6f1c2e-4d5a-4b7c-9e8f-1a2b3c4d5e6f';
const label = `INVENTORY-${LOT}-a1b2c3d4`;

let answer: unknown;
beforeEach(() => {
  const station = { barcodes: { verify: async () => answer } };
  (globalThis as { window?: unknown }).window = { station };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const refused = (code: string, message: string) => ({ ok: false, error: { code, message } });

describe('looking up a service label', () => {
  it('answers what the label names', async () => {
    answer = { ok: true, value: { entity_type: 'inventory', entity_id: LOT } };
    expect(await lookUpLabel(label)).toEqual({ kind: 'labels', entityType: 'inventory', entityId: LOT });
  });

  it('tells an unknown label from a replaced one and from a service that could not be asked', async () => {
    answer = refused('not_found', 'No such barcode.');
    const unknown = await lookUpLabel(label);
    expect(unknown).toEqual({ kind: 'unknown' });
    answer = refused('expired', 'A newer label replaced it.');
    const expired = await lookUpLabel(label);
    expect(expired).toEqual({ kind: 'expired', reason: 'A newer label replaced it.' });
    answer = refused('offline', 'The service is not answering.');
    const offline = await lookUpLabel(label);
    expect(offline).toEqual({ kind: 'failed', reason: 'The service is not answering.' });

    if (unknown.kind === 'labels' || expired.kind === 'labels' || offline.kind === 'labels') throw new Error('labels');
    expect(labelProblem(label, unknown)).toBe(`The service does not know the label ${label}.`);
    expect(labelProblem(label, expired)).toBe(`${label} no longer scans: A newer label replaced it.`);
    expect(labelProblem(label, offline)).toBe(`Could not look up ${label}: The service is not answering.`);
  });

  it('names what a label is of when a screen wanted something else', () => {
    expect(labelWords.labelsOther(label, 'patient', 'a lot')).toBe(`${label} labels a patient, not a lot.`);
    expect(anEntity('order_material')).toBe('an order material');
    expect(labelWords.lotOfNoProduct(label)).toBe(`${label} labels a lot that no product draws on.`);
  });
});
