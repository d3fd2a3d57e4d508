// One clock on the report screen: its "now" is the service's (the training clock while the simulation runs ahead, the
// wall clock on the real service), and the inspector's report and the audit export start from that now as the presets do.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serviceNowOf } from '../../../../renderer/queries/report.ts';
import { auditFirstRange, inspectorFirstRange, presetRange } from '../../../../renderer/screens/report/report-range.ts';
import { localDay } from '../../../../rules/days.ts';

const DAY = 86_400_000;
const wall = new Date(2026, 11, 2, 9, 30).getTime();

describe("the report screen's now", () => {
  it('is the training clock, kept at the wall clock’s pace, while the training simulation runs ahead', () => {
    // Read an hour ago: the simulation was 30 days ahead then, so it is 30 days ahead of the wall clock now.
    const read = { simulatedNow: wall - 3_600_000 + 30 * DAY, readAt: wall - 3_600_000 };
    const now = serviceNowOf(true, read, wall);
    expect(now).toEqual({ now: new Date(wall + 30 * DAY), simulated: true });
    expect(localDay(now.now)).toBe('2027-01-01');
  });

  it('is the wall clock on the real service, whatever a training clock read earlier said', () => {
    const read = { simulatedNow: wall + 30 * DAY, readAt: wall };
    expect(serviceNowOf(false, read, wall)).toEqual({ now: new Date(wall), simulated: false });
  });

  it('is the wall clock while the training clock is not read yet, or reads no time', () => {
    expect(serviceNowOf(true, undefined, wall)).toEqual({ now: new Date(wall), simulated: false });
    expect(serviceNowOf(true, { simulatedNow: Number.NaN, readAt: wall }, wall)).toEqual({
      now: new Date(wall),
      simulated: false,
    });
  });

  it('keeps the lead it read, behind or ahead, for any wall clock', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -400 * DAY, max: 400 * DAY }),
        fc.integer({ min: 0, max: 10 * DAY }),
        (lead, since) => {
          const read = { simulatedNow: wall + lead, readAt: wall };
          expect(serviceNowOf(true, read, wall + since).now.getTime()).toBe(wall + since + lead);
        },
      ),
    );
  });
});

describe("the inspector's report and the audit export start from the screen's today", () => {
  it('the inspector’s report starts on last month of the training clock’s day, as the Last month preset does', () => {
    expect(inspectorFirstRange('2027-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(inspectorFirstRange('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    const lastMonth = presetRange('lastMonth', '2028-03-15');
    expect(inspectorFirstRange('2028-03-15')).toEqual({ from: lastMonth.start, to: lastMonth.end });
  });

  it('the audit export starts on the 30 days to the screen’s now, in main’s UTC days of the audit log', () => {
    expect(auditFirstRange(new Date('2027-01-01T12:00:00Z'))).toEqual({ from: '2026-12-02', to: '2027-01-01' });
    // 23:30 in New York on 31 December is already 1 January in main's UTC days: the newest records are in the range.
    expect(auditFirstRange(new Date('2027-01-01T04:30:00Z'))).toEqual({ from: '2026-12-02', to: '2027-01-01' });
    expect(auditFirstRange(new Date('2028-03-01T00:00:00Z'))).toEqual({ from: '2028-01-31', to: '2028-03-01' });
  });
});
