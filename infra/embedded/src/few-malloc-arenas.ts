/** Two arenas: the main thread's and one shared by the helper threads. */
const ARENAS = '2';

/**
 * glibc gives threads that allocate their own malloc arenas (up to 8 per core) and keeps what is freed in them
 * resident: V8's background threads, compiling PGlite's WebAssembly and tiering it up, leave about 100 MB behind
 * in a product that is then idle (measured 465 → 364 MB RSS). glibc reads MALLOC_ARENA_MAX only when a process
 * starts, so the launcher replaces itself once (execve: same pid, same stdio, so signals and supervisors see no
 * difference) with the setting in its environment. A setting the user gave is kept; elsewhere than Linux, or
 * where Node cannot execve, it starts as it is.
 */
export function relaunchWithFewMallocArenas(env: NodeJS.ProcessEnv): void {
  if (process.platform !== 'linux' || env.MALLOC_ARENA_MAX !== undefined || !process.execve) return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...env, MALLOC_ARENA_MAX: ARENAS });
}
