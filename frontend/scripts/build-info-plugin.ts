import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { buildCommit, collectAttributions } from './attributions.ts';

const ABOUT = 'virtual:about';
const ATTRIBUTIONS = 'virtual:attributions';

/**
 * What the Settings page's About and Attributions sections show, computed when the SPA is built: the
 * product's version (root package.json), the commit built from, the MIT licence text (LICENSE), and the
 * licences of every third-party package of the SPA and the server from the installed packages' metadata.
 * Both are virtual modules the sections import on demand, so none of it is in the first load.
 */
export function buildInfo(root: string): Plugin {
  return {
    name: 'ams-build-info',
    resolveId: (id) => (id === ABOUT || id === ATTRIBUTIONS ? `\0${id}` : null),
    load(id) {
      if (id === `\0${ABOUT}`) {
        const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string };
        const about = { version: version ?? '0.0.0', commit: buildCommit(root), licence: readFileSync(join(root, 'LICENSE'), 'utf8') };
        return `export const about = ${JSON.stringify(about)};`;
      }
      if (id === `\0${ATTRIBUTIONS}`) return `export const attributions = ${JSON.stringify(collectAttributions(root))};`;
      return null;
    },
  };
}
