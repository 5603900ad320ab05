import { randomUUID } from 'node:crypto';
import { createInProcessBus, topicForFamily, type Bus, type EventEnvelope } from '@ams/bus';
import { everyPermission, type Permissions, type Principal } from '@ams/contracts';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase } from '@ams/db/testing';
import { createFaceEngine, type FaceEngine } from '@ams/face';
import { signPrincipal, type ServiceApp } from '@ams/service-kit';
import { buildPeople } from '../app.ts';
import { PEOPLE_SCHEMA, peopleMigrations } from '../migrations.ts';

export const INTERNAL_SECRET = 'internal-secret-for-people-tests-0123456789';
export const PIN_PEPPER = 'pin-pepper-for-people-tests-0123456789abcdef';

export interface PeopleHarness {
  app: ServiceApp;
  pool: Pool;
  bus: Bus;
  faces: FaceEngine;
  /** Every event people published, in order. */
  events: EventEnvelope[];
  close(): Promise<void>;
}

/** The people service on its own database with the in-process bus, called as the gateway would. */
export async function startPeople(options: { faces?: FaceEngine; now?: () => Date } = {}): Promise<PeopleHarness> {
  const database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: PEOPLE_SCHEMA, sources: peopleMigrations });
  const pool = createPool({ connectionString: database.url, schema: PEOPLE_SCHEMA });
  const bus = createInProcessBus();
  const events: EventEnvelope[] = [];
  await bus.subscribe('people-test', ['organisation', 'employee', 'settings'].map((family) => topicForFamily(family)), async (event) => {
    events.push(event);
  });
  // The model loads on the first photo only, so tests without photos never pay for it.
  const faces = options.faces ?? createFaceEngine();
  const app = await buildPeople({
    pool,
    bus,
    faces,
    secrets: { internal: INTERNAL_SECRET, pinPepper: PIN_PEPPER },
    logLevel: 'silent',
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  return {
    app,
    pool,
    bus,
    faces,
    events,
    async close() {
      await app.close();
      if (!options.faces) await faces.close();
      await bus.close();
      await pool.end();
      await database.dispose();
    },
  };
}

/** Headers the gateway would add for this caller. */
export function asCaller(principal: Principal): Record<string, string> {
  return signPrincipal(principal, INTERNAL_SECRET, { client: { ip: '198.51.100.7', userAgent: 'vitest' } });
}

export const superAdmin: Principal = { kind: 'user', userId: randomUUID(), accountType: 'SuperAdmin', companyId: null, employeeId: null, permissions: {} };

export function adminOf(companyId: string, permissions: Permissions = everyPermission): Principal {
  return { kind: 'user', userId: randomUUID(), accountType: 'Admin', companyId, employeeId: null, permissions };
}

export function employeeOf(companyId: string, employeeId: string = randomUUID()): Principal {
  return { kind: 'user', userId: randomUUID(), accountType: 'Employee', companyId, employeeId, permissions: { setting: ['read'] } };
}
