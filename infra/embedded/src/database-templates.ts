import { fileURLToPath } from 'node:url';

/**
 * The empty database every new data directory starts as a copy of (initdb once per PGlite build, not per
 * installation), kept with the install's other build caches: it belongs to the code, not to any installation.
 */
export const databaseTemplatesDir = fileURLToPath(new URL('../../../node_modules/.cache/ams/database-templates', import.meta.url));
