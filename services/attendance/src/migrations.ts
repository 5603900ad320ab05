import { fileURLToPath } from 'node:url';
import { busMigrations } from '@ams/bus';
import type { MigrationSource } from '@ams/db';
import { directoryMigrations } from '@ams/directory';
import { eventStoreMigrations } from '@ams/event-store';

export const ATTENDANCE_SCHEMA = 'attendance';

export const attendanceMigrations: MigrationSource[] = [
  busMigrations,
  directoryMigrations,
  eventStoreMigrations,
  { name: 'attendance', dir: fileURLToPath(new URL('../migrations', import.meta.url)) },
];
