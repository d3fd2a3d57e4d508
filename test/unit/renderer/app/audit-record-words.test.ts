// What every screen says about a station's audit record that is not keyed: a warning until an admin acknowledged it,
// then the same words, quieter, naming who acknowledged it and on which day. Nothing when keyed.
import { describe, expect, it } from 'vitest';
import type { AuditRecordView } from '../../../../contract/ipc/audit-shapes.ts';
import { unkeyedRecordWords } from '../../../../renderer/app/audit-record-words.ts';

const record = (overrides: Partial<AuditRecordView> = {}): AuditRecordView => ({
  keyed: false,
  brokenChainKept: null,
  acknowledged: null,
  ...overrides,
});

describe('unkeyedRecordWords', () => {
  it('warns that the record is not keyed and could be rewritten, until an admin acknowledges it', () => {
    expect(unkeyedRecordWords(record())).toEqual({
      tone: 'warn',
      text: "This station's audit record is not keyed (no OS keychain): anyone who can reach its data folder could rewrite it unnoticed.",
    });
  });

  it('still says it once acknowledged, quieter, with who acknowledged it and on which day', () => {
    const words = unkeyedRecordWords(record({ acknowledged: { by: 'Ada Admin', at: '2026-11-27T09:30:00.000Z' } }));
    expect(words?.tone).toBe('quiet');
    expect(words?.text).toContain("This station's audit record is not keyed");
    expect(words?.text).toMatch(/Acknowledged by Ada Admin on 2026-11-27\.$/);
  });

  it('says nothing about keying when the record is keyed', () => {
    expect(unkeyedRecordWords(record({ keyed: true }))).toBeNull();
  });
});
