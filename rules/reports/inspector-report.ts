// The inspector's report, from the pharmacy's record alone: the controlled-substance dispensing log and the daily
// prescription log of a date range. Each verified order's lines become rows with the pharmacist of record (the newest
// "OK to fill" of the line's prescription given by then), the verifier, the final checker, the count witnesses and the
// label copies. Days and times are the pharmacy's time zone's; rows are ordered by the verification's time, then the
// order, the fact and the line, so two stations holding the same facts answer the same rows.
import type { FactOf } from '../../contract/pharmacy-record.ts';

export type InspectorLog = 'controlled' | 'daily';

export interface InspectorFacts {
  verified: readonly FactOf<'order_verified'>[];
  reviews: readonly FactOf<'prescription_reviewed'>[];
  counts: readonly FactOf<'controlled_count'>[];
  labels: readonly FactOf<'label_printed'>[];
}

/** Calendar days (YYYY-MM-DD), both included, in `timeZone` (an IANA name, e.g. America/Chicago). */
export interface InspectorRange {
  from: string;
  to: string;
  timeZone: string;
}

export interface InspectorRow {
  day: string;
  time: string;
  order: string;
  prescription: string;
  patient: string;
  birthDate: string;
  drug: string;
  code: string;
  schedule: string;
  quantity: number;
  lots: string;
  pharmacist: string;
  verifier: string;
  finalChecker: string;
  witness: string;
  labelCopies: number;
  station: string;
}

/** The day and time (HH:MM) of an instant in the time zone; null for a time that is not one. */
export function localDayAndTime(at: string, timeZone: string): { day: string; time: string } | null {
  const instant = Date.parse(at);
  if (Number.isNaN(instant)) return null;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/** Whether the time zone is one the report can use (an IANA name the runtime knows). */
export function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone.length > 0;
  } catch {
    return false;
  }
}

const byTimeThenId = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** The newest "OK to fill" of the prescription given at or before `at`, by whom; '' when none. */
function pharmacistOfRecord(reviews: readonly FactOf<'prescription_reviewed'>[], prescriptionId: string, at: string) {
  const oks = reviews.filter((r) => r.prescription_id === prescriptionId && r.decision === 'reviewed' && r.at <= at);
  return oks.sort(byTimeThenId).at(-1)?.person.name ?? '';
}

/** The distinct witnesses of the line's controlled counts, in order of their counts. */
function witnessesOf(counts: readonly FactOf<'controlled_count'>[], orderId: string, productId: string): string[] {
  const own = counts.filter((c) => c.order_id === orderId && c.product_id === productId).sort(byTimeThenId);
  return [...new Set(own.map((c) => c.witness))];
}

/** The rows of one log for the range, ordered as the module says. */
export function inspectorRows(facts: InspectorFacts, log: InspectorLog, range: InspectorRange): InspectorRow[] {
  // One verification per order: should a copy hold two, the first in the record's order stands.
  const firstOfOrder = new Map<string, FactOf<'order_verified'>>();
  for (const fact of [...facts.verified].sort(byTimeThenId)) {
    if (!firstOfOrder.has(fact.order_id)) firstOfOrder.set(fact.order_id, fact);
  }
  const rows: InspectorRow[] = [];
  for (const fact of firstOfOrder.values()) {
    const when = localDayAndTime(fact.at, range.timeZone);
    if (!when || when.day < range.from || when.day > range.to) continue;
    const dispensed = fact.dispensed;
    for (const line of fact.lines) {
      const read = dispensed?.lines.find((l) => l.product_id === line.product_id);
      const witnesses = witnessesOf(facts.counts, fact.order_id, line.product_id);
      const controlled = read ? read.controlled : witnesses.length > 0;
      const prescription = read ? read.kind === 'prescription' || read.prescription_id !== null : controlled;
      if (log === 'controlled' ? !controlled : !prescription) continue;
      const prescriptionId = read?.prescription_id ?? null;
      const labels = facts.labels.filter(
        (l) => l.order_id === fact.order_id && prescriptionId !== null && l.prescription_id === prescriptionId,
      );
      rows.push({
        ...when,
        order: fact.order_number ?? fact.order_id,
        prescription: prescriptionId ?? '',
        patient: dispensed?.patient.name ?? '',
        birthDate: dispensed?.patient.date_of_birth ?? '',
        drug: read?.drug ?? line.product_id,
        code: read?.code ?? '',
        schedule: read?.schedule ?? '',
        quantity: line.counted,
        lots: line.lots.join('; '),
        pharmacist: prescriptionId ? pharmacistOfRecord(facts.reviews, prescriptionId, fact.at) : '',
        verifier: fact.person.name,
        finalChecker: fact.final_check?.by ?? '',
        witness: witnesses.join('; '),
        labelCopies: new Set(labels.map((l) => l.id)).size,
        station: fact.station.name,
      });
    }
  }
  return rows;
}
