import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Employee, Principal } from '@ams/contracts';
import { createFaceEngine, decodeEmbedding, EMBEDDING_LENGTH, FACE_MODEL } from '@ams/face';
import { portraitOf, readSamplePhoto } from '@ams/face/testing';
import { adminOf } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { createCompanyFixture, employeeFields, type CompanyFixture, startPeopleWithTwoCompanies } from '../test-support/organisation-fixture.ts';
import { startPeople, type PeopleHarness } from '../test-support/people-harness.ts';

let people: PeopleHarness;
let acme: CompanyFixture;
let globex: CompanyFixture;
let employee: Employee;

const NOT_RECOGNIZED = 'Image not recognized, please upload another.';

function upload(principal: Principal, id: string, bytes: Buffer, contentType = 'image/jpeg') {
  return people.app.inject({
    method: 'PUT',
    url: `/api/employees/${id}/image`,
    headers: { ...asCaller(principal), 'content-type': contentType },
    payload: bytes,
  });
}

async function storedPhotos(): Promise<number> {
  const { rows } = await people.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM employee_photos WHERE employee_id = $1', [employee.id]);
  return rows[0]?.count ?? 0;
}

beforeAll(async () => {
  ({ people, acme, globex } = await startPeopleWithTwoCompanies());
  const created = await people.app.inject({ method: 'POST', url: '/api/employees', headers: asCaller(adminOf(acme.companyId)), payload: employeeFields(acme) });
  employee = created.json<Employee>();
}, 60_000);
afterAll(async () => {
  await people?.close();
});

