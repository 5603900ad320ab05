/**
 * The kiosk's burst check (packages/face burst.ts) on real faces: how often it refuses the right person (false
 * rejects) and lets a replayed still or two people through (false accepts), and what a burst costs.
 *   (1) fixtures: bursts made from the face-api sample photos, each person's face moving along a small circle
 *       (radius 2, 4 and 8 % of the face width, several starting points), identified against the six enrolled
 *       portraits, as the kiosk does;
 *   (2) replays: one still of each person sent as every frame, byte-identical, re-encoded (JPEG quality 95 to
 *       55), with sensor-like noise, or shifted by one pixel a frame; a print of the photo held up to the
 *       camera and moved; and bursts mixing two people;
 *   (3) Chromium's fake camera playing a clip of each person swaying (e2e/support/fake-camera.ts), captured by
 *       the kiosk's own capture code (frontend/src/features/clock/capture-burst.ts) as the SPA sends it.
 * Baseline, same run: one genuine burst of each person analysed again right after it is judged, its frames one by
 * one (`analyse`, no burst check), summed; those bursts' analysis beside it, so that both meet the same load.
 *   pnpm bench:face-liveness   (BENCH_CAMERA_BURSTS: bursts per person from the camera, default 4)
 */
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import ts from 'typescript';
import { FACE_BURST } from '@ams/contracts';
import { BURST_THRESHOLDS, createFaceEngine, FaceIndex, MATCH_THRESHOLD, type BurstRefusal, type FaceEngine } from '@ams/face';
import { movingFramesOf, portraitOf, samplePhotoPath, SAMPLE_PEOPLE, type SamplePerson } from '@ams/face/testing';
import { fakeCameraArgs, writeMovingFaceCamera } from '../e2e/support/fake-camera.ts';
import { printComparison, withLoadAverage } from './baseline.ts';

const people = Object.keys(SAMPLE_PEOPLE) as SamplePerson[];
const cameraBursts = Number(process.env.BENCH_CAMERA_BURSTS ?? 4);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Outcome = 'accepted' | 'not matched' | 'wrong person' | BurstRefusal;

interface Tally {
  outcomes: Map<string, number>;
  motions: number[];
  realScores: number[];
  liveScores: number[];
  times: number[];
}

const newTally = (): Tally => ({ outcomes: new Map(), motions: [], realScores: [], liveScores: [], times: [] });

async function enrol(engine: FaceEngine): Promise<FaceIndex> {
  const index = new FaceIndex();
  for (const person of people) {
    const result = await engine.analyse(await portraitOf(person));
    if (result.kind !== 'one-face') throw new Error(`the portrait of ${person} must show one face, got ${result.kind}`);
    index.upsert(person, result.face.embedding);
  }
  return index;
}

/** Runs one burst as the kiosk would (analysis, then 1:N search) and counts how it ended. */
async function judge(engine: FaceEngine, index: FaceIndex, frames: readonly Buffer[], expected: SamplePerson | null, tally: Tally): Promise<Outcome> {
  const started = performance.now();
  const verdict = await engine.analyseBurst(frames);
  tally.times.push(performance.now() - started);
  let outcome: Outcome;
  if (verdict.kind === 'refused') {
    outcome = verdict.reason;
    if (verdict.motion !== undefined) tally.motions.push(verdict.motion);
  } else {
    tally.motions.push(verdict.face.motion);
    tally.realScores.push(verdict.face.realScore);
    tally.liveScores.push(verdict.face.liveScore);
    const match = index.bestMatch(verdict.face.embedding, MATCH_THRESHOLD);
    outcome = match === null ? 'not matched' : expected === null || match.id === expected ? 'accepted' : 'wrong person';
  }
  tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1);
  return outcome;
}

async function noisy(frame: Buffer, sigma: number, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(frame).raw().toBuffer({ resolveWithObject: true });
  let state = seed;
  const uniform = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (let i = 0; i < data.length; i += 1)
    data[i] = Math.max(0, Math.min(255, Math.round((data[i] ?? 0) + (uniform() + uniform() + uniform() - 1.5) * 2 * sigma)));
  return sharp(data, { raw: info }).jpeg({ quality: 85 }).toBuffer();
}

