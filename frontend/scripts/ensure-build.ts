import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `pnpm start` serves frontend/dist: build it when it is missing or older than its sources, so a fresh
 * checkout shows the app and a second start stays fast.
 */
const frontend = fileURLToPath(new URL('..', import.meta.url));
const built = join(frontend, 'dist', 'index.html');
/** Written last by the build (scripts/precompress-plugin.ts): a dist without it was cut short or predates precompression. */
const finished = `${built}.br`;
const sources = [
  join(frontend, 'src'),
  // The build-info plugin and what it reads (version, licence); the attributions follow the lockfile.
  join(frontend, 'scripts'),
  join(frontend, '..', 'package.json'),
  join(frontend, '..', 'LICENSE'),
  join(frontend, '..', 'pnpm-lock.yaml'),
  join(frontend, 'index.html'),
  join(frontend, 'vite.config.ts'),
  join(frontend, 'package.json'),
  join(frontend, '..', 'packages', 'contracts', 'src'),
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

export function needsBuild(): boolean {
  if (!existsSync(built) || !existsSync(finished)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newest(source) > builtAt);
}

export function buildFrontend(): void {
  // Always a production build, also when started from a test runner that sets NODE_ENV=test.
  const result = spawnSync('pnpm', ['--dir', frontend, 'run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`The front-end build failed (exit ${String(result.status)})`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (needsBuild()) {
    console.log('Building the web app (frontend/dist)…');
    buildFrontend();
  }
}
