import { prepareDatabaseTemplate } from '@ams/db/new-database';
import { databaseTemplatesDir } from './database-templates.ts';

// `pnpm start` runs this before the product, as it builds the web app: the empty database new data directories
// are copied from is made once per PGlite build (initdb, seconds of CPU), here rather than in the product's process.
process.umask(0o077);
await prepareDatabaseTemplate(databaseTemplatesDir);
