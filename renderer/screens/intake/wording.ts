// The intake's words for its four parts in one place: their number, what can be sent for each, the line saying what
// the part does, and the keys a record on file is named by. (What a field key is called in a summary: field-words.ts.)
import type { Choice } from '../../forms/Field.tsx';
import type { Part, PartMode } from './draft.ts';

export interface ModeChoice {
  mode: PartMode;
  label: string;
}

export interface PartWords {
  number: number;
  choices: readonly ModeChoice[];
  /** A line under the choice saying what this part does. */
  hint: string;
  /** For a part that can name a record on file: the keys it can be named by. */
  keyChoices?: readonly (Choice & { hint: string })[];
}

const leaveOut: ModeChoice = { mode: 'none', label: 'Leave out' };

export const partWords: Record<Part, PartWords> = {
  patient: {
    number: 1,
    choices: [leaveOut, { mode: 'new', label: 'New patient' }, { mode: 'existing', label: 'Patient on file' }],
    hint: 'A new patient is checked for duplicates by the service; a patient on file is only referenced.',
    keyChoices: [
      { value: 'id', label: 'Patient id', hint: 'The station’s id, as on the patient’s page' },
      { value: 'external_id', label: 'External id', hint: 'The clinic’s own id for the patient' },
    ],
  },
  prescriber: {
    number: 2,
    choices: [leaveOut, { mode: 'new', label: 'New prescriber' }, { mode: 'existing', label: 'Prescriber on file' }],
    hint: 'A prescriber on file is referenced by NPI; a new one is created, and an NPI already on file is refused.',
    keyChoices: [
      { value: 'npi', label: 'NPI', hint: '10 digits, as on the prescription' },
      { value: 'id', label: 'Prescriber id', hint: 'The station’s id, as on the prescriber’s page' },
    ],
  },
  order: {
    number: 3,
    choices: [leaveOut, { mode: 'new', label: 'New order' }],
    hint: 'A new order goes to this intake’s patient. Unless “Always a new order” is ticked, it joins the patient’s open order if there is one.',
  },
  prescription: {
    number: 4,
    choices: [leaveOut, { mode: 'new', label: 'New electronic prescription' }],
    hint: 'The prescription is linked to this intake’s patient, prescriber and order, whichever are given.',
  },
};

export const offerWords = {
  patient: {
    text: 'This patient is already on file. Send the intake for the patient on file instead of creating a second one?',
    use: 'Use the patient on file',
  },
  prescriber: {
    text: 'A prescriber with this NPI is already on file. Reference that prescriber instead?',
    use: 'Use the prescriber on file',
  },
} as const;

export const intakeWords = {
  startNew: 'Start a new intake',
  startSameParties: 'New intake for the same patient and prescriber',
  send: 'Send the intake',
  clear: 'Clear the intake form',
  addLine: 'Add a product line to the order',
  addMedication: 'Add a medication to the electronic prescription',
} as const;
