// The renderer's layers hold: the shell imports screens and kits, screens import kits, and no arrow points
// back up (issue 28: 17 on this measure before the shell gave its widgets to renderer/widgets/, 4 before the folder
// cycles were removed, none since). The counter is shown counting, so it cannot pass vacuously.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, sourcesUnder } from './import-graph.ts';
import { rendererFolder, upwardArrows } from './renderer-arrows.ts';

const root = resolve(import.meta.dirname, '../../..');
const MAX_UPWARD_ARROWS = 0;

describe('upward arrows in the renderer', () => {
  it(`are at most ${MAX_UPWARD_ARROWS}, each listed with the imports behind it`, () => {
    const sources = sourcesUnder(root, 'renderer');
    expect(sources.length).toBeGreaterThan(300);
    const arrows = upwardArrows(importGraph(root, sources));
    expect(arrows.length, arrows.join('\n')).toBeLessThanOrEqual(MAX_UPWARD_ARROWS);
  });

  it('names folders: the shell, one per screen, one per kit; the entry belongs to none', () => {
    expect(rendererFolder('renderer/app/App.tsx')).toBe('app');
    expect(rendererFolder('renderer/screens/order/OrderView.tsx')).toBe('screens/order');
    expect(rendererFolder('renderer/records/list/PagedList.tsx')).toBe('records');
    expect(rendererFolder('renderer/main.tsx')).toBeNull();
  });

  it('counts a kit importing the shell or a screen, a screen importing the shell, and a pair once', () => {
    const graph = new Map([
      ['renderer/app/Screen.tsx', ['renderer/screens/order/OrderView.tsx', 'renderer/widgets/StaleNote.tsx']],
      ['renderer/screens/order/OrderView.tsx', ['renderer/app/StaleNote.tsx', 'renderer/widgets/StaleNote.tsx']],
      ['renderer/app/StaleNote.tsx', []],
      ['renderer/widgets/StaleNote.tsx', ['renderer/screens/tasks/TasksScreen.tsx', 'renderer/queries/a.ts']],
      ['renderer/screens/tasks/TasksScreen.tsx', []],
      ['renderer/queries/a.ts', ['renderer/state/b.ts']],
      ['renderer/state/b.ts', ['renderer/queries/a.ts']],
    ]);
    expect(upwardArrows(graph)).toEqual([
      'queries <-> state (renderer/queries/a.ts -> renderer/state/b.ts)',
      'screens/order <-> app (renderer/screens/order/OrderView.tsx -> renderer/app/StaleNote.tsx)',
      'widgets -> screens/tasks (renderer/widgets/StaleNote.tsx -> renderer/screens/tasks/TasksScreen.tsx)',
    ]);
  });
});
