import { systemClock } from '@ams/contracts';
import { buildServiceApp, type ServiceApp, type ServiceDependencies } from '@ams/service-kit';
import { registerAttendanceListRoutes } from './attendance-list/attendance-list-routes.ts';
import type { ReportingContext } from './context.ts';
import { registerDashboardRoutes } from './dashboards/dashboard-routes.ts';
import { keepDaysAhead, startDayHorizon } from './day-figures/day-horizon.ts';
import { startRecomputes } from './day-figures/recompute-jobs.ts';
import { registerEmployeeDataRoutes } from './employee-data/employee-data-routes.ts';
import { startExportJobs } from './exports/export-jobs.ts';
import { registerExportRoutes } from './exports/export-routes.ts';
import { requestHistoryIfEmpty, startHistoryRequests } from './projections/history-requests.ts';
import { subscribeReportingProjections } from './projections/reporting-projection.ts';
import { registerReportRoutes } from './reports/report-routes.ts';

export interface ReportingDependencies extends ServiceDependencies {
  /** How often a history request is published again until every owner answered (default 1 s). */
  historyRetryMs?: number;
}

/** The reporting service (read models of every service's events; reports and dashboards); it never listens. */
export async function buildReporting(deps: ReportingDependencies): Promise<ServiceApp> {
  // Reporting owns no events: no outbox relay, nothing to answer history requests with.
  const app = buildServiceApp('reporting', deps);
  const now = deps.now ?? systemClock;
  // Caught up before anything starts (after downtime too): reports and dashboards read the stored days only.
  await keepDaysAhead(deps.pool, now());
  const horizon = startDayHorizon(deps.pool, now, (error) => app.log.error({ err: error }, 'keeping the stored days ahead failed'));
  // A rule change's recompute of a company's days runs in the background, after the settings event committed.
  const recomputes = startRecomputes(deps.pool, { polling: deps.polling, onError: (error) => app.log.error({ err: error }, 'day figures recompute failed') });
  const projections = await subscribeReportingProjections(deps.bus, deps.pool, recomputes);
  // New or emptied read models ask the owners for their whole state (the in-process bus keeps no history).
  await requestHistoryIfEmpty(deps.pool, now());
  const history = startHistoryRequests(deps.pool, deps.bus, {
    retryMs: deps.historyRetryMs,
    onError: (error) => app.log.error({ err: error }, 'asking for history failed'),
  });
  app.addHook('onClose', async () => {
    await history.stop();
    await projections.stop();
    await recomputes.stop();
    await horizon.stop();
  });
  const ctx: ReportingContext = { pool: deps.pool, now, log: app.log };
  const exportJobs = startExportJobs(ctx, { polling: deps.polling, onError: (error) => app.log.error({ err: error }, 'report export jobs failed') });
  app.addHook('onClose', () => exportJobs.stop());
  // Each room registers its own routes: the reports room sits below the dashboards and exports that read it.
  registerReportRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerExportRoutes(app, ctx, exportJobs);
  registerEmployeeDataRoutes(app, ctx);
  registerAttendanceListRoutes(app, ctx);
  return app;
}
