// The inspector's report as CSV: one header row, then one row per dispensed line (rules/reports/inspector-report.ts),
// every text field guarded against a spreadsheet's formulas. Nothing in it depends on the station or the time it was
// made, so two stations holding the same record write the same bytes.
import { spreadsheetText, toCsv } from './csv.ts';
import type { InspectorLog, InspectorRange, InspectorRow } from './inspector-report.ts';

type Column = { title: string; of: (row: InspectorRow) => string | number };

const columns = {
  day: { title: 'Date', of: (r) => r.day },
  time: { title: 'Time', of: (r) => r.time },
  order: { title: 'Order', of: (r) => r.order },
  prescription: { title: 'Prescription', of: (r) => r.prescription },
  patient: { title: 'Patient', of: (r) => r.patient },
  birthDate: { title: 'Date of birth', of: (r) => r.birthDate },
  drug: { title: 'Drug', of: (r) => r.drug },
  code: { title: 'NDC or SKU', of: (r) => r.code },
  schedule: { title: 'Schedule', of: (r) => r.schedule },
  quantity: { title: 'Quantity', of: (r) => r.quantity },
  lots: { title: 'Lot', of: (r) => r.lots },
  pharmacist: { title: 'Pharmacist of record', of: (r) => r.pharmacist },
  verifier: { title: 'Verified by', of: (r) => r.verifier },
  finalChecker: { title: 'Final check by', of: (r) => r.finalChecker },
  witness: { title: 'Count witness', of: (r) => r.witness },
  labelCopies: { title: 'Label copies', of: (r) => r.labelCopies },
  station: { title: 'Station', of: (r) => r.station },
} satisfies Record<string, Column>;

const { day, time, order, prescription, patient, birthDate, drug, code, schedule, quantity } = columns;
const { lots, pharmacist, verifier, finalChecker, witness, labelCopies, station } = columns;

/** The columns of each log, in order: the controlled log has everything an inspector asks of a controlled fill. */
export const LOG_COLUMNS: Record<InspectorLog, Column[]> = {
  controlled: [
    day,
    time,
    order,
    prescription,
    patient,
    birthDate,
    drug,
    code,
    schedule,
    quantity,
    lots,
    pharmacist,
    verifier,
    finalChecker,
    witness,
    labelCopies,
    station,
  ],
  daily: [
    day,
    time,
    order,
    prescription,
    patient,
    drug,
    schedule,
    quantity,
    pharmacist,
    verifier,
    labelCopies,
    station,
  ],
};

export const LOG_TITLES: Record<InspectorLog, string> = {
  controlled: 'Controlled-substance dispensing log',
  daily: 'Daily prescription log',
};

/** The log's table as text cells: the header, then each row (numbers as plain integers, text guarded). */
export function inspectorTable(rows: readonly InspectorRow[], log: InspectorLog): string[][] {
  const shown = LOG_COLUMNS[log];
  const cell = (value: string | number) => (typeof value === 'number' ? String(value) : spreadsheetText(value));
  return [shown.map((c) => c.title), ...rows.map((row) => shown.map((c) => cell(c.of(row))))];
}

export function inspectorCsv(rows: readonly InspectorRow[], log: InspectorLog): string {
  return toCsv(inspectorTable(rows, log));
}

/** `controlled-log-2026-05-01-to-2026-05-31.csv`. */
export function inspectorFileName(log: InspectorLog, range: Pick<InspectorRange, 'from' | 'to'>): string {
  return `${log === 'controlled' ? 'controlled-log' : 'prescription-log'}-${range.from}-to-${range.to}.csv`;
}
