// The vocabulary a label's auxiliary warnings are chosen from (contract/rules/documents/warnings.ts): the warnings by
// class and the drug classes, read from resources/vocabulary/.
import type { WarningVocabulary } from '../../contract/rules/documents/warnings.ts';
import warnings from '../../resources/vocabulary/auxiliary-warnings.json' with { type: 'json' };
import table from '../../resources/vocabulary/drug-classes.json' with { type: 'json' };

const groups: Record<string, { drugs: string[] }> = table.drugGroups;
const drugsOf = (ids: readonly string[]) => ids.flatMap((id) => groups[id]?.drugs ?? []);

export const labelVocabulary: WarningVocabulary = {
  classes: warnings.classes,
  controlled: warnings.controlled,
  allergyClasses: table.allergyClasses.map((each) => ({ id: each.id, drugs: drugsOf(each.drugGroups) })),
  therapyClasses: table.therapyClasses.map((each) => ({ name: each.name, drugs: drugsOf(each.drugGroups) })),
};
