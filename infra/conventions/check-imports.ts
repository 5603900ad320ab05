import { fileURLToPath } from 'node:url';
import { importCycles, importGraph, serviceBackArrows } from './import-graph.ts';

/**
 * `pnpm lint`'s import check: fails on any import circle, type-only imports included (import-x/no-cycle cannot
 * count those), and counts the back-arrows inside services (their ceiling is held by import-graph.unit.test.ts);
 * `--arrows` lists them.
 */
const started = performance.now();
const graph = importGraph(fileURLToPath(new URL('../..', import.meta.url)));
const cycles = importCycles(graph);
const arrows = serviceBackArrows(graph);
for (const cycle of cycles) console.error(`Import circle: ${cycle.join(' <-> ')}`);
if (process.argv.includes('--arrows')) for (const { from, to } of arrows) console.log(`Back-arrow: ${from} -> ${to}`);
console.log(`${graph.size} files, ${cycles.length} import circles, ${arrows.length} back-arrows in services (${Math.round(performance.now() - started)} ms)`);
if (cycles.length > 0) process.exitCode = 1;
