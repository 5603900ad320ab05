import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '@ams/db';
import { ATTENDANCE_SCHEMA, attendanceMigrations } from '../migrations.ts';

/** An installation from before `migration`: attendance's own migrations that came before it (the other sources' in full). */
export async function migrateBefore(url: string, migration: string): Promise<void> {
  const own = attendanceMigrations.find((source) => source.name === 'attendance');
  if (!own) throw new Error('no attendance migrations');
  const older = await mkdtemp(join(tmpdir(), 'attendance-migrations-'));
  try {
    for (const file of await readdir(own.dir)) if (file < migration) await copyFile(join(own.dir, file), join(older, file));
    await migrate({ connectionString: url, schema: ATTENDANCE_SCHEMA, sources: attendanceMigrations.map((source) => (source === own ? { ...own, dir: older } : source)) });
  } finally {
    await rm(older, { recursive: true, force: true });
  }
}
