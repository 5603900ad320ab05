import { fileURLToPath } from 'node:url';
import { busMigrations } from '@ams/bus';
import type { MigrationSource } from '@ams/db';
import { directoryMigrations } from '@ams/directory';

export const LEAVE_SCHEMA = 'leave';

export const leaveMigrations: MigrationSource[] = [
  busMigrations,
  directoryMigrations,
  { name: 'leave', dir: fileURLToPath(new URL('../migrations', import.meta.url)) },
];
