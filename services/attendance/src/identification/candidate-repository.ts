import type { Queryable } from '@ams/db';
import { directoryEmployeeSql, rfidClockAnywhere } from '@ams/directory';
import type { KioskEmployee } from '../projection/kiosk-employee.ts';

// SQL only: who an identifier, a card or a face's template may name, read from the employee projection
// (the directory's row and kiosk_identities).

export interface PinCandidate extends KioskEmployee {
  pinHash: string | null;
}

const e = directoryEmployeeSql('e');

const employeeColumns = `${e.employeeId} AS "employeeId", ${e.companyId} AS "companyId", ${e.firstName} AS "firstName", ${e.lastName} AS "lastName",
  ${e.employmentStatus} AS "employmentStatus", COALESCE(k.has_image, false) AS "hasImage", k.thumbnail`;

const employeesWithIdentities = `${e.table} LEFT JOIN kiosk_identities k ON k.employee_id = ${e.employeeId}`;

export async function findKioskEmployee(db: Queryable, employeeId: string): Promise<KioskEmployee | null> {
  const { rows } = await db.query<KioskEmployee>(`SELECT ${employeeColumns} FROM ${employeesWithIdentities} WHERE ${e.employeeId} = $1`, [employeeId]);
  return rows[0] ?? null;
}

/**
 * Active employees whose email or national ID is `identifier` (case-insensitive), with their PIN hash.
 * Emails are unique; national IDs only per company, so a few may share one.
 */
export async function findPinCandidates(db: Queryable, identifier: string): Promise<PinCandidate[]> {
  const byEmail = directoryEmployeeSql('m');
  const { rows } = await db.query<PinCandidate>(
    `SELECT ${employeeColumns}, k.pin_hash AS "pinHash"
     FROM ${employeesWithIdentities}
     WHERE ${e.employeeId} IN (SELECT ${byEmail.employeeId} FROM ${byEmail.table} WHERE lower(${byEmail.email}) = lower($1)
                             UNION SELECT employee_id FROM kiosk_identities WHERE lower(national_id) = lower($1))
       AND ${e.employmentStatus} = 'active'
     ORDER BY ${e.employeeId} LIMIT 5`,
    [identifier],
  );
  return rows;
}

/**
 * Active employees holding the RFID card `card` (case-insensitive), with their PIN hash. Cards are unique
 * per company only, so employees of a few companies may share a number.
 */
export async function findCardCandidates(db: Queryable, card: string): Promise<PinCandidate[]> {
  const { rows } = await db.query<PinCandidate>(
    `SELECT ${employeeColumns}, k.pin_hash AS "pinHash"
     FROM ${employeesWithIdentities}
     WHERE lower(k.rfid_card) = lower($1) AND ${e.employmentStatus} = 'active'
     ORDER BY ${e.employeeId} LIMIT 5`,
    [card],
  );
  return rows;
}

/** Whether any company (or the organisation's defaults, which companies without their own follow) takes cards. */
export async function anyCompanyTakesCards(db: Queryable): Promise<boolean> {
  return rfidClockAnywhere(db);
}
