// The events relay is a room of its own (issue 25), sealed like the training service: nothing outside it imports it,
// and it imports only contract/, kits/, npm packages, node and itself.
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from './imports-of.ts';
import { isAppSource, root, treeFiles } from './source-tree.ts';

const RELAY = 'relay/';

/** What one file breaks of the relay room's rules (paths relative to the repository root). */
function relayRoomProblems(file: string, source: string): string[] {
  const inside = file.startsWith(RELAY);
  return importsOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative('.', normalize(join(dirname(file), specifier))))
    .flatMap((to) => {
      const intoRelay = to.startsWith(RELAY);
      if (!inside && intoRelay) return [`${file} imports the relay's ${to}`];
      if (inside && !intoRelay && !/^(contract|kits)\//.test(to))
        return [`${file}: the relay imports only contract/, kits/ and itself, not ${to}`];
      return [];
    });
}

describe('the events relay as a room of its own', () => {
  it('nothing in the app imports it, and it imports only contract/, kits/ and itself', () => {
    const files = treeFiles().filter(isAppSource);
    expect(files.filter((f) => f.startsWith(RELAY)).length).toBeGreaterThan(3);
    const problems = files.flatMap((f) => relayRoomProblems(f, readFileSync(resolve(root, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('the rules catch each kind of crossing', () => {
    expect(relayRoomProblems('main/station/x.ts', "import { a } from '../../relay/relay.ts';")).toHaveLength(1);
    expect(relayRoomProblems('relay/x.ts', "import { a } from '../main/events/inbox.ts';")).toHaveLength(1);
    expect(relayRoomProblems('relay/x.ts', "import { a } from '../training/index.ts';")).toHaveLength(1);
    const allowed =
      "import { connect } from '@nats-io/transport-node';\nimport { a } from '../contract/x.ts';\nimport { b } from '../kits/sqlite/db.ts';";
    expect(relayRoomProblems('relay/x.ts', allowed)).toEqual([]);
  });
});
