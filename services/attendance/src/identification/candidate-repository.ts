import type { Queryable } from '@ams/db';
import type { KioskEmployee } from '../projection/kiosk-employee.ts';

// SQL only: who an identifier, a card or a face's template may name, read from the employee projection
// (the directory's row and kiosk_identities).

export interface PinCandidate extends KioskEmployee {
  pinHash: string | null;
}

const employeeColumns = `e.employee_id AS "employeeId", e.company_id AS "companyId", e.first_name AS "firstName", e.last_name AS "lastName",
  e.employment_status AS "employmentStatus", COALESCE(k.has_image, false) AS "hasImage", k.thumbnail`;

const employeesWithIdentities = 'directory_employees e LEFT JOIN kiosk_identities k ON k.employee_id = e.employee_id';

export async function findKioskEmployee(db: Queryable, employeeId: string): Promise<KioskEmployee | null> {
  const { rows } = await db.query<KioskEmployee>(`SELECT ${employeeColumns} FROM ${employeesWithIdentities} WHERE e.employee_id = $1`, [employeeId]);
  return rows[0] ?? null;
}

/**
 * Active employees whose email or national ID is `identifier` (case-insensitive), with their PIN hash.
 * Emails are unique; national IDs only per company, so a few may share one.
 */
export async function findPinCandidates(db: Queryable, identifier: string): Promise<PinCandidate[]> {
  const { rows } = await db.query<PinCandidate>(
    `SELECT ${employeeColumns}, k.pin_hash AS "pinHash"
     FROM ${employeesWithIdentities}
     WHERE e.employee_id IN (SELECT employee_id FROM directory_employees WHERE lower(email) = lower($1)
                             UNION SELECT employee_id FROM kiosk_identities WHERE lower(national_id) = lower($1))
       AND e.employment_status = 'active'
     ORDER BY e.employee_id LIMIT 5`,
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
     WHERE lower(k.rfid_card) = lower($1) AND e.employment_status = 'active'
     ORDER BY e.employee_id LIMIT 5`,
    [card],
  );
  return rows;
}

/** Whether any company (or the organisation's defaults, which companies without their own follow) takes cards. */
export async function anyCompanyTakesCards(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM directory_settings WHERE rfid_clock LIMIT 1');
  return (rowCount ?? 0) > 0;
}
