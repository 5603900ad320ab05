import { loadEmbeddedConfig } from './config.ts';
import { lockDataDir } from './data-dir.ts';
import { appDatabases, startDatabase } from './embedded.ts';

// Applies every app's pending migrations to the embedded databases, then exits.
const config = loadEmbeddedConfig(process.env);
const unlock = await lockDataDir(config.DATA_DIR);
try {
  for (const app of appDatabases) {
    const database = await startDatabase(config.DATA_DIR, app);
    await database.pool.end();
    await database.postgres.stop();
    console.log(`${app.name}: migrations applied`);
  }
} finally {
  await unlock();
}
