// The documents' pure parts: which auxiliary warnings a drug's label carries, the print route's address naming a
// document by ids only, each document's paper, and the Code 128 bars drawn as filled rectangles.
import { describe, expect, it } from 'vitest';
import {
  documentQuery,
  drugWithStrength,
  pageSizeOf,
  printRouteFromQuery,
  refillsAfterThisFill,
} from '../../../../contract/documents.ts';
import { labelVocabulary } from '../../../../main/work/print/document-content.ts';
import { code128Bars } from '../../../../renderer/documents/Code128.tsx';
import vocabulary from '../../../../resources/vocabulary/auxiliary-warnings.json' with { type: 'json' };
import * as warningRules from '../../../../rules/documents/warnings.ts';

/** The rules with the vocabulary main reads (main/work/print/document-content.ts). */
const classIdsOf = (drug: string) => warningRules.classIdsOf(drug, labelVocabulary);
const auxiliaryWarnings = (drug: string, controlled: boolean) =>
  warningRules.auxiliaryWarnings(drug, controlled, labelVocabulary);

describe('auxiliary warnings', () => {
  it('come from the drug’s class: an ACE inhibitor warns of dizziness, a statin of grapefruit', () => {
    expect(classIdsOf('Lisinopril 10 mg')).toEqual(['ace-inhibitors', 'ace inhibitor']);
    expect(auxiliaryWarnings('Lisinopril 10 mg', false)).toEqual(vocabulary.classes['ace-inhibitors']);
    expect(auxiliaryWarnings('Atorvastatin 20 mg', false)).toEqual(['Avoid grapefruit and grapefruit juice']);
  });

  it('a controlled substance carries the federal transfer warning last, after its class’s', () => {
    const warnings = auxiliaryWarnings('Oxycodone 5 mg', true);
    expect(warnings.slice(0, -1)).toEqual(vocabulary.classes.opioid);
    expect(warnings.at(-1)).toBe(vocabulary.controlled);
  });

  it('tramadol, an opioid outside codeine’s allergy class, warns of drowsiness and alcohol as every opioid does', () => {
    const warnings = auxiliaryWarnings('Tramadol 50 mg', true);
    expect(warnings).toContain('May cause drowsiness');
    expect(warnings).toContain('Do not drink alcohol');
  });

  it('a drug outside every class carries none (the pharmacist adds them by hand)', () => {
    expect(auxiliaryWarnings('Levothyroxine 50 mcg', false)).toEqual([]);
  });

  it('every class in the vocabulary is one the drug classes know', () => {
    const known = new Set([
      ...labelVocabulary.allergyClasses.map((c) => c.id),
      ...labelVocabulary.therapyClasses.map((c) => c.name.toLowerCase()),
    ]);
    for (const id of Object.keys(vocabulary.classes)) expect(known.has(id), id).toBe(true);
  });
});

describe('the print route’s address', () => {
  it('names a document by ids, its ticket and a reprint’s reason, and reads back the same request', () => {
    const ref = { kind: 'prescription_label', orderId: 'o-1', prescriptionId: 'p-2' } as const;
    expect(documentQuery(ref)).toBe('?document=prescription_label&orderId=o-1&prescriptionId=p-2');
    expect(printRouteFromQuery(documentQuery(ref))).toEqual({ document: ref, ticket: null, reprint: null });
    const reprint = { reason: 'wrong_stock', note: 'now on 4x6' } as const;
    expect(printRouteFromQuery(documentQuery(ref, { ticket: 't-1', reprint }))).toEqual({
      document: ref,
      ticket: 't-1',
      reprint,
    });
    expect(printRouteFromQuery('?document=lot_label&lotId=l-9')?.document).toEqual({ kind: 'lot_label', lotId: 'l-9' });
  });

  it('an address that names no document, or names one badly, is no document', () => {
    expect(printRouteFromQuery('')).toBeNull();
    expect(printRouteFromQuery('?document=prescription_label&orderId=o-1')).toBeNull();
    expect(printRouteFromQuery('?document=invoice&orderId=o-1')).toBeNull();
    expect(printRouteFromQuery('?document=lot_label&lotId=../../etc')).toBeNull();
  });
});

describe('paper', () => {
  it('the label follows the stock; the slip is US letter; the lot label 3 × 2 in; the badge a CR80 card', () => {
    expect(pageSizeOf('prescription_label', '4x2.5')).toEqual({ width: 4, height: 2.5 });
    expect(pageSizeOf('prescription_label', '4x6')).toEqual({ width: 4, height: 6 });
    expect(pageSizeOf('packing_slip', '4x6')).toEqual({ width: 8.5, height: 11 });
    expect(pageSizeOf('lot_label', '4x2.5')).toEqual({ width: 3, height: 2 });
    expect(pageSizeOf('staff_badge', '4x2.5')).toEqual({ width: 2.125, height: 3.375 });
  });
});

describe('Code 128 bars', () => {
  it('are filled rectangles inside the encoder’s box, with its quiet zones', () => {
    const bars = code128Bars('AB12');
    expect(bars?.viewBox).toBe('0 0 198 58');
    const rectangles = bars?.d.match(/M[\d.]+ [\d.]+h[\d.]+v[\d.]+h-[\d.]+Z/g) ?? [];
    // Start, two data characters in set B, the check character, stop: 3 bars each, 4 for the stop… as bwip-js draws.
    expect(rectangles.length).toBeGreaterThan(10);
    const lefts = rectangles.map((r) => Number(/^M([\d.]+)/.exec(r)?.[1]));
    expect(Math.min(...lefts)).toBeGreaterThanOrEqual(20);
    expect(bars?.d).not.toContain('stroke');
  });

  it('a value the encoder refuses draws nothing (the document says so instead)', () => {
    expect(code128Bars('')).toBeNull();
  });
});

describe('what a label says of the drug and its refills', () => {
  it('names the strength once, even when the drug’s name carries it', () => {
    expect(drugWithStrength('Lisinopril', '10 mg')).toBe('Lisinopril 10 mg');
    expect(drugWithStrength('Albuterol HFA 90 mcg/actuation inhaler', '90 mcg/actuation')).toBe(
      'Albuterol HFA 90 mcg/actuation inhaler',
    );
    expect(drugWithStrength('Lisinopril', null)).toBe('Lisinopril');
  });

  it('counts the refills left after this fill (the service’s fills remaining include it)', () => {
    expect(refillsAfterThisFill({ refills: 2, fills_remaining: 3 })).toBe(2);
    expect(refillsAfterThisFill({ refills: 0, fills_remaining: 1 })).toBe(0);
    expect(refillsAfterThisFill({ refills: 5 })).toBe(5);
    expect(refillsAfterThisFill({})).toBeNull();
  });
});