/** One still of the person sent as a burst, in the ways a replay could disguise it. */
async function replaysOf(person: SamplePerson): Promise<Record<string, Buffer[]>> {
  const [still = Buffer.alloc(0)] = await movingFramesOf(person, { frames: 1, radius: 0, turn: 0 });
  const count = FACE_BURST.frames;
  const indices = Array.from({ length: count }, (_, i) => i);
  const { width = 0, height = 0 } = await sharp(still).metadata();
  return {
    'one still replayed, byte-identical': indices.map(() => still),
    'one still replayed, re-encoded q95..55': await Promise.all(
      indices.map((i) =>
        sharp(still)
          .jpeg({ quality: 95 - i * 10 })
          .toBuffer(),
      ),
    ),
    'one still replayed, noise σ 4': await Promise.all(indices.map((i) => noisy(still, 4, i + 1))),
    'one still replayed, shifted 1 px a frame': await Promise.all(
      indices.map((i) =>
        sharp(still)
          .extract({ left: i, top: i, width: width - count, height: height - count })
          .resize(width, height)
          .jpeg({ quality: 85 })
          .toBuffer(),
      ),
    ),
  };
}

/**
 * A print of the person's photo (white border, tilted a little) held up to the camera in front of a blurred
 * room, moving a few pixels a frame: what the anti-spoofing and liveness scores would have to refuse.
 */
async function heldUpPrintOf(person: SamplePerson): Promise<Buffer[]> {
  const room = await sharp(samplePhotoPath(2)).resize(640, 480, { fit: 'cover' }).blur(40).toBuffer();
  const print = await sharp(await portraitOf(person, 0.4))
    .resize(260, 260)
    .extend({ top: 14, bottom: 14, left: 14, right: 14, background: '#f4f4f0' })
    .rotate(4, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return Promise.all(
    Array.from({ length: FACE_BURST.frames }, (_, i) =>
      sharp(room)
        .composite([{ input: print, left: 170 + i * 8, top: 80 + i * 5 }])
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
}

/** The kiosk's capture code, compiled for the page, exposed as window.captureBurst. */
async function captureScript(): Promise<string> {
  const source = await readFile(new URL('../frontend/src/features/clock/capture-burst.ts', import.meta.url), 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } });
  return `${outputText}\nwindow.captureBurst = captureBurst;`;
}

/** Bursts the kiosk's capture code takes from Chromium's fake camera playing a clip of `person` swaying. */
async function cameraBurstsOf(person: SamplePerson, pageUrl: string, script: string): Promise<{ bursts: Buffer[][]; largestFrame: number }> {
  const clip = join(tmpdir(), `ams-bench-camera-${person}-${process.pid}.y4m`);
  await writeMovingFaceCamera(clip, person);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', ...fakeCameraArgs(clip)] });
  try {
    const page = await browser.newPage();
    await page.goto(pageUrl);
    await page.addScriptTag({ type: 'module', content: script });
    // Page code as strings: this file is type-checked for Node, without the DOM.
    await page.waitForFunction(`'captureBurst' in window && (document.querySelector('video')?.videoWidth ?? 0) > 0`);
    const options = { frames: FACE_BURST.frames, intervalMs: FACE_BURST.intervalMs, maxWidth: FACE_BURST.maxFrameWidth, maxBytes: FACE_BURST.maxFrameBytes };
    const bursts: Buffer[][] = [];
    let largestFrame = 0;
    for (let i = 0; i < cameraBursts; i += 1) {
      // Bursts start at different points of the clip's loop.
      await page.waitForTimeout(700);
      const frames = await page.evaluate<string[]>(`window.captureBurst(document.querySelector('video'), ${JSON.stringify(options)})`);
      const decoded = frames.map((frame) => Buffer.from(frame, 'base64'));
      largestFrame = Math.max(largestFrame, ...decoded.map((frame) => frame.length));
      bursts.push(decoded);
    }
    return { bursts, largestFrame };
  } finally {
    await browser.close();
    await rm(clip, { force: true });
  }
}

const CAMERA_PAGE = `<!doctype html><title>camera</title><video autoplay muted playsinline></video>
<script>navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })
  .then((stream) => { const video = document.querySelector('video'); video.srcObject = stream; return video.play(); });</script>`;

function servePage(): Promise<{ url: string; close: () => void }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(CAMERA_PAGE));
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

const percentile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};
/** The baseline: `frames` through `analyse` one after the other, in ms. */
async function analysedOneByOne(engine: FaceEngine, frames: readonly Buffer[]): Promise<number> {
  const started = performance.now();
  for (const frame of frames) await engine.analyse(frame);
  return performance.now() - started;
}

const range = (samples: number[]) => (samples.length === 0 ? '–' : `${Math.min(...samples).toFixed(3)}–${Math.max(...samples).toFixed(3)}`);
const total = (tally: Tally) => [...tally.outcomes.values()].reduce((sum, n) => sum + n, 0);
const outcomes = (tally: Tally) => [...tally.outcomes].map(([outcome, n]) => `${outcome} ${n}`).join(', ');

