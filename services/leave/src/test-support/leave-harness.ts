import { randomUUID } from 'node:crypto';
import { createInProcessBus, topicForFamily, type Bus, type EventEnvelope } from '@ams/bus';
import { everyPermission, type LeaveState, type Principal } from '@ams/contracts';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { signPrincipal, type ServiceApp } from '@ams/service-kit';
import { buildLeave } from '../app.ts';
import { LEAVE_SCHEMA, leaveMigrations } from '../migrations.ts';

export const INTERNAL_SECRET = 'internal-secret-for-leave-tests-0123456789';

/** A clock that moves one second on each reading, so every write is newer than the one before. */
export function tickingClock(start = new Date('2026-05-20T09:00:00Z')): () => Date {
  let current = start.getTime();
  return () => new Date((current += 1000));
}

export interface LeaveHarness {
  app: ServiceApp;
  pool: Pool;
  bus: Bus;
  /** Every event leave published, in order. */
  events: Array<EventEnvelope<LeaveState>>;
  close(): Promise<void>;
}

export interface LeaveHarnessOptions {
  /** Default: the in-process bus. */
  bus?: Bus;
  database?: TestDatabase;
}

/** The leave service on its own database, called as the gateway would. */
export async function startLeave(options: LeaveHarnessOptions = {}): Promise<LeaveHarness> {
  const database = options.database ?? (await createTestDatabase());
  await migrate({ connectionString: database.url, schema: LEAVE_SCHEMA, sources: leaveMigrations });
  const pool = createPool({ connectionString: database.url, schema: LEAVE_SCHEMA });
  const bus = options.bus ?? createInProcessBus();
  const events: Array<EventEnvelope<LeaveState>> = [];
  if (!options.bus) {
    await bus.subscribe('leave-test', [topicForFamily('leave')], async (event) => void events.push(event as EventEnvelope<LeaveState>));
  }
  const app = await buildLeave({ pool, bus, secrets: { internal: INTERNAL_SECRET }, logLevel: 'silent', now: tickingClock() });
  await app.ready();
  return {
    app,
    pool,
    bus,
    events,
    async close() {
      await app.close();
      if (!options.bus) await bus.close();
      await pool.end();
      if (!options.database) await database.dispose();
    },
  };
}

/** Headers the gateway would add for this caller. */
export function asCaller(principal: Principal): Record<string, string> {
  return signPrincipal(principal, INTERNAL_SECRET, { client: { ip: '198.51.100.7', userAgent: 'vitest' } });
}

export const superAdmin: Principal = { kind: 'user', userId: randomUUID(), accountType: 'SuperAdmin', companyId: null, employeeId: null, permissions: {} };

export function adminOf(companyId: string, employeeId: string | null = null): Principal {
  return { kind: 'user', userId: randomUUID(), accountType: 'Admin', companyId, employeeId, permissions: everyPermission };
}

export function employeeOf(companyId: string, employeeId: string | null): Principal {
  return { kind: 'user', userId: randomUUID(), accountType: 'Employee', companyId, employeeId, permissions: { leave: ['read', 'create', 'update'] } };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  raw: string;
}

/** One request to the service as `principal`, with its status and parsed body. */
export async function call<T = unknown>(harness: LeaveHarness, principal: Principal, method: Method, url: string, payload?: object): Promise<Answer<T>> {
  const response = await harness.app.inject({ method, url, headers: asCaller(principal), ...(payload === undefined ? {} : { payload }) });
  return { status: response.statusCode, body: (response.body ? response.json() : undefined) as T, raw: response.body };
}
