import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Group and other permission bits: none may be set on the embedded data. */
const GROUP_AND_OTHER = 0o077;

/** Creates `dir` (and missing parents) readable by its owner only; an existing one is tightened to 0700. */
export async function ownerOnlyDir(dir: string): Promise<void> {
  // mkdir's mode is filtered by the umask and ignored for a directory that exists: chmod says it exactly.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/**
 * Clears the group and other bits of `root` and of everything under it: what an older version or a
 * loose umask left readable, and the files PGlite copies in world-writable (0666) when it creates a
 * database, whatever the umask. Symbolic links are neither followed nor changed.
 */
export async function restrictToOwner(root: string): Promise<void> {
  try {
    const stats = await lstat(root);
    if (stats.isSymbolicLink()) return;
    if (stats.mode & GROUP_AND_OTHER) await chmod(root, stats.mode & 0o7777 & ~GROUP_AND_OTHER);
    if (!stats.isDirectory()) return;
    const entries = await readdir(root);
    await Promise.all(entries.map((entry) => restrictToOwner(join(root, entry))));
  } catch (error) {
    // A running database removes its temporary files at any moment: one that is gone needs no tightening.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
