import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ownerOnlyDir, restrictToOwner } from '@ams/db';

/**
 * The data directory holds password and PIN hashes, face templates and the secrets: it is created
 * 0700, and one an older version left readable by others (0755 directories, 0644 or PGlite's 0666
 * files) is tightened, so everything inside is 0700 or 0600 before any database opens.
 */
export async function secureDataDir(dataDir: string): Promise<void> {
  await ownerOnlyDir(dataDir);
  await restrictToOwner(dataDir);
}

/**
 * Only one process may run on a data directory: two PGlite instances on the same files would
 * corrupt them. The lock names the owner's pid; a lock left by a dead process is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = join(dataDir, 'ams.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new Error(`${dataDir} is in use by process ${owner}; stop it first or set DATA_DIR.`);
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
