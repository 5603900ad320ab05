import { loadEmbeddedConfig } from './config.ts';
import { lockDataDir, secureDataDir } from './data-dir.ts';
import { appDatabases, startDatabase } from './embedded.ts';

// Applies every app's pending migrations to the embedded databases, then exits.
// Owner-only whatever the shell's umask: the files this process writes hold the install's data.
process.umask(0o077);
const config = loadEmbeddedConfig(process.env);
const unlock = await lockDataDir(config.DATA_DIR);
try {
  await secureDataDir(config.DATA_DIR);
  for (const app of appDatabases) {
    const database = await startDatabase(config.DATA_DIR, app);
    await database.pool.end();
    await database.postgres.stop();
    console.log(`${app.name}: migrations applied`);
  }
} finally {
  await unlock();
}
