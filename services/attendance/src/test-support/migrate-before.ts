import { migrateBefore as migrateSourceBefore } from '@ams/db/testing';
import { ATTENDANCE_SCHEMA, attendanceMigrations } from '../migrations.ts';

/** An installation from before `migration`: attendance's own migrations that came before it (the other sources' in full). */
export function migrateBefore(url: string, migration: string): Promise<void> {
  return migrateSourceBefore(url, ATTENDANCE_SCHEMA, attendanceMigrations, 'attendance', migration);
}
