// The prescriber screens' words in one place: titles, commands, notices (field labels stay beside their fields in
// PrescriberForm.tsx and LicenseForm.tsx).

export const prescriberWords = {
  list: 'Prescribers',
  noun: 'prescriber',
  create: 'New prescriber',
  columns: ['Name', 'Credentials', 'NPI', 'Licensed in'],
  empty: 'No prescribers yet.',
  reading: 'Reading the prescriber…',
  notFound: 'There is no prescriber with this id or NPI.',
  toList: 'All prescribers',
  toListCommand: 'Back to all prescribers',
  group: 'Prescriber',
  save: 'Save the new prescriber',
  alreadyOnFile: 'This prescriber is already on file.',
  openExisting: 'Open the existing prescriber',
  addLicense: 'Add a license',
  addLicenseCommand: 'Add a state license',
  updateLicense: 'Update the selected license',
  licensesTitle: 'Licenses by state',
  licensesNeedPharmacist: ' — license changes need a pharmacist',
} as const;
