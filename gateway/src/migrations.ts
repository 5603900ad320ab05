import { fileURLToPath } from 'node:url';
import { busMigrations } from '@ams/bus';
import type { MigrationSource } from '@ams/db';

export const GATEWAY_SCHEMA = 'gateway';

export const gatewayMigrations: MigrationSource[] = [busMigrations, { name: 'gateway', dir: fileURLToPath(new URL('../migrations', import.meta.url)) }];
