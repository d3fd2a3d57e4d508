// Reads the drills shipped as data (resources/drills/*.json) and checks each with the contract's schema: a new drill is a
// new file, no code. A file that does not fit is refused by name, with the field and why, so the author can fix it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Drill, drill } from '../../../contract/drills.ts';

/** The folder the station ships its drills in. */
export const DEFAULT_DRILLS_DIR = fileURLToPath(new URL('../../../resources/drills', import.meta.url));

export class DrillFileError extends Error {
  override readonly name = 'DrillFileError';
}

/** One drill file's text as a drill; its id must be its file name (`<id>.json`). */
export function parseDrillFile(fileName: string, text: string): Drill {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new DrillFileError(`${fileName} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = drill.safeParse(data);
  if (!parsed.success) {
    const first = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.map(String).join('.') || '(file)'}: ${issue.message}`);
    throw new DrillFileError(`${fileName} is not a drill: ${first.join('; ')}`);
  }
  if (`${parsed.data.id}.json` !== fileName) {
    throw new DrillFileError(`${fileName} holds drill ${parsed.data.id}: name the file ${parsed.data.id}.json`);
  }
  return parsed.data;
}

/** Every drill in the folder, by title; refuses the whole set when one file is wrong (a drill never half-loads). */
export function loadDrills(dir: string = DEFAULT_DRILLS_DIR): Drill[] {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const drills = names.map((name) => parseDrillFile(name, readFileSync(join(dir, name), 'utf8')));
  return drills.sort((a, b) => a.title.localeCompare(b.title));
}
