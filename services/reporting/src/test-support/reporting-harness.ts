import type { Bus } from '@ams/bus';
import { startServiceHarness, type ServiceHarness } from '@ams/service-kit/testing';
import { buildReporting } from '../app.ts';
import { REPORTING_SCHEMA, reportingMigrations } from '../migrations.ts';

export type ReportingHarness = ServiceHarness;

/** The reporting service on its own database and bus; its clock stands at `startAt` (default 2026-11-25 12:00 UTC). */
export async function startReporting(options: { bus?: Bus; startAt?: string } = {}): Promise<ReportingHarness> {
  return startServiceHarness({
    schema: REPORTING_SCHEMA,
    migrations: reportingMigrations,
    startAt: options.startAt ?? '2026-11-25T12:00:00Z',
    build: buildReporting,
    bus: options.bus,
  });
}
