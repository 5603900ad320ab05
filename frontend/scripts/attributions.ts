import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

/** One third-party package (or model) shipped in the product, with its licence as its own metadata states it. */
export interface Attribution {
  name: string;
  version: string;
  /** The package.json `license` (SPDX expression), or the legacy `licenses` list joined by OR; 'UNKNOWN' when absent. */
  license: string;
  /** The licence file the package ships (LICENSE, LICENCE.md, COPYING…), or null when it ships none. */
  licenseFile: string | null;
  homepage: string | null;
}

export interface ModelAttribution {
  /** The model's file stem, e.g. faceres. */
  name: string;
  /** The package that ships it, whose licence it comes under. */
  package: string;
  version: string;
  license: string;
  licenseFile: string | null;
}

export interface Attributions {
  /** Packages in the SPA's production dependency tree (frontend and the workspace packages it uses). */
  spa: Attribution[];
  /** Packages in the server's production dependency tree (gateway, services and the embedded launcher). */
  server: Attribution[];
  /** The face models the server ships (in @vladmandic/human's models folder). */
  models: ModelAttribution[];
}

interface PackageJson {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: ({ type?: string } | string)[];
  homepage?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const LICENSE_FILE = /^(licen[cs]e|copying)([.-].*)?$/i;

function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

function licenseOf(pkg: PackageJson): string {
  if (typeof pkg.license === 'string' && pkg.license.trim()) return pkg.license.trim();
  if (pkg.license && typeof pkg.license === 'object' && pkg.license.type) return pkg.license.type;
  const legacy = (pkg.licenses ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.type)).filter((type): type is string => Boolean(type));
  return legacy.length > 1 ? `(${legacy.join(' OR ')})` : (legacy[0] ?? 'UNKNOWN');
}

function licenseFileIn(dir: string): string | null {
  return (
    readdirSync(dir)
      .filter((file) => LICENSE_FILE.test(file))
      .sort()[0] ?? null
  );
}

/** Node's own lookup from a package's real folder: each ancestor's node_modules (pnpm keeps a package's dependencies beside it). */
function resolvePackageDir(from: string, name: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    }
    if (dirname(dir) === dir) return null;
  }
}

/**
 * A peer dependency as the installation resolved it for this package: beside it (pnpm links the peers it
 * resolved into the package's own folder of the store), or in a workspace package's own node_modules;
 * never a hoisted copy further up, which the package was not installed with.
 */
function resolvePeerDir(dir: string, packageName: string, peer: string): string | null {
  const owner = dir.endsWith(`${sep}node_modules${sep}${packageName.split('/').join(sep)}`)
    ? dir.slice(0, dir.length - packageName.length)
    : join(dir, 'node_modules');
  const candidate = join(owner, peer);
  return existsSync(join(candidate, 'package.json')) ? realpathSync(candidate) : null;
}

/** A workspace package of ours (linked, not installed): its dependencies count, it does not. */
function isWorkspacePackage(dir: string, root: string): boolean {
  const inside = relative(root, dir);
  return !inside.startsWith('..') && !inside.split(sep).includes('node_modules');
}

/**
 * The third-party packages in the production dependency trees of `workspaces` (folders under `root`):
 * `dependencies`, installed `optionalDependencies` and the peers the installation resolved (as pnpm's own
 * `pnpm list --prod` counts them: listing a licence too many is harmless, one too few is not), followed
 * through our own workspace packages, each package once per version, sorted by name and version.
 */
export function productionPackages(root: string, workspaces: readonly string[]): Attribution[] {
  const realRoot = realpathSync(root);
  const found = new Map<string, Attribution>();
  const visited = new Set<string>();
  const queue = workspaces.map((workspace) => realpathSync(join(root, workspace)));
  while (queue.length > 0) {
    const dir = queue.pop() as string;
    if (visited.has(dir)) continue;
    visited.add(dir);
    const pkg = readPackage(dir);
    if (!isWorkspacePackage(dir, realRoot)) {
      const name = pkg.name ?? basename(dir);
      const version = pkg.version ?? '0.0.0';
      found.set(`${name}@${version}`, { name, version, license: licenseOf(pkg), licenseFile: licenseFileIn(dir), homepage: pkg.homepage ?? null });
    }
    for (const [dependencies, optional] of [
      [pkg.dependencies, false],
      [pkg.optionalDependencies, true],
    ] as const) {
      for (const name of Object.keys(dependencies ?? {})) {
        const resolved = resolvePackageDir(dir, name);
        if (resolved) queue.push(resolved);
        else if (!optional) throw new Error(`${name}, a dependency of ${pkg.name ?? dir}, is not installed`);
      }
    }
    for (const peer of Object.keys(pkg.peerDependencies ?? {})) {
      const resolved = resolvePeerDir(dir, pkg.name ?? '', peer);
      if (resolved) queue.push(resolved);
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** Every model file in the installed face library's models folder, under the licence of the package that ships it. */
export function faceModels(root: string, faceWorkspace = 'packages/face', library = '@vladmandic/human'): ModelAttribution[] {
  const dir = resolvePackageDir(realpathSync(join(root, faceWorkspace)), library);
  if (!dir) throw new Error(`${library} is not installed`);
  const pkg = readPackage(dir);
  const models = join(dir, 'models');
  return readdirSync(models)
    .filter((file) => file.endsWith('.json') && file !== 'models.json')
    .map((file) => file.replace(/\.json$/, ''))
    .sort()
    .map((name) => ({ name, package: library, version: pkg.version ?? '0.0.0', license: licenseOf(pkg), licenseFile: licenseFileIn(dir) }));
}

/** The workspaces that make up the SPA and the server. */
export const SPA_WORKSPACES = ['frontend'] as const;
export function serverWorkspaces(root: string): string[] {
  const services = readdirSync(join(root, 'services')).filter((name) => existsSync(join(root, 'services', name, 'package.json')));
  return ['infra/embedded', 'gateway', ...services.map((name) => `services/${name}`)];
}

export function collectAttributions(root: string): Attributions {
  return { spa: productionPackages(root, SPA_WORKSPACES), server: productionPackages(root, serverWorkspaces(root)), models: faceModels(root) };
}

/** The commit the build is made from: git's answer, else 'unknown' (a build from a source archive). */
export function buildCommit(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || 'unknown';
  } catch {
    return 'unknown';
  }
}
