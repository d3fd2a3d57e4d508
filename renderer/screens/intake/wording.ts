// The intake's words in one place: for its four parts their number, what can be sent for each, the line saying what
// the part does and the keys a record on file is named by; the screen's headings, buttons and notices; the fields'
// labels. (What a field key is called in a summary: field-words.ts.)
import type { Choice } from '../../forms/Field.tsx';
import { addressLabels, patientLabels, prescriberLabels } from '../../records/field-labels.ts';
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
  title: 'Intake',
  intro:
    'Patient, prescriber, order and electronic prescription in one step. Each part is optional; the service makes all of them or none.',
  partsNav: 'Intake parts',
  jumpHere: 'Jump here',
  clearForm: 'Clear form',
  sending: 'Sending the intake…',
  sendingButton: 'Sending…',
  sendButton: 'Send the intake',
  andMore: (count: number) => ` And ${count} more.`,
  whatToSend: (part: string) => `${part}: what to send`,
  refused: 'Refused',
  check: 'Check',
  inactive: ' (inactive)',
  key: 'Key',
  patientNotFound: 'No patient on file with this key.',
  patientNotLookedUp: 'The patient could not be looked up now.',
  prescriberNotFound: (key: 'npi' | 'id') => `No prescriber on file with this ${key === 'npi' ? 'NPI' : 'id'}.`,
  prescriberNotLookedUp: 'The prescriber could not be looked up now.',
  removeMedication: (number: number) => `Remove medication ${number}`,
  removeLine: (number: number) => `Remove product line ${number}`,
  clearDialog: {
    title: 'Clear the intake?',
    text: 'Everything typed in all four parts is thrown away. Nothing has been sent.',
    clear: 'Clear the form',
    keep: 'Keep it',
  },
  kept: 'Everything you typed is still here: fix it and send again.',
  lookingUp: 'Looking up…',
  born: ', born ',
  npi: ', NPI ',
  findBy: 'Find by',
  result: {
    title: 'Intake saved',
    outcomes: 'Created and referenced',
    readingPrescriptions: 'Reading its prescriptions…',
    noPrescriptions: 'No prescriptions to open.',
    openPrescription: 'Open the prescription for ',
    prescription: 'Prescription',
    the: (part: string) => `the ${part}`,
    open: 'Open ',
    startNew: 'Start a new intake',
    startSameParties: 'New intake for the same patient and prescriber',
  },
  remove: 'Remove',
  lines: {
    line: 'Product line ',
    list: 'Product lines',
    none: 'No product lines: the order takes the electronic prescription’s medications.',
    add: 'Add a product line',
  },
  medication: 'Medication ',
  addMedicationButton: 'Add a medication',
  alwaysNew: 'Always a new order',
  alwaysNewHint: 'Even if the patient has an open order it could join (force_new).',
  morePatientFields: 'More patient fields: guardian, health, identifiers',
} as const;

/** The intake fields' labels, legends, hints and examples (a patient's and a prescriber's as the records kit names them). */
export const intakeLabels = {
  patient: {
    ...patientLabels,
    ...addressLabels,
    newPatient: 'New patient',
    externalIdHint: 'The clinic’s own id',
    toldRisks: 'Allergies and conditions, as told',
    allergiesExample: 'e.g. penicillin and latex',
    conditionsExample: 'e.g. asthma',
    medicationsTaken: 'Medications taken',
    identifiersAndPreferences: 'Identifiers and preferences',
  },
  prescriber: {
    ...prescriberLabels,
    ...addressLabels,
    newPrescriber: 'New prescriber',
    stateLicense: 'State license',
  },
  order: {
    products: 'Products',
    kind: 'Kind',
    namedBy: 'Named by',
    quantity: 'Quantity',
    shipping: 'Shipping',
    carrier: 'Carrier',
    serviceLevel: 'Service level',
    serviceChooses: 'The service chooses',
    externalId: 'External id',
    externalIdHint: 'The clinic’s own order id',
    shipTo: 'Ship to (if not the patient’s home)',
    apartment: addressLabels.apartment,
  },
  prescription: {
    receivedFrom: 'Received from',
    source: 'Source',
    sourceHint: 'e.g. Surescripts, fax, phone',
    type: 'Type',
    typeHint: 'e.g. new, refill',
    referenceNumber: 'Reference number',
    drugName: 'Drug name',
    strength: 'Strength',
    strengthHint: 'e.g. 500 mg',
    quantity: 'Quantity',
    units: 'Units',
    unitsHint: 'e.g. tablets',
    refills: 'Refills',
    daysSupply: 'Days supply',
    substitution: 'Substitution',
    notSaid: 'Not said',
    directions: 'Directions (sig)',
    writtenOn: 'Written on',
    notes: 'Notes',
  },
} as const;

/** Finding a patient on file by name and date of birth. */
export const finderWords = {
  title: 'Find a patient by name and date of birth',
  name: 'Patient’s name',
  born: 'Patient’s date of birth',
  find: 'Find the patient',
  none: 'No patient on file with this name and date of birth.',
  bornOn: ', born ',
  use: 'Use this patient',
} as const;
