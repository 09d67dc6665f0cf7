import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, groupGraph, importGraph, windowRoom, type ImportGraph } from './import-graph.ts';

/**
 * Dependencies in main point one way (issue 40): no import cycle between its files, as `madge --circular main`
 * would report them (type-only imports count), and no cycle among its folders wider than two.
 */
const root = join(import.meta.dirname, '..', '..');
const graph = importGraph(root, 'main');

describe('import cycles in main', () => {
  it('finds cycles as madge does: through several files, of a file with itself, and between folders', () => {
    const graph: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['e.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    const folders = folderGraph(
      new Map([
        ['main/x/a.ts', ['main/y/b.ts']],
        ['main/y/b.ts', ['main/z/c.ts']],
        ['main/z/c.ts', ['main/x/d.ts']],
        ['main/x/d.ts', []],
      ]),
      2,
    );
    expect(cycles(folders)).toEqual([['main/x', 'main/y', 'main/z']]);
  });

  it('reads every kind of import of main', () => {
    // wallet.ts imports the core by value, platform.ts its shapes by type, profiles/ the sandbox by import().
    expect(graph.get('main/wallet.ts')).toContain('main/core/open-keys.ts');
    expect(graph.get('main/platform/platform.ts')).toContain('main/platform/host-ports.ts');
    expect(graph.get('main/index.ts')).toContain('main/profiles/local-sandbox.ts');
  });

  it('has no import cycle between files of main', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('has no cycle among the folders of main wider than two', () => {
    const wide = cycles(folderGraph(graph, 2)).filter((cycle) => cycle.length > 2);
    expect(wide).toEqual([]);
  });

  it('has no import cycle in common/ either, which madge follows main into', () => {
    // Found by `madge --circular main`: the passphrase estimator, loaded by import(), imported what loads it.
    expect(cycles(importGraph(root, 'common'))).toEqual([]);
  });

  it('keeps the host port, the network and the composition root out of every cycle', () => {
    const inCycle = cycles(graph).flat();
    for (const file of ['main/wallet.ts', 'main/platform/platform.ts']) expect(inCycle).not.toContain(file);
    expect(inCycle.filter((file) => file.startsWith('main/core/') || file.startsWith('main/net/'))).toEqual([]);
  });
});

/**
 * Imports point one way in the window (issue 41): screens over components, state, lib and i18n, no screen over
 * another, i18n under everything. The lint zones say which way (test/lint/boundaries.test.ts); this says there is
 * no way round: no cycle between the window's files, nor among its rooms (windowRoom).
 */
const windowGraph = importGraph(root, 'renderer/src');

describe('import cycles in the window', () => {
  it('groups the window into rooms: each shared folder, and each screen file and folder on its own', () => {
    expect(windowRoom('renderer/src/components/Dialog.tsx')).toBe('renderer/src/components');
    expect(windowRoom('renderer/src/screens/pay/Review.tsx')).toBe('renderer/src/screens/pay');
    expect(windowRoom('renderer/src/screens/PayScreen.tsx')).toBe('renderer/src/screens/PayScreen.tsx');
    expect(windowRoom('renderer/src/App.tsx')).toBe('renderer/src/App.tsx');
    const rooms = groupGraph(
      new Map([
        ['renderer/src/lib/a.ts', ['renderer/src/state/b.ts']],
        ['renderer/src/state/b.ts', ['renderer/src/lib/c.ts']],
        ['renderer/src/lib/c.ts', []],
      ]),
      windowRoom,
    );
    expect(cycles(rooms)).toEqual([['renderer/src/lib', 'renderer/src/state']]);
  });

  it('reads every kind of import of the window', () => {
    // App.tsx imports the screens by value, the provider i18n's by value, the pay screen its parts by import().
    expect(windowGraph.get('renderer/src/App.tsx')).toContain('renderer/src/screens/PayScreen.tsx');
    expect(windowGraph.get('renderer/src/state/wallet-context.tsx')).toContain('renderer/src/i18n/index.ts');
    expect(windowGraph.get('renderer/src/screens/pay/lazy-parts.ts')).toContain(
      'renderer/src/screens/pay/ScheduleEditor.tsx',
    );
  });

  it('has no import cycle between files of the window', () => {
    expect(cycles(windowGraph)).toEqual([]);
  });

  it('has no import cycle among the rooms of the window', () => {
    expect(cycles(groupGraph(windowGraph, windowRoom))).toEqual([]);
  });
});
