// The station's small drug-class table: which allergies rule out which drugs, and which drugs duplicate each other.
// It is a safety net for the checks panel, not a clinical reference: it knows the common classes below and says so
// when an allergy is outside it, so a pharmacist checks that one by hand.

/** A class of drugs an allergy can rule out. `related` drugs are a neighbouring class: a warning, not a stop. */
export interface AllergyClass {
  id: string;
  /** The class in words, singular: "amoxicillin is a penicillin". */
  member: string;
  /** How patients and clinicians write an allergy to this class (any of them puts the class in play). */
  allergyTerms: readonly string[];
  /** Drugs in the class (generic and common brand names). A match is a fail. */
  drugs: readonly string[];
  related?: { member: string; drugs: readonly string[]; why: string };
}

const penicillins = [
  'penicillin',
  'penicillin v',
  'amoxicillin',
  'amoxil',
  'augmentin',
  'ampicillin',
  'piperacillin',
  'nafcillin',
  'oxacillin',
  'dicloxacillin',
];
const cephalosporins = [
  'cephalexin',
  'cefalexin',
  'keflex',
  'cefadroxil',
  'cefazolin',
  'cefuroxime',
  'cefdinir',
  'cefpodoxime',
  'ceftriaxone',
  'cefprozil',
];
const sulfonamides = [
  'sulfamethoxazole',
  'sulfamethoxazole trimethoprim',
  'smx tmp',
  'tmp smx',
  'bactrim',
  'septra',
  'sulfadiazine',
  'sulfasalazine',
];
/** Morphine-like opioids (phenanthrenes): the classic cross-sensitivity group of codeine. */
const phenanthreneOpioids = [
  'codeine',
  'morphine',
  'hydrocodone',
  'oxycodone',
  'hydromorphone',
  'oxymorphone',
  'percocet',
  'vicodin',
  'tylenol 3',
];
const otherOpioids = ['tramadol', 'tapentadol', 'fentanyl', 'methadone', 'meperidine'];
const nsaids = [
  'aspirin',
  'acetylsalicylic acid',
  'ibuprofen',
  'motrin',
  'advil',
  'naproxen',
  'aleve',
  'diclofenac',
  'meloxicam',
  'ketorolac',
  'indomethacin',
  'etodolac',
  'nabumetone',
];
const aceInhibitors = ['lisinopril', 'enalapril', 'ramipril', 'benazepril', 'captopril', 'quinapril', 'fosinopril'];

export const allergyClasses: readonly AllergyClass[] = [
  {
    id: 'penicillins',
    member: 'a penicillin',
    allergyTerms: ['penicillin', 'penicillins', 'pcn', 'amoxicillin', 'amoxil', 'ampicillin', 'augmentin'],
    drugs: penicillins,
    related: {
      member: 'a cephalosporin',
      drugs: cephalosporins,
      why: 'cross-sensitivity with penicillins is uncommon but possible',
    },
  },
  {
    id: 'cephalosporins',
    member: 'a cephalosporin',
    allergyTerms: ['cephalosporin', 'cephalosporins', ...cephalosporins],
    drugs: cephalosporins,
    related: {
      member: 'a penicillin',
      drugs: penicillins,
      why: 'cross-sensitivity with cephalosporins is uncommon but possible',
    },
  },
  {
    id: 'sulfonamides',
    member: 'a sulfonamide antibiotic',
    allergyTerms: ['sulfa', 'sulfa drugs', 'sulfonamide', 'sulfonamides', 'sulfonamide antibiotics', ...sulfonamides],
    drugs: sulfonamides,
  },
  {
    id: 'opioids',
    member: 'an opioid related to codeine and morphine',
    allergyTerms: ['codeine', 'codeine phosphate', 'morphine', 'opioid', 'opioids', 'opiate', 'opiates', 'narcotics'],
    drugs: phenanthreneOpioids,
    related: {
      member: 'an opioid of another family',
      drugs: otherOpioids,
      why: 'cross-sensitivity across opioid families is less common, but the pharmacist decides',
    },
  },
  {
    id: 'nsaids',
    member: 'aspirin or an NSAID',
    allergyTerms: ['aspirin', 'asa', 'acetylsalicylic acid', 'nsaid', 'nsaids', 'ibuprofen', 'naproxen', 'salicylates'],
    drugs: nsaids,
    related: {
      member: 'a COX-2 inhibitor',
      drugs: ['celecoxib', 'celebrex'],
      why: 'most people with an NSAID allergy tolerate it, but not all',
    },
  },
  {
    id: 'ace-inhibitors',
    member: 'an ACE inhibitor',
    allergyTerms: ['ace inhibitor', 'ace inhibitors'],
    drugs: aceInhibitors,
  },
  {
    id: 'macrolides',
    member: 'a macrolide',
    allergyTerms: ['macrolide', 'macrolides', 'erythromycin', 'azithromycin', 'zithromax', 'clarithromycin'],
    drugs: ['erythromycin', 'azithromycin', 'zithromax', 'clarithromycin'],
  },
  {
    id: 'tetracyclines',
    member: 'a tetracycline',
    allergyTerms: ['tetracycline', 'tetracyclines', 'doxycycline', 'minocycline'],
    drugs: ['tetracycline', 'doxycycline', 'minocycline'],
  },
  {
    id: 'fluoroquinolones',
    member: 'a fluoroquinolone',
    allergyTerms: ['fluoroquinolone', 'fluoroquinolones', 'quinolones', 'ciprofloxacin', 'cipro', 'levofloxacin'],
    drugs: ['ciprofloxacin', 'cipro', 'levofloxacin', 'levaquin', 'moxifloxacin'],
  },
];

