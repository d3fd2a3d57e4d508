// The renderer keeps words, not rules: no file compares a role. What the person may do comes in main's session answer
// (`capabilities`, from rules/capabilities.ts) and a screen asks `useMay(capability)`; main still refuses each
// channel. A role's name may still be a word (a key of a word table), never a test of who someone is.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourcesUnder } from './import-graph.ts';

const root = resolve(import.meta.dirname, '../../..');
const ROLE = String.raw`['"\x60](?:technician|pharmacist|admin)['"\x60]`;
const ROLE_TESTS = [
  // a role value compared: `role === x`, `x !== session.role`, `signedInRole != x`
  /\brole\s*[!=]==?(?!>)/i,
  /[!=]==?\s*[\w?.]*role\b/i,
  // a role's name compared, switched on or looked for in a text
  new RegExp(String.raw`[!=]==?\s*${ROLE}|${ROLE}\s*[!=]==?`),
  new RegExp(String.raw`\bcase\s+${ROLE}`),
  new RegExp(String.raw`\.(?:startsWith|endsWith|includes|indexOf|match)\(\s*${ROLE}`),
];

/** The lines of `source` (comments left out) that decide by a role. */
function roleComparisons(source: string): string[] {
  return source
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .filter((line) => ROLE_TESTS.some((test) => test.test(line)))
    .map((line) => line.trim());
}

describe('the renderer compares no role', () => {
  it('no renderer file decides by a role string: a screen asks main for what the person may do', () => {
    const files = sourcesUnder(root, 'renderer');
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) =>
      roleComparisons(readFileSync(resolve(root, file), 'utf8')).map((line) => `${file}: ${line}`),
    );
    expect(found).toEqual([]);
  });

  it('catches a role compared however it is spelled, and not a capability asked or a word table', () => {
    expect(roleComparisons("const admin = useSession().data?.role === 'admin';")).toHaveLength(1);
    expect(roleComparisons("return role !== 'technician';")).toHaveLength(1);
    expect(roleComparisons("if (signedInRole != 'pharmacist') {")).toHaveLength(1);
    expect(roleComparisons("isPharmacist={'pharmacist' === session.data?.role}")).toHaveLength(1);
    expect(roleComparisons('mayStart={session.role === wanted}')).toHaveLength(1);
    expect(roleComparisons("  case 'admin':")).toHaveLength(1);
    expect(roleComparisons("emails.filter((e) => !e.startsWith('admin'))")).toHaveLength(1);
    expect(roleComparisons("const mayExport = useMay('export_audit');")).toEqual([]);
    expect(roleComparisons("const names = { admin: 'Admin', technician: 'Technician' };")).toEqual([]);
    expect(roleComparisons("// once compared role === 'admin'")).toEqual([]);
    expect(roleComparisons('<p role="status">')).toEqual([]);
  });
});
