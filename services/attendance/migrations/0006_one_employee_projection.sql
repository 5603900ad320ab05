-- Up Migration
-- One employee projection. kiosk_employees repeated the directory's employee (directory_employees) and was
-- filled by a consumer group and inbox of its own ('attendance-kiosk'), so the kiosk and the punch could
-- disagree about who exists, is active or is called what. Now the directory's row is the employee, and
-- kiosk_identities holds only what the kiosk adds: it is written by the directory's handler, through
-- attendance's extension, in the same transaction under the same inbox (group 'attendance').
-- Kept apart from directory_employees (a table of @ams/directory, which leave and scheduling keep too)
-- so those services never carry kiosk columns they would never fill.
CREATE TABLE kiosk_identities (
  employee_id uuid PRIMARY KEY,
  -- Null until the employee's snapshot came (a PIN change may be all that is known yet).
  national_id text,
  has_image boolean NOT NULL DEFAULT false,
  -- The enrolled photo's thumbnail (employee.FaceEnrolled), shown by the kiosk to the person it recognised.
  thumbnail bytea,
  -- The argon2id hash (peppered) kiosk PINs are verified against; null: no PIN.
  pin_hash text
);
CREATE INDEX kiosk_identities_national_id ON kiosk_identities (lower(national_id));
-- A PIN's identifier is an email or a national ID: attendance's own index on the directory's table.
CREATE INDEX kiosk_directory_employees_email ON directory_employees (lower(email));

-- What the kiosk knew carries over, PINs of employees it did not know included (the directory
-- decides who is identified: a row without its directory employee is never read).
INSERT INTO kiosk_identities (employee_id, national_id, has_image, thumbnail, pin_hash)
SELECT COALESCE(e.employee_id, p.employee_id), e.national_id, COALESCE(e.has_image, false), e.thumbnail, p.pin_hash
FROM kiosk_employees e FULL JOIN kiosk_pins p ON p.employee_id = e.employee_id;

-- An inbox row of the group now means the whole event was applied, directory and kiosk: an employee event
-- only the directory's group had recorded (the kiosk's lagged behind it, or the process stopped between
-- the two) is forgotten, so that a redelivery applies it whole. Then the kiosk's group is gone, and its
-- inbox with it.
DELETE FROM inbox d WHERE d.consumer_group = 'attendance' AND d.event_type LIKE 'employee.%'
  AND NOT EXISTS (SELECT 1 FROM inbox k WHERE k.consumer_group = 'attendance-kiosk' AND k.event_id = d.event_id);
DELETE FROM inbox WHERE consumer_group = 'attendance-kiosk';

DROP TABLE kiosk_pins;
DROP TABLE kiosk_employees;

-- Down Migration
CREATE TABLE kiosk_employees (
  employee_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  national_id text NOT NULL,
  employment_status text NOT NULL,
  has_image boolean NOT NULL,
  thumbnail bytea
);
CREATE INDEX kiosk_employees_email ON kiosk_employees (lower(email));
CREATE INDEX kiosk_employees_national_id ON kiosk_employees (lower(national_id));
CREATE TABLE kiosk_pins (
  employee_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  pin_hash text NOT NULL
);
INSERT INTO kiosk_employees (employee_id, company_id, first_name, last_name, email, national_id, employment_status, has_image, thumbnail)
SELECT d.employee_id, d.company_id, d.first_name, d.last_name, d.email, COALESCE(k.national_id, ''), d.employment_status, COALESCE(k.has_image, false), k.thumbnail
FROM directory_employees d LEFT JOIN kiosk_identities k ON k.employee_id = d.employee_id;
INSERT INTO kiosk_pins (employee_id, company_id, pin_hash)
SELECT k.employee_id, d.company_id, k.pin_hash FROM kiosk_identities k JOIN directory_employees d ON d.employee_id = k.employee_id
WHERE k.pin_hash IS NOT NULL;
DROP INDEX kiosk_directory_employees_email;
DROP TABLE kiosk_identities;
