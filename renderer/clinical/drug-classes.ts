// The drug-class table the renderer shows with (the review's checks, the labels' auxiliary warnings): the rules' room
// resolves resources/vocabulary/drug-classes.json (contract/rules/clinical/drug-classes.ts); main reads the same file.
import { readDrugClasses } from '../../contract/rules/clinical/drug-classes.ts';
import table from '../../resources/vocabulary/drug-classes.json' with { type: 'json' };

export { mentions, normalise } from '../../contract/rules/clinical/drug-classes.ts';

export const drugClasses = readDrugClasses(table);
export const { allergyClasses, therapyClasses } = drugClasses;
