// The inspector's report as main answers it: the facts read from this station's copy of the pharmacy's record (every
// station's facts, believed for their signatures), built into one log of a range by rules/reports/, in the pharmacy's
// time zone. Only an admin or a pharmacist whose role the service confirmed in this run may have it; the page says
// which log and which days, nothing else.
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { InspectorReport, InspectorReportInput } from '../../../contract/ipc/inspector-report.ts';
import { inspectorCsv, inspectorFileName, inspectorTable, LOG_TITLES } from '../../../rules/reports/inspector-csv.ts';
import { inspectorRows, knownTimeZone } from '../../../rules/reports/inspector-report.ts';
import type { PharmacyRecord } from '../../events/record/record.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { requireCapability } from '../../service/session/capability-gate.ts';
import type { Session } from '../../service/session/index.ts';

export type ReportRecord = Pick<PharmacyRecord, 'factsOf' | 'status'>;

/** The pharmacy's time zone: the station computer's (every station of a pharmacy keeps the pharmacy's local time). */
export function stationTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** One log of a range from the record, in `timeZone`. */
export function inspectorReportOf(
  record: ReportRecord,
  input: InspectorReportInput,
  timeZone: string,
): InspectorReport {
  if (!knownTimeZone(timeZone)) {
    throw new StationError('invalid_input', `The time zone "${timeZone.slice(0, 60)}" is not one this station knows.`);
  }
  const range = { from: input.from, to: input.to, timeZone };
  const facts = {
    verified: record.factsOf('order_verified'),
    reviews: record.factsOf('prescription_reviewed'),
    counts: record.factsOf('controlled_count'),
    labels: record.factsOf('label_printed'),
  };
  const rows = inspectorRows(facts, input.log, range);
  const status = record.status();
  return {
    log: input.log,
    title: LOG_TITLES[input.log],
    from: input.from,
    to: input.to,
    timeZone,
    table: inspectorTable(rows, input.log),
    csv: inspectorCsv(rows, input.log),
    fileName: inspectorFileName(input.log, range),
    record: { state: status.state, since: status.state === 'embedded' ? null : status.since },
  };
}

export interface InspectorReportParts {
  record: ReportRecord;
  session: Pick<Session, 'state'>;
}

export const inspectorReportHandlers: ChannelGroup<'report:inspector', InspectorReportParts> = {
  'report:inspector': (input, parts) => {
    requireCapability(parts.session, 'see_inspector_report', "see the inspector's report");
    return inspectorReportOf(parts.record, input, stationTimeZone());
  },
};
