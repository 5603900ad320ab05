/**
 * What every bench prints the same way: the machine's load average at its start and end (`uptime`'s figures),
 * and each figure beside a baseline measured in the same run on the same machine, with their ratio. On a
 * shared machine the absolute figures move by 2× between runs; the ratio within one run is what compares.
 */
import { loadavg } from 'node:os';

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

/** One line: the bench's name and the load average at its start or end. */
export function printLoadAverage(bench: string, when: 'start' | 'end'): void {
  console.log(`${bench}: load average at ${when} ${loadAverage()}`);
}

/** Runs a bench between two lines that give the load average at its start and at its end (also when it fails). */
export async function withLoadAverage(bench: string, run: () => Promise<void>): Promise<void> {
  printLoadAverage(bench, 'start');
  try {
    await run();
  } finally {
    printLoadAverage(bench, 'end');
  }
}

export interface Comparison {
  /** What was measured, e.g. "punches/s, 16 kiosks". */
  figure: string;
  value: number;
  /** What it is compared with, e.g. "bare INSERT tx/s, 16 connections". */
  baseline: string;
  baselineValue: number;
  unit: string;
  /** Rates: a higher figure ÷ baseline is better; times: a lower one. */
  better: 'higher' | 'lower';
}

const number = (value: number): string => value.toFixed(Math.abs(value) < 1 ? 3 : Math.abs(value) < 10 ? 2 : Math.abs(value) < 100 ? 1 : 0);

/** One line, the same in every bench: `vs baseline | figure value | baseline value | figure ÷ baseline ratio (which way is better)`. */
export function printComparison({ figure, value, baseline, baselineValue, unit, better }: Comparison): void {
  // A baseline of nothing (an idle process's CPU over a short window can be 0 ticks) gives no ratio.
  const ratio = baselineValue === 0 ? 'n/a' : (value / baselineValue).toFixed(2);
  console.log(
    `  vs baseline | ${figure}: ${number(value)} ${unit} | ${baseline}: ${number(baselineValue)} ${unit} | figure ÷ baseline ${ratio} (${better} is better)`,
  );
}