describe('photo upload and face enrolment', () => {
  it('refuses a group photo, a photo without a face and bytes that are no photo, storing nothing', async () => {
    const admin = adminOf(acme.companyId);
    const group = await upload(admin, employee.id, await readSamplePhoto(1));
    expect({ status: group.statusCode, detail: group.json<{ detail: string }>().detail }).toEqual({ status: 422, detail: NOT_RECOGNIZED });
    const landscape = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .jpeg()
      .toBuffer();
    const empty = await upload(admin, employee.id, landscape);
    expect({ status: empty.statusCode, detail: empty.json<{ detail: string }>().detail }).toEqual({ status: 422, detail: NOT_RECOGNIZED });
    const text = await upload(admin, employee.id, Buffer.from('definitely not a jpeg'));
    expect(text.statusCode).toBe(415);
    const wrongType = await upload(admin, employee.id, await portraitOf('sample1-left'), 'text/plain');
    expect(wrongType.statusCode).toBe(415);
    expect(await storedPhotos()).toBe(0);
    expect(people.events.some((event) => event.type === 'employee.FaceEnrolled')).toBe(false);
  });

  it('keeps another company’s Admin out before looking at the photo', async () => {
    const response = await upload(adminOf(globex.companyId), employee.id, await portraitOf('sample1-left'));
    expect({ status: response.statusCode, detail: response.json<{ detail: string }>().detail }).toEqual({ status: 404, detail: 'Employees do not exist!' });
    expect(await storedPhotos()).toBe(0);
  });

  it('stores the photo and a thumbnail and announces the face template, which no response shows', async () => {
    const admin = adminOf(acme.companyId);
    const response = await upload(admin, employee.id, await portraitOf('sample1-left'));
    expect(response.statusCode, response.body).toBe(200);
    const enrolled = response.json<Employee>();
    expect(enrolled).toMatchObject({
      faceEnrolled: true,
      image: `/api/employees/${employee.id}/image?v=1`,
      thumbnail: `/api/employees/${employee.id}/thumbnail?v=1`,
    });
    expect(response.body).not.toMatch(/embedding|realScore|liveScore/);

    const photo = await people.app.inject({ method: 'GET', url: `/api/employees/${employee.id}/image`, headers: asCaller(admin) });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const thumbnail = await people.app.inject({ method: 'GET', url: `/api/employees/${employee.id}/thumbnail`, headers: asCaller(admin) });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.length).toBeLessThan(photo.rawPayload.length);
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBeLessThanOrEqual(160);

    const event = people.events.find((candidate) => candidate.type === 'employee.FaceEnrolled');
    const payload = event?.payload as { employeeId: string; companyId: string; model: string; embedding: string; realScore: number };
    expect(payload).toMatchObject({ employeeId: employee.id, companyId: acme.companyId, model: FACE_MODEL });
    expect(decodeEmbedding(payload.embedding)).toHaveLength(EMBEDDING_LENGTH);
    expect(payload.realScore).toBeGreaterThanOrEqual(0);
    const read = await people.app.inject({ method: 'GET', url: `/api/employees/${employee.id}`, headers: asCaller(admin) });
    expect(read.body).not.toMatch(/embedding/);
  });

  it('keeps only the re-encoded pixels of an upload: no EXIF (GPS), no bytes after the image', async () => {
    const admin = adminOf(acme.companyId);
    const tagged = await sharp(await portraitOf('sample1-left'))
      .withExif({ IFD0: { Copyright: 'camera-serial-XYZ' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
      .png()
      .toBuffer();
    const smuggled = Buffer.concat([tagged, Buffer.from('SMUGGLED-AFTER-THE-IMAGE')]);
    expect((await sharp(smuggled).metadata()).exif).toBeDefined();
    const response = await upload(admin, employee.id, smuggled, 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    const photo = await people.app.inject({ method: 'GET', url: `/api/employees/${employee.id}/image`, headers: asCaller(admin) });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const served = photo.rawPayload;
    expect(served.includes('SMUGGLED-AFTER-THE-IMAGE')).toBe(false);
    expect(served.includes('camera-serial-XYZ')).toBe(false);
    const metadata = await sharp(served).metadata();
    expect({ exif: metadata.exif, xmp: metadata.xmp, format: metadata.format }).toEqual({ exif: undefined, xmp: undefined, format: 'jpeg' });
    // JPEG ends at its EOI marker: nothing follows it.
    expect(served.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('versions a replaced photo and forgets photo and template on removal', async () => {
    const admin = adminOf(acme.companyId);
    const replaced = await upload(admin, employee.id, await portraitOf('sample6-left'));
    expect(replaced.json<Employee>().image).toBe(`/api/employees/${employee.id}/image?v=3`);
    const removed = await people.app.inject({ method: 'DELETE', url: `/api/employees/${employee.id}/image`, headers: asCaller(admin) });
    expect(removed.statusCode).toBe(204);
    const read = await people.app.inject({ method: 'GET', url: `/api/employees/${employee.id}`, headers: asCaller(admin) });
    expect(read.json()).toMatchObject({ faceEnrolled: false, image: null });
    const { rows } = await people.pool.query('SELECT 1 FROM face_templates WHERE employee_id = $1', [employee.id]);
    expect(rows).toEqual([]);
    expect(
      people.events
        .filter((event) => event.key === employee.id)
        .map((event) => event.type)
        .slice(-2),
    ).toEqual(['employee.FaceRemoved', 'employee.EmployeeUpdated']);
  });
});

describe('photo uploads beyond what the face engine queues', () => {
  it('answer 503 with Retry-After for the overflow and enrol the rest, never failing with a 500', async () => {
    // One analysis at a time and none waiting: of six uploads at once, some must find the engine busy, however
    // slowly a loaded machine brings each one to it.
    const faces = createFaceEngine({ maxConcurrent: 1, maxQueued: 0 });
    const busy = await startPeople({ faces });
    try {
      const company = await createCompanyFixture(busy, 'Busy Co');
      const admin = adminOf(company.companyId);
      const ids = await Promise.all(
        [1, 2, 3, 4, 5, 6].map(async () => {
          const response = await busy.app.inject({ method: 'POST', url: '/api/employees', headers: asCaller(admin), payload: employeeFields(company) });
          return response.json<Employee>().id;
        }),
      );
      const portrait = await portraitOf('sample4-second');
      const responses = await Promise.all(
        ids.map((id) =>
          busy.app.inject({
            method: 'PUT',
            url: `/api/employees/${id}/image`,
            headers: { ...asCaller(admin), 'content-type': 'image/jpeg' },
            payload: portrait,
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      const refused = responses.filter((response) => response.statusCode === 503);
      expect(refused.length).toBeGreaterThan(0);
      // The engine's estimate of when its line has room: a whole number of seconds, at least 1.
      for (const response of refused) expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      const { rows } = await busy.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM face_templates');
      expect(rows[0]?.count).toBe(statuses.filter((status) => status === 200).length);
    } finally {
      await busy.close();
      await faces.close();
    }
  });
});
