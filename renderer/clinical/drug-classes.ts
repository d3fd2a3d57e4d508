// The drug-class table the renderer shows with (the review's checks, the labels' auxiliary warnings): the rules' room
// resolves resources/vocabulary/drug-classes.json (rules/clinical/drug-classes.ts); main reads the same file.

import table from '../../resources/vocabulary/drug-classes.json' with { type: 'json' };
import { readDrugClasses } from '../../rules/clinical/drug-classes.ts';

export { mentions, normalise } from '../../rules/clinical/drug-classes.ts';

export const drugClasses = readDrugClasses(table);
export const { allergyClasses, therapyClasses } = drugClasses;
