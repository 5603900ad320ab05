import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, serviceBackArrows, specifiersOf, type ImportGraph } from './import-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));
const s = (file: string) => `services/clock/src/${file}`;

/** The most back-arrows the services may hold (see serviceBackArrows): none since issue 31 split attendance's kiosk and reporting's period rooms. */
const BACK_ARROW_CEILING = 0;

describe('the import graph', () => {
  it('reads every kind of import: type-only, re-exports and dynamic imports', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import { type B } from './b.ts';",
      "export { c } from './c.ts';",
      "export type { D } from './d.ts';",
      "const e = await import('./e.ts');",
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts']);
  });

  it('finds circles of any length, a file importing itself included, and nothing in a tree', () => {
    expect(importCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'], e: ['e'] }))).toEqual([['a', 'b', 'c'], ['e']]);
    expect(importCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it("counts a lower room's import of a higher one as a back-arrow, the cheaper side of a circle, and no test code", () => {
    const graph = graphOf({
      [s('app.ts')]: [s('punch/punch-routes.ts')],
      [s('context.ts')]: [s('punch/punch.ts')],
      [s('punch/punch-routes.ts')]: [s('context.ts'), s('punch/punch.ts')],
      [s('punch/punch-service.ts')]: [s('context.ts')],
      [s('punch/punch.ts')]: [],
      [s('punch/punch.int.test.ts')]: [s('app.ts')],
      [s('test-support/harness.ts')]: [s('app.ts')],
    });
    expect(serviceBackArrows(graph)).toEqual([{ from: s('context.ts'), to: s('punch/punch.ts') }]);
    expect(serviceBackArrows(graphOf({ [s('app.ts')]: [s('punch/punch-routes.ts')], [s('punch/punch-routes.ts')]: [s('context.ts')] }))).toEqual([]);
  });

  describe('of this repository', () => {
    const graph = importGraph(root);

    it('resolves the aliases and workspace packages to their files', () => {
      expect(graph.size).toBeGreaterThan(900);
      expect(graph.get('frontend/src/features/attendance/api/get-actors.ts')).toContain('frontend/src/lib/api-call.ts');
      expect(graph.get('services/reporting/src/app.ts')).toContain('packages/service-kit/src/index.ts');
    });

    it('has no import circle, type-only imports included', () => {
      expect(importCycles(graph)).toEqual([]);
    });

    it(`has at most ${BACK_ARROW_CEILING} back-arrows inside its services`, () => {
      const arrows = serviceBackArrows(graph).map(({ from, to }) => `${from} -> ${to}`);
      expect(arrows.length, arrows.join('\n')).toBeLessThanOrEqual(BACK_ARROW_CEILING);
    });
  });
});
