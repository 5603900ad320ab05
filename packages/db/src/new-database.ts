import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ownerOnlyDir, restrictToOwner } from './owner-only.ts';

/**
 * What an embedded database is created with, for a small machine: 1 MB WAL segments and little WAL kept
 * (PGlite runs no archiving nor replicas), and 16 MB of shared buffers (Postgres's 128 MB default is
 * resident memory PGlite keeps in its WASM heap; the OS caches the files anyway).
 */
export const INITDB_SETTINGS: readonly string[] = [
  '--wal-segsize=1',
  '--set',
  'shared_buffers=16MB',
  '--set',
  'min_wal_size=2MB',
  '--set',
  'max_wal_size=32MB',
];

const run = promisify(execFile);
/** A finished template's name (one being made has a `.<pid>-<random>` suffix instead). */
const TEMPLATE_NAME = /^pglite-(.+)-[0-9a-f]{12}$/;
/** Postgres looks for this file to know a data directory holds a database: it is copied last. */
const VERSION_FILE = 'PG_VERSION';

export interface NewDatabaseOptions {
  /** initdb's settings: part of a template's name, so a template made with others is never used. */
  settings: readonly string[];
  /**
   * An owner-only directory that keeps an empty database made once, copied for every new one (initdb costs
   * seconds of CPU, a copy of its ~30 MB a fraction). Omitted, or not writable, each new database runs initdb.
   */
  templatesDir?: string;
}

/**
 * Makes an empty database in `dataDir` (an empty directory): a copy of the template for this PGlite build and
 * these settings, made first if there is none. A template holds only what initdb writes, the same for every
 * installation: an installation's roles, schemas, secrets and data are made after, in its own copy. Upgrading
 * PGlite (or changing the settings) names a new template, so an old one is never loaded into a newer build.
 */
export async function createDatabase(dataDir: string, options: NewDatabaseOptions): Promise<void> {
  const template = options.templatesDir ? await readyTemplate(options.templatesDir, options.settings).catch(() => null) : null;
  if (!template) return initdbApart(dataDir, options.settings);
  // PG_VERSION last: a copy cut short is no database, and the next start copies again over it.
  await cp(template, dataDir, { recursive: true, filter: (source) => source !== join(template, VERSION_FILE) });
  await cp(join(template, VERSION_FILE), join(dataDir, VERSION_FILE));
}

/**
 * Makes the template embedded databases are copied from, when missing: a launcher does it before it starts (as
 * it builds the web app), so neither a first start's time nor its process's memory pays for initdb.
 */
export async function prepareDatabaseTemplate(templatesDir: string): Promise<void> {
  await readyTemplate(templatesDir, INITDB_SETTINGS);
}

/** The template's directory, made now when missing (beside, then renamed: processes starting together each make one, one wins). */
async function readyTemplate(templatesDir: string, settings: readonly string[]): Promise<string> {
  const version = pgliteVersion();
  const template = join(templatesDir, templateName(version, settings));
  if (existsSync(join(template, VERSION_FILE))) return template;
  await ownerOnlyDir(templatesDir);
  await removeTemplatesOfOtherBuilds(templatesDir, version);
  const making = `${template}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await ownerOnlyDir(making);
    await initdbApart(making, settings);
    await restrictToOwner(making);
    await rename(making, template).catch(async (error: unknown) => {
      // Another process's template got there first: it is as good as ours.
      if (!existsSync(join(template, VERSION_FILE))) throw error;
    });
    return template;
  } finally {
    await rm(making, { recursive: true, force: true });
  }
}

/** An upgrade leaves the old build's template behind (~30 MB): it can serve no new database. */
async function removeTemplatesOfOtherBuilds(templatesDir: string, version: string): Promise<void> {
  const others = (await readdir(templatesDir)).filter((name) => {
    const build = TEMPLATE_NAME.exec(name)?.[1];
    return build !== undefined && build !== version;
  });
  await Promise.all(others.map((name) => rm(join(templatesDir, name), { recursive: true, force: true })));
}

function pgliteVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8')) as { version: string }).version;
}

/** `pglite-<version>-<hash of the settings>`: the PGlite build that wrote it and how. */
function templateName(version: string, settings: readonly string[]): string {
  const hash = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 12);
  return `pglite-${version}-${hash}`;
}

/**
 * initdb in a second PGlite, in a child process: PGlite's WASM heap (about 100 MB) and what V8 allocates compiling
 * it would otherwise stay with the product (a worker thread returns the heap when it ends, but not the malloc
 * arenas its compilers filled: measured 400 MB RSS idle after a first start, 306 MB without initdb in process).
 */
async function initdbApart(dataDir: string, settings: readonly string[]): Promise<void> {
  // Plain JavaScript, so the child needs no TypeScript loader; PGlite is resolved here, where the package is known.
  const code = `const { pglite, dataDir, settings } = JSON.parse(process.argv[1]);
    const { PGlite } = await import(pglite);
    await (await PGlite.create({ dataDir, initDbStartParams: settings })).close();`;
  const job = JSON.stringify({ pglite: import.meta.resolve('@electric-sql/pglite'), dataDir, settings });
  try {
    await run(process.execPath, ['--input-type=module', '--eval', code, job]);
  } catch (error) {
    throw new Error(`Creating the database in ${dataDir} failed`, { cause: error });
  }
}
