// The stations IT names on the command line: a comma list (`station-1,station-2`), a range pattern
// (`station-{1..30}`), or both (`front,station-{1..4}`). Each name is a link name (contract/pharmacy-link.ts).
import { LINK_NAME } from '../../contract/pharmacy-link.ts';

const RANGE = /^(.*)\{(\d+)\.\.(\d+)\}(.*)$/;

/** The names, in order, or a message saying what is wrong. */
export function stationNames(text: string): { ok: true; names: string[] } | { ok: false; message: string } {
  const names: string[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const range = RANGE.exec(part);
    if (!range) {
      names.push(part);
      continue;
    }
    const [, prefix = '', from = '', to = '', suffix = ''] = range;
    const first = Number(from);
    const last = Number(to);
    if (last < first || last - first >= 500)
      return { ok: false, message: `the range in "${part}" is not 1 to 500 names` };
    for (let n = first; n <= last; n++) names.push(`${prefix}${n}${suffix}`);
  }
  if (names.length === 0) return { ok: false, message: 'no station named' };
  const bad = names.find((name) => !LINK_NAME.test(name) || name === 'relay' || name === 'admin');
  if (bad !== undefined)
    return { ok: false, message: `"${bad}" is not a station name (a-z, 0-9, - and _, up to 40; not relay or admin)` };
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) return { ok: false, message: `"${twice}" is named twice` };
  return { ok: true, names };
}