/** Allergies that are not to a drug: nothing in an oral or inhaled medication is ruled out by them here. */
export const nonDrugAllergens: readonly string[] = [
  'latex',
  'rubber',
  'adhesive tape',
  'tape',
  'nickel',
  'chlorhexidine',
  'peanut',
  'peanuts',
  'tree nuts',
  'nuts',
  'shellfish',
  'fish',
  'egg',
  'eggs',
  'milk',
  'soy',
  'wheat',
  'sesame',
  'gelatin',
  'bee stings',
  'insect stings',
  'pollen',
  'dust',
  'dust mites',
  'pet dander',
  'mold',
  'iodinated contrast',
  'contrast dye',
];

/** Drugs that duplicate each other: two of one class at once is a question for the pharmacist. */
export const therapyClasses: readonly { name: string; drugs: readonly string[] }[] = [
  { name: 'penicillin', drugs: penicillins },
  { name: 'cephalosporin', drugs: cephalosporins },
  { name: 'opioid', drugs: [...phenanthreneOpioids, ...otherOpioids] },
  { name: 'NSAID', drugs: nsaids },
  { name: 'ACE inhibitor', drugs: aceInhibitors },
  { name: 'statin', drugs: ['atorvastatin', 'simvastatin', 'rosuvastatin', 'pravastatin', 'lovastatin'] },
  { name: 'SSRI', drugs: ['sertraline', 'fluoxetine', 'citalopram', 'escitalopram', 'paroxetine'] },
  { name: 'proton pump inhibitor', drugs: ['omeprazole', 'esomeprazole', 'pantoprazole', 'lansoprazole'] },
  { name: 'anticoagulant', drugs: ['warfarin', 'apixaban', 'rivaroxaban', 'dabigatran'] },
  { name: 'benzodiazepine', drugs: ['alprazolam', 'lorazepam', 'diazepam', 'clonazepam'] },
];

/** Pairs of classes that interact badly when taken together. */
export const classInteractions: readonly { a: string; b: string; why: string }[] = [
  { a: 'anticoagulant', b: 'NSAID', why: 'together they raise the risk of bleeding' },
  { a: 'opioid', b: 'benzodiazepine', why: 'together they can slow breathing dangerously' },
];

/** Lower case, punctuation as spaces, padded: so terms match whole words ("asa" never matches "nasal"). */
export function normalise(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return ` ${words} `;
}

/** Whether normalised text mentions a term as whole words. */
export function mentions(normalisedText: string, term: string): boolean {
  const needle = normalise(term);
  return needle.trim() !== '' && normalisedText.includes(needle);
}

/** The first of `terms` the text mentions, or null. */
export function firstMention(normalisedText: string, terms: readonly string[]): string | null {
  return terms.find((term) => mentions(normalisedText, term)) ?? null;
}

/** The allergy classes an allergy (as written on the patient) belongs to. */
export function classesOfAllergy(allergy: string): AllergyClass[] {
  const text = normalise(allergy);
  return allergyClasses.filter((c) => c.allergyTerms.some((term) => mentions(text, term)));
}

export function isNonDrugAllergen(allergy: string): boolean {
  const text = normalise(allergy);
  return nonDrugAllergens.some((term) => mentions(text, term));
}

/** The therapy classes a drug description falls in. */
export function therapyClassesOf(normalisedDrug: string): string[] {
  return therapyClasses.filter((c) => firstMention(normalisedDrug, c.drugs) !== null).map((c) => c.name);
}
