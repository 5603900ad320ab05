import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; images, fonts (woff2) and the like are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Its siblings are written last: ensure-build takes `index.html.br` as the mark of a finished build. */
const INDEX = 'index.html';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside `file`, each only when it is smaller than the file itself. */
async function precompress(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Writes the .br and .gz siblings the gateway serves (@fastify/static `preCompressed`), at the highest
 * levels since it happens once per build. A post-order, sequential closeBundle step over the whole outDir,
 * so it also covers what other plugins write after the bundle (the PWA's service worker) and the public files.
 */
export function precompressBuild(): Plugin {
  let outDir = '';
  return {
    name: 'ams-precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) => TEXT_FILE.test(file));
        const index = join(outDir, INDEX);
        await Promise.all(files.filter((file) => file !== index).map(precompress));
        if (files.includes(index)) await precompress(index);
      },
    },
  };
}
