// The work queue's words in one place: the sections, the flags, the holds, the empty states.
import type { QueueFlags, QueueHold, QueueOrder } from '../../../contract/ipc/work-queue.ts';

export const queueWords = {
  title: 'Work queue',
  intro: 'Prescriptions waiting for a pharmacist’s review, orders waiting for verification, and the holds.',
  keys: '↑ ↓ move between rows, Enter opens, Alt+Shift+Q comes back here.',
  review: 'Waiting for review',
  reviewEmpty: 'No prescription on an open order waits for a pharmacist’s review.',
  verify: 'Waiting for verification',
  verifyEmpty: 'No picked order waits for verification at this station.',
  holds: 'Holds',
  holdsEmpty: 'No prescription on an open order is on hold.',
  what: 'work queue',
  partial: 'The service has more open orders than one page: this queue shows the newest 200.',
  refresh: 'Read again',
  order: (number: string) => `Order ${number}`,
  noLines: 'No prescription lines',
} as const;

export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The patient as a row names them: "Riley Practis (6)". */
export function patientWords(patient: { name: string | null; age: number | null }): string {
  const name = patient.name ?? 'Patient not named';
  return patient.age === null ? name : `${name} (${patient.age})`;
}

/** The flags as short tags: what each means is in its title. */
export function flagTags(flags: QueueFlags): { key: string; text: string; title: string; tone: 'bad' | 'warn' }[] {
  const tags: { key: string; text: string; title: string; tone: 'bad' | 'warn' }[] = [];
  if (flags.controlled) {
    const text = flags.schedule ? `C-${flags.schedule}` : 'Controlled';
    tags.push({
      key: 'controlled',
      text,
      title: 'A controlled substance: its count is confirmed by a pharmacist',
      tone: 'warn',
    });
  }
  if (flags.minor) tags.push({ key: 'minor', text: 'Minor', title: 'The patient is under 18', tone: 'warn' });
  if (flags.failedChecks.length > 0) {
    tags.push({
      key: 'checks',
      text: count(flags.failedChecks.length, 'failed check', 'failed checks'),
      title: flags.failedChecks.join(' '),
      tone: 'bad',
    });
  }
  return tags;
}

const DECISIONS = { needs_clarification: 'Needs clarification', exception: 'Exception' } as const;

/** A hold as a row says it: the decision, who, the task that follows it up, the note. */
export function holdWords(hold: QueueHold): string {
  const by = hold.mine ? ' by you' : hold.by ? ` by ${hold.by}` : ' by the service';
  const task = hold.task ? ` Task: "${hold.task}".` : '';
  const note = hold.note.trim() ? ` Note: ${hold.note.trim()}` : '';
  return `${DECISIONS[hold.decision]}${by}.${task}${note}`;
}

export const gateWords: Record<QueueOrder['gate'], string | null> = {
  ok_to_fill: null,
  not_reviewed: 'Waits for review',
  held: 'On hold',
};