function report(title: string, tally: Tally, wanted: 'accepted' | 'refused'): void {
  const accepted = tally.outcomes.get('accepted') ?? 0;
  const wrong = wanted === 'accepted' ? total(tally) - accepted : accepted + (tally.outcomes.get('wrong person') ?? 0);
  const rate = ((100 * wrong) / Math.max(1, total(tally))).toFixed(1);
  console.log(`${title}: ${total(tally)} bursts, ${wanted === 'accepted' ? 'false rejects' : 'false accepts'} ${wrong} (${rate} %) — ${outcomes(tally)}`);
  console.log(`    motion ${range(tally.motions)} · mean real ${range(tally.realScores)} · mean live ${range(tally.liveScores)}`);
}

async function main(): Promise<void> {
  const engine = createFaceEngine();
  const index = await enrol(engine);
  console.log(
    `Thresholds: motion ≥ ${BURST_THRESHOLDS.minMotion} of the face width, mean real ≥ ${BURST_THRESHOLDS.minRealScore}, mean live ≥ ${BURST_THRESHOLDS.minLiveScore}, same person ≥ ${BURST_THRESHOLDS.samePerson}, match ≥ ${MATCH_THRESHOLD}`,
  );

  const genuine = newTally();
  const paired: { burst: number[]; alone: number[] } = { burst: [], alone: [] };
  for (const person of people) {
    for (const radius of [0.02, 0.04, 0.08]) {
      for (const phase of [0, 1.6, 3.2, 4.8]) {
        const frames = await movingFramesOf(person, { frames: FACE_BURST.frames, radius, turn: 0.9, phase });
        await judge(engine, index, frames, person, genuine);
        if (radius !== 0.04 || phase !== 0) continue;
        paired.burst.push(genuine.times.at(-1) ?? Number.NaN);
        paired.alone.push(await analysedOneByOne(engine, frames));
      }
    }
  }
  report('(1) fixtures, each person moving (radius 2/4/8 % of the face)', genuine, 'accepted');

  const replays = new Map<string, Tally>();
  const mixed = newTally();
  for (const [i, person] of people.entries()) {
    for (const [kind, frames] of Object.entries(await replaysOf(person))) {
      const tally = replays.get(kind) ?? newTally();
      replays.set(kind, tally);
      await judge(engine, index, frames, null, tally);
    }
    const print = replays.get('photo held up, moving') ?? newTally();
    replays.set('photo held up, moving', print);
    await judge(engine, index, await heldUpPrintOf(person), null, print);
    const other = people[(i + 1) % people.length] ?? person;
    const [a0, a1, , a3, a4] = await movingFramesOf(person);
    const [, , b2] = await movingFramesOf(other);
    await judge(
      engine,
      index,
      [a0, a1, b2, a3, a4].filter((frame): frame is Buffer => frame !== undefined),
      null,
      mixed,
    );
  }
  for (const [kind, tally] of replays) report(`(2) ${kind}`, tally, 'refused');
  report('(2) two people in one burst', mixed, 'refused');

  const camera = newTally();
  const server = await servePage();
  const script = await captureScript();
  let largestFrame = 0;
  try {
    for (const person of people) {
      const captured = await cameraBurstsOf(person, server.url, script);
      largestFrame = Math.max(largestFrame, captured.largestFrame);
      for (const burst of captured.bursts) await judge(engine, index, burst, person, camera);
    }
  } finally {
    server.close();
  }
  report(`(3) Chromium's fake camera, each person swaying, ${cameraBursts} bursts each`, camera, 'accepted');
  console.log(`    largest captured frame ${(largestFrame / 1024).toFixed(0)} KiB (limit ${FACE_BURST.maxFrameBytes / 1024} KiB)`);

  const times = [...genuine.times, ...camera.times];
  console.log(
    `Analysis per burst of ${FACE_BURST.frames} frames (accepted or refused late): mean ${(times.reduce((sum, ms) => sum + ms, 0) / times.length).toFixed(0)} ms, p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms`,
  );
  printComparison({
    figure: `analysis of ${paired.burst.length} of those bursts, p50`,
    value: percentile(paired.burst, 0.5),
    baseline: `their ${FACE_BURST.frames} frames analysed one by one right after, p50`,
    baselineValue: percentile(paired.alone, 0.5),
    unit: 'ms',
    better: 'lower',
  });
  await engine.close();
}

await withLoadAverage('bench:face-liveness', main);
