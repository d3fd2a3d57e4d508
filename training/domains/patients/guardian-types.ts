// The relationships a guardian may have to a patient, served so clients never hard-code them.
export interface GuardianRelationshipType {
  code: string;
  name: string;
}

/** `parent` is the value seen on the real service (service-facts.md); the rest are the training service's decision. */
export const guardianRelationshipTypes: readonly GuardianRelationshipType[] = [
  { code: 'parent', name: 'Parent' },
  { code: 'legal_guardian', name: 'Legal guardian' },
  { code: 'grandparent', name: 'Grandparent' },
  { code: 'sibling', name: 'Sibling' },
  { code: 'other_relative', name: 'Other relative' },
  { code: 'foster_parent', name: 'Foster parent' },
  { code: 'power_of_attorney', name: 'Power of attorney' },
  { code: 'spouse', name: 'Spouse or partner' },
  { code: 'caregiver', name: 'Caregiver' },
  { code: 'other', name: 'Other' },
];
