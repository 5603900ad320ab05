import { loadEmbeddedConfig } from './config.ts';
import { lockDataDir, secureDataDir } from './data-dir.ts';
import { startDatabase } from './database.ts';

// Applies every app's pending migrations to the embedded database (moving an older version's per-app
// databases in), then exits. Owner-only whatever the shell's umask: the files it writes hold the install's data.
process.umask(0o077);
const config = loadEmbeddedConfig(process.env);
const unlock = await lockDataDir(config.DATA_DIR);
try {
  await secureDataDir(config.DATA_DIR);
  const database = await startDatabase(config.DATA_DIR, config.DATABASE_THREAD);
  await database.stop();
  console.log('Migrations applied');
} finally {
  await unlock();
}
