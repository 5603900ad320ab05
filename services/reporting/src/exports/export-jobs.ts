import { pollingWithReplicas, startWorker, type Polling } from '@ams/worker';
import type { ReportingContext } from '../context.ts';
import { deleteExpiredExports, nextLeaseEnd, renewLeases, takeOverExports, type ExportJob } from './export-repository.ts';
import { EXPORT_LEASE_MS, leaseFrom, liveExportsAt, runExport } from './report-export-service.ts';

/** Exports one pass takes over: each runs beside the others, so a few at a time. */
const TAKE_OVER_BATCH = 4;

export interface ExportJobs {
  /** Runs the export in this process (its row inserted and held by it), tracked until it ends. */
  launch(id: string, job: ExportJob): void;
  /** One pass at once: deletes expired exports, renews the leases of those running here, takes over abandoned ones. */
  tick(): Promise<unknown>;
  /** Takes no more over and resolves once every export running here has ended. */
  stop(): Promise<void>;
}

/**
 * The exports as background jobs: each runs in the process that started it, holding a lease it renews; a graceful
 * stop waits for them, and one whose process died (its lease ran out) is run again from the start by the next
 * process that looks. The same loop deletes the exports that expired, so reading an export writes nothing.
 */
export function startExportJobs(ctx: ReportingContext, options: { polling?: Polling | undefined; onError: (error: unknown) => void }): ExportJobs {
  // Other replicas' exports are only ever taken over after their lease: looking every minute is soon enough.
  const pollMs = (options.polling ?? pollingWithReplicas).idleMs(60_000);
  const running = new Map<string, Promise<void>>();

  function track(id: string, job: ExportJob): void {
    const run = runExport(ctx, id, job).finally(() => running.delete(id));
    running.set(id, run);
  }

  /** Answers when to look again, if before the idle poll: to renew the leases held here, or to take over the next that ends. */
  async function pass(): Promise<Date | null> {
    const now = ctx.now();
    await deleteExpiredExports(ctx.pool, liveExportsAt(now));
    if (running.size > 0) await renewLeases(ctx.pool, [...running.keys()], leaseFrom(now));
    for (const { id, job } of await takeOverExports(ctx.pool, now, leaseFrom(now), TAKE_OVER_BATCH)) track(id, job);
    const othersEnd = await nextLeaseEnd(ctx.pool, [...running.keys()]);
    // Progress renews a lease too; this covers a long wait between batches (a slow first query).
    const renewal = running.size > 0 ? new Date(now.getTime() + EXPORT_LEASE_MS / 3) : null;
    const times = [othersEnd, renewal].filter((time) => time !== null).map((time) => time.getTime());
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  }

  const worker = startWorker({
    run: pass,
    // Nobody announces that a lease ended: the loop looks then.
    retryInMs: (at) => (at === null ? undefined : at.getTime() - ctx.now().getTime() + 1),
    pollMs,
    onError: options.onError,
  });

  return {
    launch(id, job) {
      track(id, job);
      // The pass after it schedules the renewal of its lease.
      worker.wake();
    },
    tick: () => worker.runNow(),
    async stop() {
      await worker.stop();
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}
