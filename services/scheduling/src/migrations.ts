import { fileURLToPath } from 'node:url';
import { busMigrations } from '@ams/bus';
import type { MigrationSource } from '@ams/db';
import { directoryMigrations } from '@ams/directory';

export const SCHEDULING_SCHEMA = 'scheduling';

export const schedulingMigrations: MigrationSource[] = [
  busMigrations,
  directoryMigrations,
  { name: 'scheduling', dir: fileURLToPath(new URL('../migrations', import.meta.url)) },
];
