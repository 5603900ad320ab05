/**
 * Face pipeline costs on this machine: (1) ms per `analyse` of a 640×480 single-face photo after
 * warm-up, (2) 1:N search of a FaceIndex holding 10,000 random templates, (3) process RSS.
 * Goals: analyse ≤ 300 ms, search ≤ 5 ms.
 * Baselines, same run: for analyse, decoding the same JPEG to RGB pixels with sharp (what any image pipeline pays
 * before the model); for the search, the same scan as a plain JavaScript loop over one contiguous array.
 * The analysis end to end (HTTP, gateway, matching, ticket) against the engine alone is in bench/attendance.ts.
 *   pnpm bench:face   (BENCH_RUNS, BENCH_QUERIES to change the sample sizes)
 */
import { createFaceEngine, EMBEDDING_LENGTH, FaceIndex, normaliseEmbedding } from '@ams/face';
import { frameOf } from '@ams/face/testing';
import sharp from 'sharp';
import { printComparison, withLoadAverage } from './baseline.ts';

const runs = Number(process.env.BENCH_RUNS ?? 30);
const queries = Number(process.env.BENCH_QUERIES ?? 1000);
const warmUpRuns = 5;
const templates = 10_000;

interface Stats {
  mean: number;
  p50: number;
  p99: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { mean: sorted.reduce((sum, x) => sum + x, 0) / sorted.length, p50: at(0.5), p99: at(0.99) };
}

async function time(work: () => unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const megabytes = () => `${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`;

function randomTemplate(): Float32Array {
  return normaliseEmbedding(Array.from({ length: EMBEDDING_LENGTH }, () => Math.random()));
}

function scalarBest(rows: Float32Array, query: Float32Array): number {
  let best = -Infinity;
  for (let offset = 0; offset < rows.length; offset += query.length) {
    let dot = 0;
    for (let i = 0; i < query.length; i += 1) dot += rows[offset + i]! * query[i]!;
    if (dot > best) best = dot;
  }
  return best;
}

async function main(): Promise<void> {
  const rssAtStart = megabytes();
  const photo = await frameOf('sample6-left', 640, 480);
  const engine = createFaceEngine();
  const firstAnalyse = await time(async () => {
    const result = await engine.analyse(photo);
    if (result.kind !== 'one-face') throw new Error(`The bench photo must show one face, got ${result.kind}`);
  });
  const rssLoaded = megabytes();
  for (let i = 0; i < warmUpRuns; i += 1) await engine.analyse(photo);
  const analyse: number[] = [];
  for (let i = 0; i < runs; i += 1) analyse.push(await time(() => engine.analyse(photo)));
  await engine.close();
  const rssAfterRuns = megabytes();
  const decode: number[] = [];
  for (let i = 0; i < runs; i += 1) decode.push(await time(() => sharp(photo).removeAlpha().raw().toBuffer()));

  const index = new FaceIndex();
  const contiguous = new Float32Array(templates * EMBEDDING_LENGTH);
  for (let i = 0; i < templates; i += 1) {
    const template = randomTemplate();
    contiguous.set(template, i * EMBEDDING_LENGTH);
    index.upsert(`employee-${i}`, template);
  }
  const probes = Array.from({ length: 50 }, randomTemplate);
  for (const probe of probes) index.best(probe);
  const search: number[] = [];
  for (let i = 0; i < queries; i += 1) {
    const probe = probes[i % probes.length] ?? randomTemplate();
    search.push(await time(() => index.best(probe)));
  }
  // For comparison: the same scan as a tight JavaScript loop over one contiguous Float32Array.
  const scalar: number[] = [];
  for (const probe of probes) scalar.push(await time(() => scalarBest(contiguous, probe)));

  const row = (cells: string[]) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(44) : cell.padStart(9))).join(' | ')} |`;
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 0);
  console.log(`${runs} analyses after ${warmUpRuns} warm-up runs; ${queries} searches over ${templates} templates`);
  console.log(row(['measure', 'mean ms', 'p50 ms', 'p99 ms']));
  console.log(row(['-'.repeat(44), '-'.repeat(9), '-'.repeat(9), '-'.repeat(9)]));
  console.log(row(['first analyse, loading the models', ms(firstAnalyse), '', '']));
  for (const [name, samples] of [
    ['analyse 640×480, one face (goal ≤ 300)', analyse],
    [`FaceIndex.best, ${templates} × ${EMBEDDING_LENGTH} (goal ≤ 5)`, search],
    [`plain JS loop, ${templates} × ${EMBEDDING_LENGTH}`, scalar],
  ] as const) {
    const { mean, p50, p99 } = stats(samples);
    console.log(row([name, ms(mean), ms(p50), ms(p99)]));
  }
  for (const [figure, samples, baseline, baselineSamples] of [
    ['analyse p50', analyse, 'sharp decode of the same JPEG to RGB, p50', decode],
    ['FaceIndex.best p50', search, 'plain JS loop, p50', scalar],
  ] as const) {
    printComparison({ figure, value: stats(samples).p50, baseline, baselineValue: stats(baselineSamples).p50, unit: 'ms', better: 'lower' });
  }
  console.log(`RSS: ${rssAtStart} at start, ${rssLoaded} with the models loaded, ${rssAfterRuns} after the runs, ${megabytes()} with the index`);
}

await withLoadAverage('bench:face', main);
