// The report's question: a date range (typed, or a preset), which parts to include, and the run and export buttons.
import type { ChangeEvent } from 'react';
import type { ReportIncludeField } from '../../../contract/service/reports.ts';
import { reportIncludeField } from '../../../contract/service/reports.ts';
import { type Day, formatDay, presetOf, reportPresets } from './report-range.ts';
import { EXPORT_SHORTCUT, RUN_SHORTCUT, TABLES_SHORTCUT } from './report-shortcuts.ts';
import { useReportStore } from './report-store.ts';
import { reportWords } from './wording.ts';

const includeLabels: Record<ReportIncludeField, string> = reportWords.includeLabels;

const ariaKeys = (shortcut: string) => shortcut.replace('Ctrl+', 'Control+');

function DateField(props: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string, incomplete: boolean) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="field report-date">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="date"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : 'report-dates-hint'}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          props.onChange(event.target.value, event.target.validity.badInput)
        }
      />
      {props.error ? (
        <span id={errorId} className="field-error" role="alert">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

export function RangeForm(props: {
  today: Day;
  simulatedToday: boolean;
  canExport: boolean;
  onRun: () => void;
  onPreset: (id: (typeof reportPresets)[number]['id']) => void;
  onExport: () => void;
}) {
  const form = useReportStore();
  const chosen = presetOf(form.start, form.end, props.today, form.pressed);
  return (
    <form
      className="card report-form"
      aria-label={reportWords.form}
      onSubmit={(event) => {
        event.preventDefault();
        props.onRun();
      }}
    >
      <fieldset className="report-presets">
        <legend className="sr-only">{reportWords.presets}</legend>
        {reportPresets.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className={chosen === preset.id ? 'button report-preset report-preset-on' : 'button report-preset'}
            aria-pressed={chosen === preset.id}
            aria-keyshortcuts={ariaKeys(preset.shortcut)}
            onClick={() => props.onPreset(preset.id)}
          >
            {preset.label} <kbd className="report-key">{preset.shortcut}</kbd>
          </button>
        ))}
      </fieldset>
      <div className="report-fields">
        <DateField
          id="report-start"
          label={reportWords.from}
          value={form.start}
          error={form.errors.start}
          onChange={form.setStart}
        />
        <DateField
          id="report-end"
          label={reportWords.to}
          value={form.end}
          error={form.errors.end}
          onChange={form.setEnd}
        />
        <fieldset
          className="report-include"
          aria-describedby={form.errors.include ? 'report-include-error' : undefined}
        >
          <legend>{reportWords.include}</legend>
          {reportIncludeField.options.map((part) => (
            <label key={part} className="report-check">
              <input type="checkbox" checked={form.include.includes(part)} onChange={() => form.toggleInclude(part)} />
              {includeLabels[part]}
            </label>
          ))}
          {form.errors.include ? (
            <span id="report-include-error" className="field-error" role="alert">
              {form.errors.include}
            </span>
          ) : null}
        </fieldset>
      </div>
      <p id="report-dates-hint" className="muted report-hint">
        {reportWords.datesHint} {formatDay(props.today)}
        {props.simulatedToday ? reportWords.onTrainingClock : ''}.
      </p>
      <div className="report-actions">
        <button type="submit" className="button button-primary" aria-keyshortcuts={ariaKeys(RUN_SHORTCUT)}>
          {reportWords.runButton} <kbd className="report-key report-key-on-accent">{RUN_SHORTCUT}</kbd>
        </button>
        <button
          type="button"
          className="button"
          disabled={!props.canExport}
          aria-keyshortcuts={ariaKeys(EXPORT_SHORTCUT)}
          onClick={props.onExport}
        >
          {reportWords.exportButton} <kbd className="report-key">{EXPORT_SHORTCUT}</kbd>
        </button>
        <button
          type="button"
          className="button"
          aria-pressed={form.showTables}
          aria-keyshortcuts={ariaKeys(TABLES_SHORTCUT)}
          onClick={form.toggleTables}
        >
          {reportWords.tablesButton} <kbd className="report-key">{TABLES_SHORTCUT}</kbd>
        </button>
      </div>
    </form>
  );
}
