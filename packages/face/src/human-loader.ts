import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as HumanLibrary from '@vladmandic/human';
import { FaceError } from './errors.ts';
import { routeFileUrlsToDisk, type Tf } from './model-files.ts';
import { onFirstUse } from './on-first-use.ts';

export type HumanFace = HumanLibrary.FaceResult;

/** Human with its TensorFlow.js namespace typed (Human declares it `any`). */
export interface LoadedHuman {
  human: HumanLibrary.Human;
  tf: Tf;
}

const require = createRequire(import.meta.url);
const REQUIRED_MODELS = ['blazeface', 'facemesh', 'faceres', 'antispoof', 'liveness'];

/**
 * Face only, tuned for single still photos: no video caching (`cacheSensitivity: 0`, no frame
 * skipping), no warm-up at load, and nothing we do not use (iris, emotion, body, hands, objects).
 */
function humanConfig(packageDirectory: string, wasmDirectory: string): Partial<HumanLibrary.Config> {
  return {
    backend: 'wasm',
    wasmPath: `${wasmDirectory}${path.sep}`,
    modelBasePath: `${pathToFileURL(path.join(packageDirectory, 'models')).href}/`,
    cacheModels: false,
    debug: false,
    warmup: 'none',
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      // Rotation straightens tilted heads before the mesh and the embedding; 5 faces are enough to say "several".
      detector: { rotation: true, maxDetected: 5, minConfidence: 0.2, return: false },
      mesh: { enabled: true },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: true },
      antispoof: { enabled: true },
      liveness: { enabled: true },
    },
  };
}

async function createHuman(): Promise<LoadedHuman> {
  // The package's exports map resolves only to its tfjs-node build (dist/human.node.js), which needs a
  // native download; its wasm build sits beside it and is required by path.
  const distDirectory = path.dirname(require.resolve('@vladmandic/human'));
  const library = require(path.join(distDirectory, 'human.node-wasm.js')) as typeof HumanLibrary;
  const wasmDirectory = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const human = new library.Human(humanConfig(path.dirname(distDirectory), wasmDirectory));
  const tf = human.tf as Tf;
  routeFileUrlsToDisk(tf);
  await human.load();
  // Human logs a model that fails to load and carries on; we would rather not start half blind.
  const missing = REQUIRED_MODELS.filter((name) => !human.models.loaded().includes(name));
  if (missing.length > 0) throw new Error(`models not loaded: ${missing.join(', ')}`);
  return { human, tf };
}

const models = onFirstUse(createHuman, (cause) => new FaceError('model-unavailable', 'The face models could not be loaded', { cause }));
let inferenceTail: Promise<unknown> = Promise.resolve();

/** Whether the models are in memory (for readiness checks); they load on the first analysis. */
export function isFaceModelLoaded(): boolean {
  return models.isLoaded();
}

/**
 * Runs `work` with the loaded models, one call at a time in the whole process. Human keeps its models
 * and per-frame state in module variables, so two detections interleaving at an await would mix
 * their faces; the wasm backend is single-threaded anyway, so serial costs no throughput.
 * The first call loads the models (about 0.2 s), never the import.
 */
export function withHuman<T>(work: (loaded: LoadedHuman) => Promise<T>): Promise<T> {
  const result = inferenceTail.then(async () => work(await models.get()));
  inferenceTail = result.catch(() => undefined);
  return result;
}
