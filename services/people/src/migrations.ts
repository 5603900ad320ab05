import { fileURLToPath } from 'node:url';
import { busMigrations } from '@ams/bus';
import type { MigrationSource } from '@ams/db';

export const PEOPLE_SCHEMA = 'people';

export const peopleMigrations: MigrationSource[] = [busMigrations, { name: 'people', dir: fileURLToPath(new URL('../migrations', import.meta.url)) }];
