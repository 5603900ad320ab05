import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import { withTransaction } from '@ams/db';
import { movingFramesOf, readSamplePhoto } from '@ams/face/testing';
import { readStream } from '@ams/event-store';
import sharp from 'sharp';
import { anonymous } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { applyKioskEvent } from '../projection/kiosk-projection.ts';
import { announceEmployee, announceSchedule, announceSettings, type AttendanceHarness, type TestEmployee } from '../test-support/attendance-harness.ts';
import {
  ACCESS_DENIED,
  answers,
  enrolFace,
  faceEnrolledEvent,
  identifyFace,
  KIOSK_IP,
  NOT_RECOGNIZED,
  problemOf,
  punchWith,
  scheduledFace,
  startedForKiosk,
} from '../test-support/kiosk-test-support.ts';
import { workDayStreamId } from '../work-day/work-day.ts';

let harness: AttendanceHarness;
let ana: TestEmployee;
let anaEmbedding: string;
let anaBurst: Buffer[];

/** One image sent as `count` frames that differ only by their JPEG encoding (quality 95, 85, …). */
function reencoded(image: Buffer, count = 5): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp(image)
        .jpeg({ quality: 95 - i * 10 })
        .toBuffer(),
    ),
  );
}

// These kiosks are browsers nobody registered: the organisation lets them identify faces.
startedForKiosk(
  async (started) => {
    harness = started;
    ana = await announceEmployee(harness, { firstName: 'Ana', lastName: 'Lima', hasImage: true });
    ({ embedding: anaEmbedding, burst: anaBurst } = await scheduledFace(harness, ana, 'sample1-left'));
  },
  { faceAtUnregisteredBrowsers: true },
);

