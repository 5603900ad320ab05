import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import { employeeSnapshot } from '@ams/contracts/testing';
import { hashPin } from '@ams/credentials';
import { createPool, type Pool } from '@ams/db';
import { createTestDatabase } from '@ams/db/testing';
import { EMBEDDING_LENGTH, encodeEmbedding, FACE_MODEL, normaliseEmbedding } from '@ams/face';
import { ATTENDANCE_SCHEMA } from '../migrations.ts';
import { PIN_PEPPER, startAttendance, type AttendanceHarness } from '../test-support/attendance-harness.ts';
import { migrateBefore } from '../test-support/migrate-before.ts';
import { FaceTemplates } from './face-templates.ts';
import { identifyPin } from '../test-support/kiosk-test-support.ts';

// An installation from before the one employee projection: the kiosk kept its own employees
// (kiosk_employees, kiosk_pins) from its own consumer group. Its PIN hashes and faces must survive the
// upgrade without people re-sending anything.

const THE_MIGRATION = '0006_one_employee_projection.sql';
const KIM_PIN = '246802';
const LEO_PIN = '97531864';
const company = randomUUID();
const kim = { employeeId: randomUUID(), nationalId: 'KIM-7', thumbnail: Buffer.from('the thumbnail people enrolled') };
const leo = { employeeId: randomUUID(), nationalId: 'LEO-3', email: 'leo@example.com' };
const KIM_NEW_PIN = '80604020';
const kimFace = normaliseEmbedding(Array.from({ length: EMBEDDING_LENGTH }, (_, i) => Math.sin(i + 1)));
const inboxes = { both: randomUUID(), schedule: randomUUID(), kioskOnly: randomUUID() };

let harness: AttendanceHarness;
/** Kim's new PIN: the directory's group had recorded it (and ignored it), the kiosk's had not got to it yet. */
let kimPinChanged: EventEnvelope;

/** What the old projections held: Kim known to both; Leo to the kiosk only (its group ran ahead of the directory's). */
async function writeOldRows(pool: Pool): Promise<void> {
  await pool.query(
    `INSERT INTO directory_employees (employee_id, company_id, department_id, job_title_id, leave_group_id, first_name, last_name, email, employment_status)
     VALUES ($1, $2, $2, $2, $2, 'Kim', 'Kiosk', 'kim@example.com', 'active')`,
    [kim.employeeId, company],
  );
  await pool.query(
    `INSERT INTO kiosk_employees (employee_id, company_id, first_name, last_name, email, national_id, employment_status, has_image, thumbnail)
     VALUES ($1, $3, 'Kim', 'Kiosk', 'kim@example.com', $4, 'active', true, $5), ($2, $3, 'Leo', 'Early', $6, $7, 'active', false, NULL)`,
    [kim.employeeId, leo.employeeId, company, kim.nationalId, kim.thumbnail, leo.email, leo.nationalId],
  );
  await pool.query('INSERT INTO kiosk_pins (employee_id, company_id, pin_hash) VALUES ($1, $3, $4), ($2, $3, $5)', [
    kim.employeeId,
    leo.employeeId,
    company,
    await hashPin(KIM_PIN, PIN_PEPPER),
    await hashPin(LEO_PIN, PIN_PEPPER),
  ]);
  await pool.query('UPDATE kiosk_face_revision SET revision = 1');
  await pool.query(
    `INSERT INTO kiosk_face_templates (employee_id, company_id, model, embedding, real_score, live_score, enrolled_at, revision)
     VALUES ($1, $2, $3, $4, 0.9, 0.8, '2026-10-01T08:00:00Z', 1)`,
    [kim.employeeId, company, FACE_MODEL, Buffer.from(encodeEmbedding(kimFace), 'base64')],
  );
  await pool.query(
    `INSERT INTO inbox (consumer_group, event_id, event_type) VALUES
       ('attendance', $1, 'employee.EmployeeCreated'), ('attendance-kiosk', $1, 'employee.EmployeeCreated'),
       ('attendance', $2, 'schedule.ScheduleAssigned'), ('attendance-kiosk', $3, 'employee.FaceEnrolled'), ('attendance', $4, 'employee.PinChanged')`,
    [inboxes.both, inboxes.schedule, inboxes.kioskOnly, kimPinChanged.id],
  );
}

beforeAll(async () => {
  kimPinChanged = testEvent('employee.PinChanged', kim.employeeId, {
    employeeId: kim.employeeId,
    companyId: company,
    pinHash: await hashPin(KIM_NEW_PIN, PIN_PEPPER),
  });
  const database = await createTestDatabase();
  await migrateBefore(database.url, THE_MIGRATION);
  const pool = createPool({ connectionString: database.url, schema: ATTENDANCE_SCHEMA });
  try {
    await writeOldRows(pool);
  } finally {
    await pool.end();
  }
  // The upgrade: the service migrates at start.
  harness = await startAttendance({ database });
});
afterAll(async () => {
  await harness?.close();
});

describe('the migration to one employee projection', () => {
  it('drops the kiosk’s own employee tables and its consumer group’s inbox, keeping what the one group applied whole', async () => {
    const { rows } = await harness.pool.query<{ employees: string | null; pins: string | null }>(
      `SELECT to_regclass('kiosk_employees')::text AS employees, to_regclass('kiosk_pins')::text AS pins`,
    );
    expect(rows).toEqual([{ employees: null, pins: null }]);
    const inbox = await harness.pool.query<{ group: string; eventId: string }>('SELECT consumer_group AS "group", event_id AS "eventId" FROM inbox');
    expect(inbox.rows).toEqual(
      expect.arrayContaining([
        { group: 'attendance', eventId: inboxes.both },
        { group: 'attendance', eventId: inboxes.schedule },
      ]),
    );
    expect(inbox.rows).toHaveLength(2);
  });

  it('keeps a kiosk employee’s PIN hash, national ID and thumbnail: she identifies by PIN at once', async () => {
    const response = await identifyPin(harness, { identifier: kim.nationalId.toLowerCase(), pin: KIM_PIN });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      employeeId: kim.employeeId,
      employeeName: 'Kim Kiosk',
      photo: `data:image/webp;base64,${kim.thumbnail.toString('base64')}`,
      method: 'pin',
    });
  });

  it('keeps her face template, which the kiosk’s face index still matches', async () => {
    const templates = new FaceTemplates();
    await templates.sync(harness.pool);
    expect(templates.candidates(kimFace)).toEqual([{ employeeId: kim.employeeId, companyId: company, similarity: expect.closeTo(1, 5) }]);
  });

  it('keeps the PIN of an employee the directory did not know yet, which works once the directory learns of him', async () => {
    expect((await identifyPin(harness, { identifier: leo.email, pin: LEO_PIN })).statusCode).toBe(401);
    const snapshot = employeeSnapshot({
      employeeId: leo.employeeId,
      companyId: company,
      firstName: 'Leo',
      lastName: 'Early',
      email: leo.email,
      nationalId: leo.nationalId,
    });
    await harness.bus.publish([testEvent('employee.EmployeeCreated', leo.employeeId, snapshot)]);
    for (const identifier of [leo.email, leo.nationalId]) {
      const response = await identifyPin(harness, { identifier, pin: LEO_PIN });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ employeeId: leo.employeeId, employeeName: 'Leo Early' });
    }
  });

  it('applies whole, when redelivered, an employee event only the directory’s group had recorded', async () => {
    await harness.bus.publish([kimPinChanged]);
    expect((await identifyPin(harness, { identifier: kim.nationalId, pin: KIM_NEW_PIN })).statusCode).toBe(200);
  });
});
