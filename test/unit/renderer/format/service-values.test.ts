// Dates and durations as people read them.
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatDuration } from '../../../../renderer/format/service-values.ts';
import { personName } from '../../../../rules/words/person-name.ts';

describe('dates and durations for people', () => {
  it('never shows a raw ISO timestamp', () => {
    const shown = formatDateTime('2026-03-02T14:05:00Z');
    expect(shown).not.toBeNull();
    expect(shown).not.toContain('T14');
    expect(shown).toMatch(/2026/);
  });

  it('shows nothing for a missing or unreadable time', () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime('yesterday-ish')).toBeNull();
  });

  it('reads a calendar day as that day, whatever the time zone', () => {
    // parseDay went: the day is read by the rules' words (isoDay), one way for screens and paper.
    expect(formatDay('2008-05-20')).toMatch(/20/);
    expect(formatDay('2008-13-01')).toBeNull();
  });

  it('writes durations in at most two units', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(12 * 60)).toBe('12 min');
    expect(formatDuration(3 * 3600)).toBe('3 h');
    expect(formatDuration(2 * 86400 + 4 * 3600 + 59)).toBe('2 d 4 h');
    expect(formatDuration('7200')).toBe('2 h');
    expect(formatDuration('2 days')).toBe('2 days');
    expect(formatDuration(null)).toBeNull();
  });

  it('joins the parts of a name it has', () => {
    expect(personName('Ana', null, ' Ruiz ')).toBe('Ana Ruiz');
    expect(personName(null, '')).toBeNull();
  });
});
