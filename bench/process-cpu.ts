/**
 * CPU seconds used by processes, read from Linux's /proc (utime + stime): the benches report CPU per
 * request of each tier (load generator, gateway, service, PostgreSQL) beside throughput, since on a small
 * machine every tier shares the same cores. Elsewhere (no /proc) the readings are empty.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function cpuSecondsOf(pid: number | string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may contain spaces) in parentheses: utime is the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Processes whose command line passes `test`. */
function pidsWhere(test: (cmdline: string, pid: string) => boolean): string[] {
  try {
    return readdirSync('/proc').filter((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        return test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'), entry);
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

const sumCpu = (pids: string[]): number => pids.reduce((sum, each) => sum + (cpuSecondsOf(each) ?? 0), 0);

/** CPU seconds of every process in one process group (an app and the start script that runs it). */
export function groupCpuSeconds(pgid: number): number {
  return sumCpu(
    pidsWhere((_cmdline, pid) => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid;
    }),
  );
}

/** CPU seconds of the PostgreSQL backends serving `databases` (a backend's title names its user and database). */
export function backendCpuSeconds(databases: readonly string[]): number {
  return sumCpu(pidsWhere((cmdline) => cmdline.startsWith('postgres:') && databases.some((database) => cmdline.includes(` ${database} `))));
}

/**
 * A tier: a pid, or the PostgreSQL backends serving some databases (not the server's other sessions, which on a
 * shared server may be anyone's).
 */
export type Tiers = Record<string, number | { databases: readonly string[] }>;

const tierCpuSeconds = (tier: Tiers[string]): number | null => (typeof tier === 'number' ? cpuSecondsOf(tier) : backendCpuSeconds(tier.databases));

/** A reading of each tier's CPU seconds. */
export function readCpu(tiers: Tiers): Map<string, number> {
  const reading = new Map<string, number>();
  for (const [name, tier] of Object.entries(tiers)) {
    const seconds = tierCpuSeconds(tier);
    if (seconds !== null) reading.set(name, seconds);
  }
  return reading;
}

/** CPU milliseconds per unit of work of each tier between two readings, e.g. "gateway 0.42". */
export function cpuPerUnit(before: Map<string, number>, after: Map<string, number>, units: number): string {
  return [...after].map(([name, seconds]) => `${name} ${(((seconds - (before.get(name) ?? 0)) * 1000) / units).toFixed(2)}`).join(', ');
}
