// The patient screens' words in one place: titles, commands, notices (field labels stay beside their fields in
// PatientForm.tsx, and the risk factor words in risk-factors.ts).

export const patientWords = {
  list: 'Patients',
  noun: 'patient',
  create: 'New patient',
  columns: ['Name', 'Date of birth', 'Phone', 'Lives in', 'External id'],
  empty: 'No patients yet.',
  reading: 'Reading the patient…',
  notFound: 'There is no patient with this id.',
  toList: 'All patients',
  toListCommand: 'Back to all patients',
  edit: 'Edit',
  editCommand: 'Edit this patient',
  group: 'Patient',
  save: 'Save the new patient',
  saveChanges: 'Save the changes',
  editTitle: (name: string) => `Edit ${name}`,
  addRiskText: 'Add risk factors as text',
  sendRiskText: 'Send the risk factor text for parsing',
  moreOrders: 'Show more of the patient’s orders',
  nextRiskType: 'Show the next type of risk factor',
  confirmRisk: 'Confirm the selected risk factor',
  deactivateRisk: 'Deactivate the selected risk factor',
  openExisting: 'Open the patient already on file',
} as const;
