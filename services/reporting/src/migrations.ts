import { fileURLToPath } from 'node:url';
import { busMigrations } from '@ams/bus';
import type { MigrationSource } from '@ams/db';

export const REPORTING_SCHEMA = 'reporting';

export const reportingMigrations: MigrationSource[] = [busMigrations, { name: 'reporting', dir: fileURLToPath(new URL('../migrations', import.meta.url)) }];
