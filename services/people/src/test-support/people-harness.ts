import { createFaceEngine, type FaceEngine } from '@ams/face';
import { startServiceHarness, type ServiceHarness } from '@ams/service-kit/testing';
import { buildPeople } from '../app.ts';
import { PEOPLE_SCHEMA, peopleMigrations } from '../migrations.ts';

export const PIN_PEPPER = 'pin-pepper-for-people-tests-0123456789abcdef';

export interface PeopleHarness extends ServiceHarness {
  faces: FaceEngine;
}

export interface StartPeopleOptions {
  faces?: FaceEngine;
  startAt?: string | Date;
}

/** The people service recording every event it publishes; its clock stands at `startAt` (default 2026-11-21 10:00 UTC). */
export async function startPeople(options: StartPeopleOptions = {}): Promise<PeopleHarness> {
  // The model loads on the first photo only, so tests without photos never pay for it.
  const faces = options.faces ?? createFaceEngine();
  const harness = await startServiceHarness({
    schema: PEOPLE_SCHEMA,
    migrations: peopleMigrations,
    startAt: options.startAt ?? '2026-11-21T10:00:00Z',
    records: ['organisation', 'employee', 'settings'],
    build: (deps) => buildPeople({ ...deps, faces, secrets: { ...deps.secrets, pinPepper: PIN_PEPPER } }),
  });
  if (!options.faces) harness.onClose(() => faces.close());
  return { ...harness, faces };
}
