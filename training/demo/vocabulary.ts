// Synthetic vocabulary for demo data: invented people and places, common drug names with made-up codes. No real patient data.
export const firstNames = [
  'Avery',
  'Jordan',
  'Riley',
  'Casey',
  'Morgan',
  'Quinn',
  'Rowan',
  'Harper',
  'Emerson',
  'Finley',
  'Sawyer',
  'Reese',
  'Dakota',
  'Skyler',
  'Parker',
  'Hayden',
  'Kendall',
  'Logan',
  'Marlowe',
  'Sage',
  'Tatum',
  'Ellis',
  'Remy',
  'Blair',
];
export const lastNames = [
  'Example',
  'Sample',
  'Testwell',
  'Placeholder',
  'Mockridge',
  'Demoulin',
  'Fictus',
  'Trialson',
  'Specimen',
  'Stand',
  'Prototype',
  'Madeup',
  'Notreal',
  'Pretendo',
  'Samplewood',
  'Fauxley',
  'Imaginar',
  'Dummett',
  'Fakeham',
  'Practis',
];
export const streets = ['Maple Ave', 'Oak St', 'Cedar Ln', 'Elm Ct', 'Birch Rd', 'Willow Way', 'Aspen Dr', 'Pine Pl'];
/** Cities with their state and a ZIP prefix; the street numbers and ZIP suffixes are invented. */
export const places = [
  { city: 'Springfield', state: 'IL', zip: '627' },
  { city: 'Riverton', state: 'WY', zip: '825' },
  { city: 'Fairview', state: 'TX', zip: '750' },
  { city: 'Madison', state: 'WI', zip: '537' },
  { city: 'Georgetown', state: 'KY', zip: '403' },
  { city: 'Salem', state: 'OR', zip: '973' },
  { city: 'Franklin', state: 'TN', zip: '370' },
  { city: 'Clinton', state: 'NY', zip: '133' },
  { city: 'Greenville', state: 'NC', zip: '278' },
  { city: 'Bristol', state: 'CT', zip: '060' },
] as const;

/** Common medications (generic names are public knowledge); codes are generated, not real NDCs. */
export const medications = [
  {
    drug: 'Lisinopril',
    strength: '10 mg',
    form: 'tablet',
    sig: 'Take 1 tablet by mouth once daily',
    controlled: false,
  },
  {
    drug: 'Atorvastatin',
    strength: '20 mg',
    form: 'tablet',
    sig: 'Take 1 tablet by mouth at bedtime',
    controlled: false,
  },
  {
    drug: 'Metformin',
    strength: '500 mg',
    form: 'tablet',
    sig: 'Take 1 tablet by mouth twice daily with meals',
    controlled: false,
  },
  {
    drug: 'Amoxicillin',
    strength: '500 mg',
    form: 'capsule',
    sig: 'Take 1 capsule by mouth three times daily for 10 days',
    controlled: false,
  },
  {
    drug: 'Levothyroxine',
    strength: '50 mcg',
    form: 'tablet',
    sig: 'Take 1 tablet by mouth every morning',
    controlled: false,
  },
  { drug: 'Amlodipine', strength: '5 mg', form: 'tablet', sig: 'Take 1 tablet by mouth once daily', controlled: false },
  {
    drug: 'Sertraline',
    strength: '50 mg',
    form: 'tablet',
    sig: 'Take 1 tablet by mouth once daily',
    controlled: false,
  },
  {
    drug: 'Omeprazole',
    strength: '20 mg',
    form: 'capsule',
    sig: 'Take 1 capsule by mouth before breakfast',
    controlled: false,
  },
  {
    drug: 'Albuterol HFA',
    strength: '90 mcg/actuation',
    form: 'inhaler',
    sig: 'Inhale 2 puffs every 4 to 6 hours as needed',
    controlled: false,
  },
  {
    drug: 'Cephalexin',
    strength: '500 mg',
    form: 'capsule',
    sig: 'Take 1 capsule by mouth four times daily',
    controlled: false,
  },
  {
    drug: 'Warfarin',
    strength: '5 mg',
    form: 'tablet',
    sig: 'Take as directed by your anticoagulation clinic',
    controlled: false,
  },
  {
    drug: 'Sumatriptan',
    strength: '50 mg',
    form: 'tablet',
    sig: 'Take 1 tablet at onset of migraine; may repeat once',
    controlled: false,
  },
  {
    drug: 'Tramadol',
    strength: '50 mg',
    form: 'tablet',
    sig: 'Take 1 tablet every 6 hours as needed for pain',
    controlled: true,
  },
  {
    drug: 'Zolpidem',
    strength: '5 mg',
    form: 'tablet',
    sig: 'Take 1 tablet at bedtime as needed for sleep',
    controlled: true,
  },
  {
    drug: 'Methylphenidate ER',
    strength: '18 mg',
    form: 'tablet',
    sig: 'Take 1 tablet by mouth every morning',
    controlled: true,
  },
] as const;

export const nonPrescriptionItems = [
  { name: 'Saline nasal spray', form: 'spray' },
  { name: 'Ibuprofen 200 mg, 24 count', form: 'tablet' },
  { name: 'Digital thermometer', form: 'device' },
  { name: 'Pill organizer, weekly', form: 'device' },
  { name: 'Vitamin D3 1000 IU, 90 count', form: 'softgel' },
  { name: 'Blood glucose test strips, 50 count', form: 'strip' },
] as const;

export const orderMaterials = [
  { name: 'Small shipping box', category: 'box' },
  { name: 'Medium shipping box', category: 'box' },
  { name: 'Insulated mailer', category: 'mailer' },
  { name: 'Cold pack', category: 'cold_chain' },
  { name: 'Patient information leaflet', category: 'insert' },
  { name: 'Tamper-evident seal', category: 'seal' },
] as const;

export const allergies = ['penicillin', 'sulfa drugs', 'latex', 'peanuts', 'codeine', 'aspirin', 'shellfish'];
export const conditions = ['asthma', 'type 2 diabetes', 'hypertension', 'hypothyroidism', 'migraine', 'GERD'];
export const licenseStates = ['IL', 'WY', 'TX', 'WI', 'KY', 'OR', 'TN', 'NY', 'NC', 'CT'];
export const credentialCodes = ['MD', 'DO', 'NP', 'PA'];
