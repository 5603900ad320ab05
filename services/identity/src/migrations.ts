import { fileURLToPath } from 'node:url';
import { busMigrations } from '@ams/bus';
import type { MigrationSource } from '@ams/db';

export const IDENTITY_SCHEMA = 'identity';

export const identityMigrations: MigrationSource[] = [busMigrations, { name: 'identity', dir: fileURLToPath(new URL('../migrations', import.meta.url)) }];
