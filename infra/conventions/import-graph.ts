import { readFileSync, realpathSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The repository's import graph as TypeScript resolves it, counting every import: static, dynamic and type-only.
 * (import-x/no-cycle skips type-only imports with no option to keep them, so two circles passed lint.)
 */

/** One file's imports of other files of the repository, by repository-relative path. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The projects that together type-check every source file (package.json "typecheck"). */
export const projects = ['tsconfig.json', 'frontend/tsconfig.json', 'e2e/tsconfig.json'];

/** The specifiers a source imports or re-exports, `import type`, `export … from` and `import()` included. */
export function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** The graph of the projects' files: an edge for each import resolving to a file of the repository (not node_modules). */
export function importGraph(root: string, configs: readonly string[] = projects): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const config of configs) {
    const path = resolve(root, config);
    const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(path, ts.sys.readFile).config, ts.sys, dirname(path));
    const cache = ts.createModuleResolutionCache(dirname(path), (name) => name, parsed.options);
    for (const file of parsed.fileNames) {
      const from = relative(root, file);
      if (graph.has(from)) continue;
      const targets = new Set<string>();
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        const { resolvedModule } = ts.resolveModuleName(specifier, file, parsed.options, ts.sys, cache, undefined, ts.ModuleKind.ESNext);
        // Workspace packages resolve through node_modules links to their sources: the real path says which.
        if (!resolvedModule) continue;
        const to = relative(root, realpathSync(resolvedModule.resolvedFileName));
        if (!to.startsWith('..') && !to.includes('node_modules/')) targets.add(to);
      }
      graph.set(from, [...targets].sort());
    }
  }
  return graph;
}

/**
 * The import circles: each group of files that reach one another (a strongly connected component, Tarjan's
 * algorithm), a file importing itself included; files sorted within a group, groups by their first file.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const visit = (file: string): void => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(next)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort());
  };

  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** An import of one file by another, as a back-arrow is reported. */
export interface ImportArrow {
  from: string;
  to: string;
}

/** Tests and their support may import anything: they sit above the code they drive. */
const isTestCode = (file: string) => /\.test\.tsx?$|-test-support\.ts$|\/test-support\//.test(file);

/**
 * The back-arrows inside each service: the fewest imports that would have to go for the service's rooms (the folders
 * under src/) and its root files (app.ts, context.ts, …) to stack in one order where each imports only what lies below
 * it. An import is a back-arrow when it closes a circle between rooms: a lower room reaching up (context.ts importing a
 * room's type, a store importing a report's), or two sibling rooms importing each other. Of each circle the side with
 * fewer imports is counted. Test code is left out.
 */
export function serviceBackArrows(graph: ImportGraph): ImportArrow[] {
  const arrows: ImportArrow[] = [];
  const services = new Set([...graph.keys()].flatMap((file) => /^services\/[^/]+\/src\//.exec(file) ?? []));
  for (const service of [...services].sort()) {
    const roomOf = (file: string) => file.slice(service.length).split('/')[0]!;
    const imports = [...graph].flatMap(([from, targets]) =>
      from.startsWith(service) && !isTestCode(from)
        ? targets.filter((to) => to.startsWith(service) && !isTestCode(to) && roomOf(to) !== roomOf(from)).map((to) => ({ from, to }))
        : [],
    );
    const rooms = new Map<string, string[]>();
    for (const { from, to } of imports) rooms.set(roomOf(from), [...new Set([...(rooms.get(roomOf(from)) ?? []), roomOf(to)])]);
    for (const circle of importCycles(rooms)) {
      const inCircle = imports.filter(({ from, to }) => circle.includes(roomOf(from)) && circle.includes(roomOf(to)));
      const order = cheapestOrder(circle, (lower, upper) => inCircle.filter(({ from, to }) => roomOf(from) === lower && roomOf(to) === upper).length);
      arrows.push(...inCircle.filter(({ from, to }) => order.indexOf(roomOf(from)) < order.indexOf(roomOf(to))));
    }
  }
  return arrows;
}

/**
 * The rooms bottom first, in the order with the fewest imports running up (`upward(lower, upper)` counts those of one
 * pair): a search over the subsets of rooms already stacked, exact for the few rooms a circle holds.
 */
function cheapestOrder(rooms: readonly string[], upward: (lower: string, upper: string) => number): string[] {
  if (rooms.length > 16) throw new Error(`A circle of ${rooms.length} rooms is too large to order: ${rooms.join(', ')}`);
  const full = (1 << rooms.length) - 1;
  const best: Array<{ cost: number; order: string[] }> = [{ cost: 0, order: [] }];
  for (let placed = 0; placed < full; placed += 1) {
    const below = best[placed];
    if (!below) continue;
    rooms.forEach((room, bit) => {
      if (placed & (1 << bit)) return;
      const cost = below.cost + below.order.reduce((sum, lower) => sum + upward(lower, room), 0);
      const next = placed | (1 << bit);
      if (!best[next] || cost < best[next].cost) best[next] = { cost, order: [...below.order, room] };
    });
  }
  return best[full]!.order;
}
