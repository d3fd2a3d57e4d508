// The orders report (issue 7): a range with presets, the parts to include, charts with tables of their numbers, CSV.
import { useEffect, useMemo, useState } from 'react';
import { localDay } from '../../../rules/days.ts';
import { useCommands } from '../../commands/command-store.ts';
import { downloadText } from '../../documents/download.ts';
import { useOrdersReport, useServiceNow } from '../../queries/report.ts';
import { useMay } from '../../queries/session.ts';
import { messageOf } from '../../queries/station.ts';
import { focusScanField } from '../../scan/focus.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { AuditExport } from './AuditExport.tsx';
import { InspectorReport } from './InspectorReport.tsx';
import { RangeForm } from './RangeForm.tsx';
import { ReportResults } from './ReportResults.tsx';
import { csvFileName, reportCsvRows, toCsv } from './report-csv.ts';
import { reportView } from './report-model.ts';
import { describeRange, type PresetId, reportPresets } from './report-range.ts';
import { EXPORT_SHORTCUT, RUN_SHORTCUT, TABLES_SHORTCUT } from './report-shortcuts.ts';
import { useReportStore } from './report-store.ts';
import './report.css';
import { reportWords } from './wording.ts';

export function ReportScreen() {
  const mayExport = useMay('export_audit');
  const mayInspect = useMay('see_inspector_report');
  const request = useReportStore((s) => s.request);
  const runs = useReportStore((s) => s.runs);
  const showTables = useReportStore((s) => s.showTables);
  // One clock on the screen: the presets, the inspector's report and the audit export all count from the service's now.
  const service = useServiceNow();
  const today = localDay(service.now);
  const simulatedToday = service.simulated && today !== localDay(new Date());
  const report = useOrdersReport(request, runs);
  const lastAnswer = useReportStore((s) => s.lastAnswer);
  useEffect(() => {
    if (report.data && !report.isPlaceholderData) useReportStore.getState().keepAnswer(report.data);
  }, [report.data, report.isPlaceholderData]);
  // A failed run has no data of its own: the last answer stays on screen, named by its range.
  const answer = report.data ?? lastAnswer ?? undefined;
  const view = useMemo(() => (answer ? reportView(answer.report) : null), [answer]);
  const [exported, setExported] = useState<string | null>(null);

  const run = () => {
    if (useReportStore.getState().run()) setExported(null);
  };
  const runPreset = (id: PresetId) => {
    if (useReportStore.getState().runPreset(id, today)) setExported(null);
  };
  const exportCsv = () => {
    if (!answer || !view) return;
    const name = csvFileName(answer.request);
    downloadText(name, toCsv(reportCsvRows(view, answer.request)));
    setExported(name);
  };
  const afterClick = (action: () => void) => () => {
    action();
    focusScanField();
  };

  useCommands([
    { id: 'report.run', title: reportWords.run, group: reportWords.group, shortcut: RUN_SHORTCUT, run },
    {
      id: 'report.export',
      title: reportWords.exportCsv,
      group: reportWords.group,
      shortcut: EXPORT_SHORTCUT,
      keywords: 'download spreadsheet csv save',
      enabled: view !== null,
      run: exportCsv,
    },
    {
      id: 'report.tables',
      title: showTables ? reportWords.hideTables : reportWords.showTables,
      group: reportWords.group,
      shortcut: TABLES_SHORTCUT,
      run: () => useReportStore.getState().toggleTables(),
    },
    ...reportPresets.map((preset) => ({
      id: `report.preset.${preset.id}`,
      title: reportWords.presetCommand(preset.label),
      group: reportWords.group,
      shortcut: preset.shortcut,
      keywords: 'range dates preset',
      run: () => runPreset(preset.id),
    })),
  ]);

  const shownFor = answer ? describeRange(answer.request.start_date, answer.request.end_date) : null;
  return (
    <main className="screen report" aria-label={reportWords.title}>
      <header className="report-head">
        <h1>{reportWords.title}</h1>
        <p className="muted">{reportWords.intro}</p>
      </header>
      <RangeForm
        today={today}
        simulatedToday={simulatedToday}
        canExport={view !== null}
        onRun={afterClick(run)}
        onPreset={(id) => afterClick(() => runPreset(id))()}
        onExport={afterClick(exportCsv)}
      />
      <p className="sr-only" role="status">
        {report.isFetching ? reportWords.running : ''}
        {exported ? reportWords.saved(exported) : ''}
      </p>
      {report.isFetching ? <p className="muted report-running">{reportWords.running}</p> : null}
      {exported ? (
        <p className="notice report-saved">
          {reportWords.savedFile.before}
          <code>{exported}</code>
          {reportWords.savedFile.after}
        </p>
      ) : null}
      {report.isError ? (
        <div className="notice notice-bad report-error" role="alert">
          <p>{reportWords.notRun(messageOf(report.error))}</p>
          {shownFor ? <p>{reportWords.stillShowing(shownFor)}</p> : null}
        </div>
      ) : null}
      {answer ? <StaleNote updatedAt={answer.receivedAt} refreshFailed={report.isError} /> : null}
      {answer && view ? <ReportResults answer={answer} view={view} showTables={showTables} /> : null}
      {mayInspect ? <InspectorReport today={today} /> : null}
      {mayExport ? <AuditExport now={service.now} /> : null}
      {!request ? (
        <p className="card report-empty">
          {reportWords.choose}
          <kbd className="report-key">{RUN_SHORTCUT}</kbd>.
        </p>
      ) : null}
    </main>
  );
}
