// The report form and the last run, kept while the station runs: leaving the screen and coming back loses nothing.
import { create } from 'zustand';
import { type ReportIncludeField, reportIncludeField } from '../../../contract/service/reports.ts';
import type { ReportAnswer, ReportRequest } from '../../queries/report.ts';
import { checkRange, type Day, type PresetId, presetRange, type RangeDraft, type RangeErrors } from './report-range.ts';

export interface ReportFormState extends RangeDraft {
  errors: RangeErrors;
  /** The preset last pressed, until a date is typed: its button shows pressed while the range is its own. */
  pressed: PresetId | null;
  /** The request last run; the report on screen answers it (or, while it is read, the one before). */
  request: ReportRequest | null;
  /** Bumped by every run, so running the same range again reads it again. */
  runs: number;
  /** The last answer the service gave: shown when a later run fails (offline), labelled with its own range. */
  lastAnswer: ReportAnswer | null;
  /** The numbers tables shown on screen (they are always there for screen readers). */
  showTables: boolean;
  keepAnswer(answer: ReportAnswer): void;
  setStart(value: string, incomplete: boolean): void;
  setEnd(value: string, incomplete: boolean): void;
  toggleInclude(part: ReportIncludeField): void;
  toggleTables(): void;
  /** Checks the form; runs it when it is fine. Answers whether it ran. */
  run(): boolean;
  /** Fills the range of a preset and runs it. */
  runPreset(id: PresetId, today: Day): boolean;
}

const allParts = [...reportIncludeField.options];

/** Editing a field clears its own message; the others stay until the next run. */
function without(errors: RangeErrors, field: keyof RangeErrors): RangeErrors {
  const next = { ...errors };
  delete next[field];
  return next;
}

export const useReportStore = create<ReportFormState>((set, get) => ({
  start: '',
  end: '',
  startIncomplete: false,
  endIncomplete: false,
  include: allParts,
  errors: {},
  pressed: null,
  request: null,
  runs: 0,
  lastAnswer: null,
  showTables: false,
  keepAnswer: (answer) => set({ lastAnswer: answer }),
  setStart: (value, incomplete) =>
    set((s) => ({ start: value, startIncomplete: incomplete, pressed: null, errors: without(s.errors, 'start') })),
  setEnd: (value, incomplete) =>
    set((s) => ({ end: value, endIncomplete: incomplete, pressed: null, errors: without(s.errors, 'end') })),
  toggleInclude: (part) =>
    set((s) => ({
      include: s.include.includes(part) ? s.include.filter((p) => p !== part) : [...s.include, part],
      errors: without(s.errors, 'include'),
    })),
  toggleTables: () => set((s) => ({ showTables: !s.showTables })),
  run: () => {
    const checked = checkRange(get());
    if (!checked.ok) {
      set({ errors: checked.errors });
      return false;
    }
    set((s) => ({ errors: {}, request: checked.request, runs: s.runs + 1 }));
    return true;
  },
  runPreset: (id, today) => {
    const range = presetRange(id, today);
    set({ start: range.start, end: range.end, startIncomplete: false, endIncomplete: false, pressed: id });
    return get().run();
  },
}));
