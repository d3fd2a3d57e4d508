// The inspector's report read through the station: main builds it from the pharmacy's record (report:inspector) and
// refuses anyone but an admin or a pharmacist whose role the service confirmed.
import type { StationApi } from '../../contract/ipc.ts';
import { station, unwrap } from './station.ts';

export type InspectorReportInput = Parameters<StationApi['report']['inspector']>[0];

/** The log of a range as main answers it: its title, the table as the CSV holds it, the CSV and its file name. */
export function fetchInspectorReport(input: InspectorReportInput) {
  return unwrap(station().report.inspector(input));
}
