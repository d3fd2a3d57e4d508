// Risk factors by type, what still needs a pharmacist, and knowing when parsed text has arrived.
import { describe, expect, it } from 'vitest';
import type { RiskFactorMatch } from '../../../../contract/service/patients.ts';
import {
  arrivedSince,
  countsByType,
  filterMatches,
  needsConfirmation,
  notesOf,
  PARSE_WATCH_READS,
  watchSettled,
} from '../../../../renderer/screens/patients/risk-factors.ts';

const match = (over: Partial<RiskFactorMatch> & { id: string }): RiskFactorMatch => ({
  type: 'allergy',
  name: 'Penicillin',
  is_active: true,
  match_source: 'manual',
  matched: true,
  confidence: 1,
  ...over,
});

const list = [
  match({ id: 'a', name: 'Penicillin' }),
  match({ id: 'b', name: 'Latex', match_source: 'text', risk_factor_text_id: 't1' }),
  match({ id: 'c', type: 'condition', name: 'Hypothyroidism' }),
  match({ id: 'd', type: 'medication', name: 'Lisinopril', is_active: false }),
];

describe('viewing risk factors by type', () => {
  it('counts only active matches, per type and in all', () => {
    expect(countsByType(list)).toEqual({ all: 3, allergy: 2, condition: 1, medication: 0 });
  });

  it('shows a type’s active matches apart from its deactivated ones', () => {
    expect(filterMatches(list, 'allergy').active.map((m) => m.id)).toEqual(['a', 'b']);
    const meds = filterMatches(list, 'medication');
    expect(meds.active).toEqual([]);
    expect(meds.inactive.map((m) => m.id)).toEqual(['d']);
  });
});

describe('confirming', () => {
  it('asks a pharmacist to confirm what was parsed from text, not what a person entered', () => {
    expect(needsConfirmation(list[1] as RiskFactorMatch)).toBe(true);
    expect(needsConfirmation(list[0] as RiskFactorMatch)).toBe(false);
    expect(needsConfirmation(match({ id: 'x', match_source: 'text', is_active: false }))).toBe(false);
  });

  it('notes how sure the parser was, and when it recognised nothing', () => {
    expect(notesOf(match({ id: 'x', match_source: 'text', confidence: 0.66 })).map((n) => n.text)).toEqual([
      'Needs confirming',
      '66% match',
    ]);
    expect(
      notesOf(match({ id: 'y', match_source: 'text', matched: false, confidence: null })).map((n) => n.text),
    ).toEqual(['Not recognised', 'Needs confirming']);
    expect(notesOf(list[0] as RiskFactorMatch).map((n) => n.text)).toEqual(['Confirmed']);
    expect(notesOf(list[3] as RiskFactorMatch).map((n) => n.text)).toEqual(['Deactivated']);
  });
});

describe('waiting for freeform text to be parsed', () => {
  const watch = { before: ['a', 'c', 'd'], textIds: ['t1'], reads: 1 };

  it('sees the rows the text added, and only those', () => {
    expect(arrivedSince(watch, list).map((m) => m.id)).toEqual(['b']);
    expect(arrivedSince({ ...watch, textIds: ['t2'] }, list)).toEqual([]);
  });

  it('is settled once every text the service named has a row', () => {
    expect(watchSettled(watch, list)).toBe(true);
    expect(watchSettled({ ...watch, textIds: ['t1', 't2'] }, list)).toBe(false);
  });

  it('stops waiting after a bounded number of reads, for text that only matched what the patient already had', () => {
    const nothingNew = { before: list.map((m) => m.id), textIds: ['t9'], reads: PARSE_WATCH_READS };
    expect(watchSettled(nothingNew, list)).toBe(true);
    expect(watchSettled({ ...nothingNew, reads: 2 }, list)).toBe(false);
  });

  it('without text ids, is settled by any new row', () => {
    expect(watchSettled({ before: ['a', 'c', 'd'], textIds: null, reads: 0 }, list)).toBe(true);
    expect(watchSettled({ before: list.map((m) => m.id), textIds: null, reads: 0 }, list)).toBe(false);
  });
});