describe('identify by face at the kiosk', () => {
  it('gives an enrolled employee moving a little before the camera a short-lived ticket with "Face recognized!", her name and thumbnail', async () => {
    const response = await identifyFace(harness, anaBurst, { kioskId: 'door-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ticket: expect.stringMatching(/^v1\./),
      employeeId: ana.employeeId,
      employeeName: 'Ana Lima',
      photo: expect.stringMatching(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/),
      method: 'face',
      message: 'Face recognized!',
      expiresAt: new Date(harness.clock.now().getTime() + 120_000).toISOString(),
      // Monday 09:00, her day not started yet.
      allowedActions: ['check-in'],
      unavailable: null,
    });
  });

  it('answers another person with "Face not recognized, please enter your PIN." (422)', async () => {
    const response = await identifyFace(harness, await movingFramesOf('sample3-right'));
    expect(response.statusCode).toBe(422);
    expect(problemOf(response).detail).toBe(NOT_RECOGNIZED);
  });

  it('answers frames without a face, and frames with several, the same way', async () => {
    const wall = await sharp(await readSamplePhoto(5))
      .extract({ left: 0, top: 0, width: 500, height: 400 })
      .jpeg()
      .toBuffer();
    const group = await sharp(await readSamplePhoto(1))
      .resize(640)
      .jpeg()
      .toBuffer();
    for (const image of [wall, group]) {
      const response = await identifyFace(harness, await reencoded(image));
      expect(response.statusCode).toBe(422);
      expect(problemOf(response).detail).toBe(NOT_RECOGNIZED);
    }
  });

  it('answers frames that are no image likewise, and refuses a body that is no burst with 400', async () => {
    const garbage = await identifyFace(
      harness,
      ['not', 'a', 'jpeg', 'at all'].map((text) => Buffer.from(text)),
    );
    expect(garbage.statusCode).toBe(422);
    expect(problemOf(garbage).detail).toBe(NOT_RECOGNIZED);
    expect((await identifyFace(harness, anaBurst.slice(0, 3))).statusCode).toBe(400);
    const photo = await harness.app.inject({
      method: 'POST',
      url: '/api/clock/identify/face',
      headers: { ...asCaller(anonymous, KIOSK_IP), 'content-type': 'image/jpeg' },
      payload: anaBurst[0],
    });
    expect(photo.statusCode).toBe(415);
  });

  it('records the face method, the kiosk, the address and the scores in the punch made with a face ticket', async () => {
    const ticket = (await identifyFace(harness, anaBurst, { kioskId: 'door-1' })).json<{ ticket: string }>().ticket;
    const response = await punchWith(harness, { ticket, action: 'check-in', commandId: randomUUID() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Recorded successfully!', action: 'check-in' });
    const stream = await readStream(harness.pool, workDayStreamId(ana.employeeId, '2026-11-23'));
    const source = (stream.events[0]?.data as { source: Record<string, unknown> }).source;
    expect(source).toMatchObject({ method: 'face', kioskId: 'door-1', clientIp: KIOSK_IP, actorId: null });
    expect(source.matchScore).toBeGreaterThanOrEqual(0.7);
    expect(source.spoofScore).toBeGreaterThan(0);
    expect(source.spoofScore).toBeLessThan(0.8);
  });

  it('no longer recognizes a removed face, and recognizes it again once re-enrolled', async () => {
    const bea = await announceEmployee(harness, { firstName: 'Bea', email: 'bea@example.com' });
    await enrolFace(harness, bea, 'sample4-second');
    const burst = await movingFramesOf('sample4-second');
    expect((await identifyFace(harness, burst)).json()).toMatchObject({
      employeeId: bea.employeeId,
      photo: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    await harness.bus.publish([testEvent('employee.FaceRemoved', bea.employeeId, { employeeId: bea.employeeId })]);
    expect(problemOf(await identifyFace(harness, burst)).detail).toBe(NOT_RECOGNIZED);
    await enrolFace(harness, bea, 'sample4-second');
    expect((await identifyFace(harness, burst)).json()).toMatchObject({ employeeId: bea.employeeId });
  });

  it('forgets the face of a deleted employee and never recognizes an archived one', async () => {
    const cleo = await announceEmployee(harness, { firstName: 'Cleo', email: 'cleo@example.com' });
    await enrolFace(harness, cleo, 'sample5-top');
    const burst = await movingFramesOf('sample5-top');
    expect((await identifyFace(harness, burst)).statusCode).toBe(200);
    await announceEmployee(harness, {
      employeeId: cleo.employeeId,
      companyId: cleo.companyId,
      departmentId: cleo.departmentId,
      firstName: 'Cleo',
      employmentStatus: 'archived',
    });
    expect((await identifyFace(harness, burst)).statusCode).toBe(422);
    await harness.bus.publish([testEvent('employee.EmployeeDeleted', cleo.employeeId, { employeeId: cleo.employeeId })]);
    expect((await identifyFace(harness, burst)).statusCode).toBe(422);
    const { rows } = await harness.pool.query('SELECT embedding, model FROM kiosk_face_templates WHERE employee_id = $1', [cleo.employeeId]);
    expect(rows).toEqual([{ embedding: null, model: null }]);
  });

  it('never matches a template made by another face model', async () => {
    const dora = await announceEmployee(harness, { firstName: 'Dora', email: 'dora@example.com' });
    await harness.bus.publish([await faceEnrolledEvent(harness, dora, 'sample6-left', 'some-older-model')]);
    expect((await identifyFace(harness, await movingFramesOf('sample6-left'))).statusCode).toBe(422);
  });

  it('finds a template another replica projected, which this process’s index was never told about', async () => {
    const eva = await announceEmployee(harness, { firstName: 'Eva', email: 'eva@example.com' });
    const enrolled = await faceEnrolledEvent(harness, eva, 'sample6-second');
    // As another replica would: the projection's writes alone, without this process's index hearing of them.
    await withTransaction(harness.pool, (tx) => applyKioskEvent(tx, enrolled));
    const burst = await movingFramesOf('sample6-second');
    expect((await identifyFace(harness, burst)).json()).toMatchObject({ employeeId: eva.employeeId, employeeName: 'Eva Lima' });
    await withTransaction(harness.pool, (tx) => applyKioskEvent(tx, testEvent('employee.FaceRemoved', eva.employeeId, { employeeId: eva.employeeId })));
    expect((await identifyFace(harness, burst)).statusCode).toBe(422);
  });
});

describe('a burst that does not show one live, moving person', () => {
  it('is refused when it is one still sent as every frame, byte for byte or re-encoded', async () => {
    const [still = Buffer.alloc(0)] = anaBurst;
    for (const frames of [Array.from({ length: 5 }, () => still), await reencoded(still)]) {
      const response = await identifyFace(harness, frames);
      expect(response.statusCode).toBe(422);
      expect(problemOf(response).detail).toBe(NOT_RECOGNIZED);
    }
  });

  it('is refused when another person shows in one of its frames', async () => {
    const stranger = await movingFramesOf('sample3-right');
    const mixed = anaBurst.map((frame, i) => (i === 2 ? (stranger[i] ?? frame) : frame));
    const response = await identifyFace(harness, mixed);
    expect(response.statusCode).toBe(422);
    expect(problemOf(response).detail).toBe(NOT_RECOGNIZED);
  });
});

describe('the address restriction at face identification', () => {
  let fay: TestEmployee;
  let burst: Buffer[];

  beforeAll(async () => {
    fay = await announceEmployee(harness, { firstName: 'Fay', email: 'fay@example.com' });
    await announceSchedule(harness, fay);
    await enrolFace(harness, fay, 'sample3-right');
    await announceSettings(harness, fay.companyId, { ipRestriction: ['10.20.0.0/16', '192.0.2.44'], faceAtUnregisteredBrowsers: true });
    burst = await movingFramesOf('sample3-right');
  });

  it('refuses a recognized face at an address outside the company’s list with the spec’s Access Denied, naming nobody', async () => {
    const response = await identifyFace(harness, burst, { ip: '203.0.113.9' });
    expect(response.statusCode).toBe(403);
    expect(problemOf(response).detail).toBe(ACCESS_DENIED);
    expect(response.body).not.toContain(fay.employeeId);
    expect(response.body).not.toContain('Fay');
  });

  it('lets an address inside a listed range or equal to a listed address through', async () => {
    for (const ip of ['10.20.30.40', '192.0.2.44']) {
      const response = await identifyFace(harness, burst, { ip });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ employeeId: fay.employeeId, message: 'Face recognized!' });
    }
  });

  it('leaves other companies’ employees alone: Ana still clocks from anywhere', async () => {
    expect((await identifyFace(harness, anaBurst, { ip: '203.0.113.9' })).json()).toMatchObject({ employeeId: ana.employeeId });
  });
});

describe('what leaves the kiosk', () => {
  it('never contains a face template', async () => {
    expect(answers.length).toBeGreaterThan(10);
    const { rows } = await harness.pool.query<{ embedding: Buffer }>('SELECT embedding FROM kiosk_face_templates WHERE embedding IS NOT NULL');
    const templates = [anaEmbedding, ...rows.map((row) => row.embedding.toString('base64'))];
    for (const body of answers) {
      for (const template of templates) expect(body).not.toContain(template.slice(0, 24));
      expect(body).not.toMatch(/embedding|realScore|liveScore/i);
    }
  });
});
