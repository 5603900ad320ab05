/**
 * Face analysis off the main thread: 4 kiosks send a 5-frame burst at once, analysed inline (workers: 0) and in
 * the worker pool, in one run. Per mode: burst completion p50/p99, the main thread's event-loop delay p99 and a
 * plain GET's latency (a tiny HTTP server on the main thread, asked every 25 ms) during the bursts, beside the
 * same GET on an idle main thread (the baseline). Also the process RSS before the first face, with the workers
 * loaded, and after they ended for idleness. Goals (issue 32): burst p50 ≤ 1.5 s, plain GET p99 ≤ 100 ms.
 *   node bench/face-pool.ts [rounds=3]
 */
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFaceEngine, type FaceEngine } from '@ams/face';
import { movingFramesOf, type SamplePerson } from '@ams/face/testing';

const rounds = Number(process.argv[2] ?? 3);
const kiosks: SamplePerson[] = ['sample1-left', 'sample3-right', 'sample4-second', 'sample6-left'];
const idleMs = 3000;
const getEveryMs = 25;

const percentile = (samples: readonly number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(0)} ms`;
const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function get(port: number): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    request({ port, path: '/api/plain', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(performance.now() - start));
    })
      .on('error', reject)
      .end();
  });
}

/** GETs every `getEveryMs` until `until` settles; their latencies. */
async function plainGets(port: number, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: Promise<number>[] = [];
  while (!done) {
    latencies.push(get(port));
    await sleep(getEveryMs);
  }
  return Promise.all(latencies);
}

interface Figures {
  bursts: number[];
  loopP99: number;
  gets: number[];
}

interface Mode {
  name: string;
  engine: FaceEngine;
  figures: Figures;
}

/** One round: every kiosk's burst at once, with plain GETs until the last burst is judged. */
async function round(mode: Mode, bursts: readonly Buffer[][], port: number): Promise<void> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const start = performance.now();
  const all = Promise.all(
    bursts.map(async (frames) => {
      const verdict = await mode.engine.analyseBurst(frames);
      if (verdict.kind !== 'live-face') throw new Error(`expected a live face, got ${JSON.stringify(verdict)}`);
      mode.figures.bursts.push(performance.now() - start);
    }),
  );
  mode.figures.gets.push(...(await plainGets(port, all)));
  await all;
  delay.disable();
  mode.figures.loopP99 = Math.max(mode.figures.loopP99, delay.percentile(99) / 1e6);
}

function report(mode: string, figures: Figures, baselineP99: number): void {
  const getP99 = percentile(figures.gets, 0.99);
  console.log(
    `${mode.padEnd(16)} bursts p50 ${ms(percentile(figures.bursts, 0.5))} p99 ${ms(percentile(figures.bursts, 0.99))} (n=${figures.bursts.length}) | ` +
      `event-loop delay p99 ${ms(figures.loopP99)} | plain GET p50 ${ms(percentile(figures.gets, 0.5))} p99 ${ms(getP99)} ` +
      `(${(getP99 / baselineP99).toFixed(1)}× the idle GET p99, n=${figures.gets.length}) | load ${load()}`,
  );
}

async function main(): Promise<void> {
  const server: Server = createServer((_request, response) => response.setHeader('content-type', 'application/json').end('{"ok":true}'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const bursts = await Promise.all(kiosks.map((person, i) => movingFramesOf(person, { frames: 5, radius: 0.04, turn: 0.9, phase: i })));

  const idleGets = await plainGets(port, sleep(2000));
  const baselineP99 = percentile(idleGets, 0.99);
  console.log(`plain GET on an idle main thread (baseline): p50 ${ms(percentile(idleGets, 0.5))} p99 ${ms(baselineP99)} | load ${load()}`);

  // Footprint first, while the main thread has not loaded the models: the RSS figures are the workers'.
  const rssBefore = rssMb();
  const shortLived = createFaceEngine({ workerIdleMs: idleMs });
  await shortLived.analyseBurst(bursts[0] ?? []); // every worker loads its models
  const rssLoaded = rssMb();
  await sleep(idleMs + 2000);
  const rssAfterIdle = rssMb();
  await shortLived.close();
  const inline = createFaceEngine({ workers: 0 });
  await inline.analyseBurst(bursts[0] ?? []);
  const rssInline = rssMb();

  const pool = createFaceEngine({ workerIdleMs: 600_000 });
  await pool.analyseBurst(bursts[0] ?? []);
  const modes: Mode[] = [
    { name: 'inline', engine: inline, figures: { bursts: [], loopP99: 0, gets: [] } },
    { name: 'worker pool (2)', engine: pool, figures: { bursts: [], loopP99: 0, gets: [] } },
  ];
  // Rounds alternate between the modes, so the load other work puts on the machine weighs on both alike.
  for (let i = 0; i < rounds; i += 1) for (const mode of modes) await round(mode, bursts, port);
  const [inlined, pooled] = modes.map((mode) => mode.figures) as [Figures, Figures];

  console.log(`4 kiosks × 5-frame bursts at once, ${rounds} rounds each, alternating (the machine is shared with other work):`);
  report('inline', inlined, baselineP99);
  report('worker pool (2)', pooled, baselineP99);
  const ratio = percentile(pooled.bursts, 0.5) / percentile(inlined.bursts, 0.5);
  console.log(
    `burst p50 pool ÷ inline ${ratio.toFixed(2)}; GET p99 pool ÷ inline ${(percentile(pooled.gets, 0.99) / percentile(inlined.gets, 0.99)).toFixed(2)}`,
  );
  console.log(
    `RSS: before the first face ${rssBefore.toFixed(0)} MB, 2 workers loaded ${rssLoaded.toFixed(0)} MB (${((rssLoaded - rssBefore) / 2).toFixed(0)} MB a worker), ` +
      `after their idle exit ${rssAfterIdle.toFixed(0)} MB; then the models loaded inline ${rssInline.toFixed(0)} MB`,
  );
  await Promise.all([pool.close(), inline.close()]);
  server.close();
}

await main();
