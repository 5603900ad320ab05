import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as tfjs from '@tensorflow/tfjs';

export type Tf = typeof tfjs;
type LoadRouter = Parameters<Tf['io']['registerLoadRouter']>[0];

const routed = new WeakSet<Tf>();

/**
 * Lets TensorFlow.js load `file://` model URLs from disk. Without tfjs-node it only knows http(s),
 * and Node's fetch refuses file URLs; a load router does this without patching the global fetch.
 */
export function routeFileUrlsToDisk(tf: Tf): void {
  if (routed.has(tf)) return;
  routed.add(tf);
  // tfjs skips a router that returns null (the router type does not say so).
  const router = ((url: string | string[]) =>
    typeof url === 'string' && url.startsWith('file://') ? { load: () => readModel(tf, fileURLToPath(url)) } : null) as LoadRouter;
  tf.io.registerLoadRouter(router);
}

async function readModel(tf: Tf, modelJsonPath: string): Promise<tfjs.io.ModelArtifacts> {
  const modelJson = JSON.parse(await readFile(modelJsonPath, 'utf8')) as tfjs.io.ModelJSON;
  const directory = path.dirname(modelJsonPath);
  return tf.io.getModelArtifactsForJSON(modelJson, async (manifest) => {
    const files = await Promise.all(manifest.flatMap((group) => group.paths.map((file) => readFile(path.join(directory, file)))));
    const weightData = tf.io.concatenateArrayBuffers(files.map((file) => new Uint8Array(file).buffer));
    return [tf.io.getWeightSpecs(manifest), weightData];
  });
}
