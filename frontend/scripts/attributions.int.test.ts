import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { collectAttributions, productionPackages, serverWorkspaces, SPA_WORKSPACES } from './attributions.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface ListedDependency {
  version: string;
  path?: string;
  dependencies?: Record<string, ListedDependency>;
  optionalDependencies?: Record<string, ListedDependency>;
}

/** pnpm's own view of the production tree: `pnpm list --prod` of the workspaces and the workspace packages they use, installed packages only. */
function pnpmProductionTree(workspaces: readonly string[]): Set<string> {
  const filters = workspaces.flatMap((workspace) => ['--filter', `./${workspace}...`]);
  const output = execFileSync('pnpm', ['list', '--prod', '--depth', 'Infinity', '--json', ...filters], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const found = new Set<string>();
  const walk = (dependencies: Record<string, ListedDependency> | undefined) => {
    for (const [name, dependency] of Object.entries(dependencies ?? {})) {
      // Workspace packages are ours; a platform's optional binary for another platform is listed but not installed.
      if (!dependency.version.startsWith('link:') && (dependency.path === undefined || existsSync(dependency.path))) found.add(`${name}@${dependency.version}`);
      walk(dependency.dependencies);
      walk(dependency.optionalDependencies);
    }
  };
  for (const project of JSON.parse(output) as ListedDependency[]) {
    walk(project.dependencies);
    walk(project.optionalDependencies);
  }
  return found;
}

const keys = (packages: readonly { name: string; version: string }[]) => new Set(packages.map((item) => `${item.name}@${item.version}`));

describe('the attributions generated from the installed packages', () => {
  const attributions = collectAttributions(root);

  it('list exactly the production dependency tree of the SPA and of the server, as pnpm counts it', () => {
    const spa = pnpmProductionTree(SPA_WORKSPACES);
    const server = pnpmProductionTree(serverWorkspaces(root));
    expect(keys(attributions.spa)).toEqual(spa);
    expect(attributions.spa).toHaveLength(spa.size);
    expect(keys(attributions.server)).toEqual(server);
    expect(attributions.server).toHaveLength(server.size);
    expect(spa.size).toBeGreaterThan(10);
    expect(server.size).toBeGreaterThan(100);
  });

  it("carry each package's declared licence and its licence file", () => {
    expect(attributions.spa.find((item) => item.name === 'react')).toMatchObject({ license: 'MIT', licenseFile: 'LICENSE' });
    expect(attributions.server.find((item) => item.name === 'fastify')).toMatchObject({ license: 'MIT', licenseFile: 'LICENSE' });
    expect(attributions.server.find((item) => item.name === '@tensorflow/tfjs-core')).toMatchObject({ license: 'Apache-2.0' });
    // Our own workspace packages are not third-party.
    expect([...attributions.spa, ...attributions.server].filter((item) => item.name.startsWith('@ams/'))).toEqual([]);
  });

  it('include the face models the server ships, under the licence of the package that ships them', () => {
    const names = attributions.models.map((model) => model.name);
    expect(names).toEqual(expect.arrayContaining(['blazeface', 'facemesh', 'faceres', 'antispoof', 'liveness']));
    expect(attributions.models.find((model) => model.name === 'faceres')).toMatchObject({
      package: '@vladmandic/human',
      version: '3.3.6',
      license: 'MIT',
      licenseFile: 'LICENSE',
    });
  });
});

describe('a package added to a workspace', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'attributions-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  const writePackage = (dir: string, manifest: object, files: Record<string, string> = {}) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  };

  it('appears with its licence once it is among the dependencies, and its own dependencies with it', () => {
    writePackage(join(fixture, 'app'), { name: '@ams/app', dependencies: { 'left-pad': '1.0.0' } });
    writePackage(join(fixture, 'app', 'node_modules', 'left-pad'), { name: 'left-pad', version: '1.0.0', license: 'WTFPL' }, { 'COPYING.txt': 'x' });
    writePackage(
      join(fixture, 'app', 'node_modules', 'right-pad'),
      { name: 'right-pad', version: '2.1.0', licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }], dependencies: { 'pad-core': '^3' } },
      { 'LICENSE.md': 'x' },
    );
    writePackage(join(fixture, 'app', 'node_modules', 'pad-core'), { name: 'pad-core', version: '3.0.1' });
    expect(productionPackages(fixture, ['app']).map((item) => item.name)).toEqual(['left-pad']);

    writePackage(join(fixture, 'app'), { name: '@ams/app', dependencies: { 'left-pad': '1.0.0', 'right-pad': '2.1.0' } });
    expect(productionPackages(fixture, ['app'])).toEqual([
      { name: 'left-pad', version: '1.0.0', license: 'WTFPL', licenseFile: 'COPYING.txt', homepage: null },
      { name: 'pad-core', version: '3.0.1', license: 'UNKNOWN', licenseFile: null, homepage: null },
      { name: 'right-pad', version: '2.1.0', license: '(MIT OR Apache-2.0)', licenseFile: 'LICENSE.md', homepage: null },
    ]);
  });
});
