// The prescription review's words for its screen and actions in one place. A check's words are in findings.ts and the
// checks-*.ts files; a card's fact labels stay beside their values (PatientCard.tsx, PrescriberCard.tsx).

export const reviewWords = {
  title: 'Prescription review',
  backToOrder: (orderNumber: string | null | undefined) =>
    orderNumber ? `Back to order ${orderNumber}` : 'Back to the order',
  checks: 'Checks',
  nextMedication: 'Next medication',
  readAgain: 'Read again',
  openPatient: 'Open patient',
  openPrescriber: 'Open prescriber',
  noPatient: 'No patient is linked to this prescription.',
  noPrescriber: 'No prescriber is linked to this prescription.',
  goToChecks: 'Go to the pharmacist checks',
  reviewNext: 'Review the next medication on this prescription',
  openPatientCommand: 'Open the patient',
  openPrescriberCommand: 'Open the prescriber',
  readAgainCommand: 'Read the prescription again',
} as const;
