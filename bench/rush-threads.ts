/**
 * CPU seconds of one process's threads, summed by thread name, from Linux's /proc (utime + stime of each task):
 * which of the embedded product's threads (the main event loop, libuv's pool, V8's helpers, workers) did the work
 * of a phase. Threads that ended within the phase are not counted. Elsewhere (no /proc) the readings are empty.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds by thread name; the main thread (whose id is the process's) is named "main". */
export function threadCpuSeconds(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const task of tasks) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const name = task === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // Fields after the name: utime is the 12th, stime the 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byName.set(name, (byName.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byName;
}

/** The CPU seconds each thread name used since `before`, busiest first, those under 0.05 s left out. */
export function threadCpuSince(pid: number, before: Map<string, number>): Map<string, number> {
  const used = [...threadCpuSeconds(pid)].map(([name, seconds]) => [name, seconds - (before.get(name) ?? 0)] as const);
  return new Map(used.filter(([, seconds]) => seconds >= 0.05).sort((a, b) => b[1] - a[1]));
}
