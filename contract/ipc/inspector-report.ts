// The inspector's report (issue 34): the controlled-substance dispensing log or the daily prescription log of a date
// range, built by main from the pharmacy's record alone, so any two stations answer the same table and CSV. Admins and
// pharmacists whose role the service confirmed; the page says only which log and which days.
import { z } from 'zod';
import { defineChannel } from './channel.ts';

export const inspectorLogs = ['controlled', 'daily'] as const;

export const inspectorReportInput = z
  .strictObject({ log: z.enum(inspectorLogs), from: z.iso.date(), to: z.iso.date() })
  .refine((input) => input.from <= input.to, { path: ['to'], message: 'the range ends on or after its start' })
  .refine((input) => Date.parse(input.to) - Date.parse(input.from) <= 366 * 86_400_000, {
    path: ['to'],
    message: 'a range of at most a year (366 days)',
  });
export type InspectorReportInput = z.input<typeof inspectorReportInput>;

export const inspectorReport = z.strictObject({
  log: z.enum(inspectorLogs),
  title: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** The pharmacy's time zone the days are read in (IANA). */
  timeZone: z.string(),
  /** The table exactly as the CSV holds it: the header, then one row per dispensed line. */
  table: z.array(z.array(z.string())),
  csv: z.string(),
  fileName: z.string(),
  /** The record read: embedded (one station), or shared and reachable, or unreachable since (this station's copy). */
  record: z.strictObject({ state: z.enum(['embedded', 'reachable', 'unreachable']), since: z.string().nullable() }),
});
export type InspectorReport = z.infer<typeof inspectorReport>;

export const inspectorReportChannels = {
  'report:inspector': defineChannel('report:inspector', {
    input: inspectorReportInput,
    output: inspectorReport,
    summary:
      "The inspector's controlled-substance or daily prescription log of a range, from the pharmacy's record, as a table and CSV (admins and pharmacists)",
  }),
};
