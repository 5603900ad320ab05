import { testEvent } from '@ams/bus/testing';
import type { KioskDevice } from '@ams/contracts';
import { adminOf, anonymous } from '@ams/contracts/testing';
import { hashPin } from '@ams/credentials';
import { encodeEmbedding, FACE_MODEL, makeThumbnail } from '@ams/face';
import { movingFramesOf, portraitOf, type SamplePerson } from '@ams/face/testing';
import { asCaller } from '@ams/service-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { announceSchedule, announceSettings, PIN_PEPPER, startAttendance, type AttendanceHarness, type TestEmployee } from './attendance-harness.ts';

/**
 * Starts the service before the test file's tests, with the organisation's settings announced (`organisation`; null
 * announces none, so the tests announce their own), hands the harness over to set up what the file shares, and
 * closes it after them.
 */
export function startedForKiosk(
  onStarted: (harness: AttendanceHarness) => void | Promise<void>,
  organisation: Parameters<typeof announceSettings>[2] | null = {},
): void {
  let started: AttendanceHarness | undefined;
  beforeAll(async () => {
    started = await startAttendance();
    if (organisation) await announceSettings(started, null, organisation);
    await onStarted(started);
  });
  afterAll(async () => {
    await started?.close();
  });
}

/** The spec's messages (§6, §8) the kiosk answers with, word for word. */
export const NOT_RECOGNIZED = 'Face not recognized, please enter your PIN.';
export const ACCESS_DENIED = 'Access Denied! You do not have permission to visit this page.';

/** The kiosk's address in tests unless a test says otherwise. */
export const KIOSK_IP = '198.51.100.7';

/** What every kiosk answer of a test file contained, to check that no template or hash ever leaves. */
export const answers: string[] = [];

function kept(response: LightMyRequestResponse): LightMyRequestResponse {
  answers.push(response.body);
  return response;
}

/** Who calls the kiosk routes: an address, and a registered kiosk's token when the test says so. */
export interface KioskClient {
  ip?: string;
  kioskToken?: string | null;
}

/** The headers of a kiosk request: the client's address, and the registered kiosk's token if any. */
export function clientHeaders({ ip = KIOSK_IP, kioskToken }: KioskClient): Record<string, string> {
  return { ...asCaller(anonymous, ip), ...(kioskToken ? { 'x-kiosk-token': kioskToken } : {}) };
}

/** Face identification with a burst of camera frames, as the kiosk sends them (base64 in JSON). */
export async function identifyFace(harness: AttendanceHarness, frames: readonly Buffer[], options: KioskClient & { kioskId?: string } = {}) {
  return kept(
    await harness.app.inject({
      method: 'POST',
      url: '/api/clock/identify/face',
      headers: clientHeaders(options),
      payload: { frames: frames.map((frame) => frame.toString('base64')), ...(options.kioskId ? { kioskId: options.kioskId } : {}) },
    }),
  );
}

export async function identifyPin(harness: AttendanceHarness, body: { identifier: string; pin: string; kioskId?: string }, ip = KIOSK_IP) {
  return kept(await harness.app.inject({ method: 'POST', url: '/api/clock/identify/pin', headers: asCaller(anonymous, ip), payload: body }));
}

/** An RFID card as a USB reader sends it (with the holder's PIN when the company asks for it after a card). */
export async function identifyCard(harness: AttendanceHarness, body: { card: string; pin?: string; kioskId?: string }, client: KioskClient = {}) {
  return kept(await harness.app.inject({ method: 'POST', url: '/api/clock/identify/card', headers: clientHeaders(client), payload: body }));
}

export async function punchWith(
  harness: AttendanceHarness,
  body: { ticket: string; action: 'check-in' | 'break-in' | 'break-out' | 'check-out'; commandId: string; deviceTime?: string },
  client: KioskClient = {},
) {
  return kept(await harness.app.inject({ method: 'POST', url: '/api/clock/punch', headers: clientHeaders(client), payload: body }));
}

/** Registers a kiosk of the company as its Admin would; returns the device and its token (shown this once). */
export async function registerKiosk(harness: AttendanceHarness, companyId: string, name = 'Front door'): Promise<{ device: KioskDevice; token: string }> {
  const response = await harness.app.inject({ method: 'POST', url: '/api/kiosk-devices', headers: asCaller(adminOf(companyId)), payload: { name } });
  if (response.statusCode !== 201) throw new Error(`the kiosk was not registered: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** People's PIN change for the employee (hashed with the service's pepper); returns the hash. */
export async function givePin(harness: AttendanceHarness, employee: TestEmployee, pin: string | null): Promise<string | null> {
  const pinHash = pin === null ? null : await hashPin(pin, PIN_PEPPER);
  await harness.bus.publish([
    testEvent('employee.PinChanged', employee.employeeId, { employeeId: employee.employeeId, companyId: employee.companyId, pinHash }),
  ]);
  return pinHash;
}

/** The FaceEnrolled event people would publish for a portrait of `person` (embedding made by the real engine). */
export async function faceEnrolledEvent(harness: AttendanceHarness, employee: TestEmployee, person: SamplePerson, model: string = FACE_MODEL) {
  const result = await harness.faces.analyse(await portraitOf(person));
  if (result.kind !== 'one-face') throw new Error(`expected one face in the portrait of ${person}, got ${result.kind}`);
  return testEvent('employee.FaceEnrolled', employee.employeeId, {
    employeeId: employee.employeeId,
    companyId: employee.companyId,
    model,
    embedding: encodeEmbedding(result.face.embedding),
    realScore: result.face.realScore,
    liveScore: result.face.liveScore,
    enrolledAt: new Date().toISOString(),
    thumbnail: (await makeThumbnail(await portraitOf(person))).toString('base64'),
  });
}

/** Enrols the face of `person` for the employee, as people would; returns the embedding sent. */
export async function enrolFace(harness: AttendanceHarness, employee: TestEmployee, person: SamplePerson): Promise<string> {
  const event = await faceEnrolledEvent(harness, employee, person);
  await harness.bus.publish([event]);
  return event.payload.embedding;
}

/** A scheduled employee enrolled with the face of `person`, and a burst of that person moving before the kiosk camera. */
export async function scheduledFace(harness: AttendanceHarness, employee: TestEmployee, person: SamplePerson): Promise<{ embedding: string; burst: Buffer[] }> {
  await announceSchedule(harness, employee);
  const embedding = await enrolFace(harness, employee, person);
  return { embedding, burst: await movingFramesOf(person) };
}

export function problemOf(response: LightMyRequestResponse): { status: number; detail: string; code: string } {
  return response.json();
}
