// Node 24 for this project's scripts on a machine whose node is older, without touching that node.
// Plain JavaScript (no TypeScript syntax), so an old node (18+) runs it; `pnpm install` runs it (postinstall).
//
//   node scripts/node24.mjs            on node < 24: Node 24 into a private prefix (the npm registry's official
//                                      binary, node-<os>-<arch>@24), linked as node_modules/.bin/node, which pnpm
//                                      puts first on PATH for every script (and its bin shims prefer); on node >= 24:
//                                      removes that link, so the machine's node runs them.
//   node scripts/node24.mjs --bin-dir  Node 24 into the private prefix if missing; prints its bin directory (.ci/node24).
//
// Installing on the older node is fine: the native dependencies (argon2, sharp, rolldown…) are prebuilt N-API
// binaries, not built against the running node (only esbuild's install script runs), and such an install holds the
// same packages as one on Node 24 (compared: node_modules/.pnpm and every .node file alike).
//
// The prefix: AMS_NODE24_PREFIX, else /opt/ams-node24 for root (outside root's home: a test runs node as the OS
// user nobody, who must reach it), else ~/.cache/ams-node24.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const NEEDED = 24;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const link = join(root, 'node_modules', '.bin', 'node');

/** The major version of the node at `path`, or 0 when it does not run. */
function majorOf(path) {
  const run = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return run.status === 0 ? Number(run.stdout.split('.')[0]) : 0;
}

function fail(line) {
  console.error(`node24: ${line}`);
  process.exit(1);
}

function defaultPrefix() {
  if (process.env.AMS_NODE24_PREFIX) return resolve(process.env.AMS_NODE24_PREFIX);
  if (process.getuid?.() === 0) return '/opt/ams-node24';
  return join(homedir(), '.cache', 'ams-node24');
}

/**
 * npm's environment without what pnpm exports for its own scripts (its global config file, lockfile settings…),
 * keeping the settings that reach the registry: where it is, certificates, proxies, retries, the cache.
 */
function npmEnv() {
  const reach =
    /^npm_config_(registry|.*:registry|cafile|ca|cert|key|strict_ssl|https?_proxy|proxy|noproxy|userconfig|cache|offline|prefer_offline|fetch_.*)$/i;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || reach.test(key)));
}

/** The bin directory of a Node 24 in the prefix, installing it there first when it is missing. */
function ensureNode24(prefix) {
  const bin = join(prefix, 'bin');
  if (majorOf(join(bin, 'node')) >= NEEDED) return bin;

  const os = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const manual = `put a Node ${NEEDED} first on PATH (https://nodejs.org/en/download) and run: pnpm install && pnpm start`;
  if (!os) fail(`no Node ${NEEDED} package for ${process.platform} in the npm registry; ${manual}`);
  const spec = `node-${os}-${process.arch}@${NEEDED}`;
  console.error(`node24: installing Node ${NEEDED} (${spec} from the npm registry) into ${prefix}`);

  // Into a fresh directory renamed into place: an interrupted or concurrent install never leaves a half prefix.
  mkdirSync(dirname(prefix), { recursive: true });
  const staging = `${prefix}.installing-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  const npm = spawnSync('npm', ['install', '--global', '--prefix', staging, '--no-audit', '--no-fund', '--loglevel=error', spec], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: npmEnv(),
    encoding: 'utf8',
  });
  if (npm.status !== 0 || majorOf(join(staging, 'bin', 'node')) < NEEDED) {
    rmSync(staging, { recursive: true, force: true });
    // npm's own account of it in one line: its first error line that is more than a code.
    const why = npm.error?.message ?? `${npm.stderr ?? ''}`.split('\n').find((line) => /^npm error (?!(code|errno|syscall)\b)\S/.test(line));
    fail(`npm install --global --prefix ${prefix} ${spec} failed${why ? ` (${why})` : ''}; ${manual}`);
  }
  try {
    rmSync(prefix, { recursive: true, force: true }); // an older or broken one
    renameSync(staging, prefix);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (majorOf(join(bin, 'node')) < NEEDED) throw error; // else another install finished first
  }
  return bin;
}

// The node that runs pnpm (which sets npm_node_execpath), not this one: a re-install runs this on the linked Node 24.
const machineNode = process.env.npm_node_execpath || process.execPath;
if (process.argv[2] === '--bin-dir') {
  console.log(ensureNode24(defaultPrefix()));
} else if (majorOf(machineNode) >= NEEDED) {
  // A link left by an install on an older node: the machine's own Node 24+ runs the scripts now.
  if (isOurLink()) rmSync(link);
} else {
  const bin = ensureNode24(defaultPrefix());
  rmSync(link, { force: true });
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(join(bin, 'node'), link);
  console.log(`node24: this project's scripts run on Node ${NEEDED} (${link} -> ${join(bin, 'node')}); the machine's node (${machineNode}) is left as it is`);
}

/** A symbolic link to some prefix's bin/node: what this script makes (a package's node shim is a file). */
function isOurLink() {
  try {
    return lstatSync(link).isSymbolicLink() && readlinkSync(link).endsWith(join('bin', 'node'));
  } catch {
    return false;
  }
}
