import { enableCompileCache } from 'node:module';
import { relaunchWithFewMallocArenas } from './few-malloc-arenas.ts';

// First, before anything allocates: the process the product runs in is this one relaunched with few malloc arenas.
relaunchWithFewMallocArenas(process.env);

// Node keeps what it makes of the sources (types stripped, bytecode) in the OS temp directory: a later start
// skips that work (about 0.3 s of CPU) and never loads the type stripper (about 20 MB). Hence the imports after it.
enableCompileCache();
const { loadEmbeddedConfig } = await import('./config.ts');
const { startEmbedded } = await import('./embedded.ts');

// Owner-only whatever the shell's umask: Postgres keeps writing files (statistics, caches, new
// relations) into the data directory while it runs, and they hold the install's data.
process.umask(0o077);
const system = await startEmbedded(loadEmbeddedConfig(process.env));
console.log(`Attendance Management System is ready at ${system.url}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    system.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed', error);
        process.exit(1);
      },
    );
  });
}
