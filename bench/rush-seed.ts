/**
 * The morning rush's staff, seeded through the product's API as an admin would (bench/rush.ts): a workplace,
 * employees with a kiosk PIN and an all-day schedule, face photos for the face kiosks' people, registered kiosks.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Created } from '@ams/contracts/testing';
import { createWorkplace } from '@ams/contracts/testing';
import { portraitOf, type SamplePerson } from '@ams/face/testing';
import { GatewayApi } from '@ams/distributed/testing';

export const RUSH_PIN = '482613';
/** The sample faces of @ams/face/testing, one per face-enrolled employee. */
export const FACE_PEOPLE: readonly SamplePerson[] = ['sample1-left', 'sample3-right', 'sample4-second', 'sample5-top', 'sample6-left', 'sample6-second'];
/** Admin calls in flight while seeding: people hashes each PIN (argon2), so more only queues. */
const SEED_CONCURRENCY = 4;

export interface Person {
  id: string;
  /** What the person types at the kiosk with the PIN. */
  identifier: string;
}

export interface Staff {
  companyId: string;
  people: Person[];
  /** The employees whose faces are enrolled, by sample face. */
  faces: Map<SamplePerson, string>;
  kioskTokens: string[];
  seedMs: number;
  /** Of which creating the employees (people hashes each PIN). */
  employeesMs: number;
}

/** Runs `work` over `items`, `concurrency` at a time, in order of start. */
async function eachLimited<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

/** The photo goes to people, which enrols the face and announces it to attendance. */
async function enrolFace(url: string, token: string, employeeId: string, person: SamplePerson): Promise<void> {
  const response = await fetch(`${url}/api/employees/${employeeId}/image`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(await portraitOf(person)),
  });
  if (!response.ok) throw new Error(`the photo of ${person} was refused: ${response.status} ${await response.text()}`);
}

/**
 * Seeds `count` employees (identifiers RUSH-1…) and `kiosks` registered kiosks. `admin` is the SuperAdmin the
 * product was started with; the calls come from this process's default address.
 */
export async function seedStaff(
  url: string,
  admin: { email: string; password: string },
  options: { count: number; kiosks: number; faces: number },
): Promise<Staff> {
  const started = performance.now();
  const api = await GatewayApi.signIn(url, admin.email, admin.password);
  await api.untilAccepted('companies');
  const workplace = await createWorkplace(api, 'Rush');
  const people: Person[] = new Array<Person>(options.count);
  await eachLimited(
    Array.from({ length: options.count }, (_, n) => `RUSH-${n + 1}`),
    SEED_CONCURRENCY,
    async (identifier, index) => {
      const { id } = await api.createEmployee(workplace, { firstName: `Rusher ${index + 1}`, nationalId: identifier, pin: RUSH_PIN });
      people[index] = { id, identifier };
    },
  );
  const employeesMs = performance.now() - started;
  // After all the employees: by then scheduling has heard of most of them, so few schedules wait for its events.
  const today = new Date();
  await eachLimited(people, SEED_CONCURRENCY, (person) => api.createAllDaySchedule(person.id, today));
  const faces = new Map<SamplePerson, string>();
  const token = await signInToken(url, admin);
  for (const [n, person] of FACE_PEOPLE.slice(0, options.faces).entries()) {
    const employee = people[n];
    if (!employee) throw new Error(`no employee ${n + 1} to enrol ${person} for`);
    await enrolFace(url, token, employee.id, person);
    faces.set(person, employee.id);
  }
  const kioskTokens: string[] = [];
  for (let n = 1; n <= options.kiosks; n += 1) {
    const registered = await api.call<{ device: Created; token: string }>('POST', 'kiosk-devices', { name: `Rush kiosk ${n}`, companyId: workplace.companyId });
    kioskTokens.push(registered.token);
  }
  await untilKnownAtKiosk(url, people.at(-1), kioskTokens[0]);
  return { companyId: workplace.companyId, people, faces, kioskTokens, seedMs: performance.now() - started, employeesMs };
}

/** An access token for the admin (another browser session). */
export async function signInToken(url: string, admin: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/**
 * Attendance learns of PINs and schedules from people's and scheduling's events: waits until the last seeded
 * person's PIN identifies them at a kiosk with a check-in allowed (the events come in order, so everyone before
 * is known too). The ticket is left unused.
 */
async function untilKnownAtKiosk(url: string, person: Person | undefined, kioskToken: string | undefined, timeoutMs = 60_000): Promise<void> {
  if (!person || !kioskToken) return;
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${url}/api/clock/identify/pin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-kiosk-token': kioskToken },
      body: JSON.stringify({ identifier: person.identifier, pin: RUSH_PIN }),
    });
    const answer = await response.text();
    if (response.ok && (JSON.parse(answer) as { allowedActions: string[] }).allowedActions.includes('check-in')) return;
    if (performance.now() - started > timeoutMs) throw new Error(`the last seeded PIN still answers ${response.status}: ${answer}`);
    await sleep(200);
  }
}
