// The words of a person's fields, said the same on the patient and prescriber screens and in the intake (which creates
// both): a screen's wording.ts spreads these and adds its own legends and hints.

/** An address, as AddressFields and the forms that lay one out themselves ask for it. */
export const addressLabels = {
  street: 'Street',
  apartment: 'Apartment, suite',
  suite: 'Suite',
  city: 'City',
  state: 'State',
  chooseState: 'Choose a state',
  zip: 'ZIP code',
} as const;

const personLabels = {
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  gender: 'Gender',
  phone: 'Phone',
  email: 'Email',
} as const;

export const patientLabels = {
  ...personLabels,
  phoneHint: '10 digits, any format',
  externalId: 'External id',
  homeAddress: 'Home address',
  language: 'Primary language',
  health: 'Health',
  height: 'Height (inches)',
  weight: 'Weight (pounds)',
  smoker: 'Smoker',
  diabetic: 'Diabetic',
  pregnant: 'Pregnant',
  licenseNumber: 'Driver license number',
  licenseState: 'Driver license state',
  ssn: 'SSN',
  ssnHint: '9 digits',
  texts: 'Text messages allowed',
  emails: 'Emails allowed',
  allergies: 'Allergies',
  conditions: 'Conditions',
} as const;

export const prescriberLabels = {
  ...personLabels,
  npi: 'NPI',
  npiHint: '10 digits',
  dea: 'DEA number',
  deaHint: '2 letters and 7 digits',
  practiceAddress: 'Practice address',
  licenseState: 'License state',
  licenseNumber: 'License number',
  expires: 'Expires',
  description: 'Description',
} as const;
