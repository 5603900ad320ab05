-- Up Migration
-- The kiosk's own projection of people's employee events: who can be identified at the clock, and how.

-- What identifying someone needs: the name and photo flag the kiosk shows, and the identifiers a PIN goes with.
CREATE TABLE kiosk_employees (
  employee_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  national_id text NOT NULL,
  employment_status text NOT NULL,
  has_image boolean NOT NULL
);
CREATE INDEX kiosk_employees_email ON kiosk_employees (lower(email));
CREATE INDEX kiosk_employees_national_id ON kiosk_employees (lower(national_id));

-- Face templates. Every change takes the next revision (from kiosk_face_revision, whose row lock is
-- held until commit, so revisions become visible in order): each process's in-memory index reads the
-- changes above the last revision it saw. A removed template stays as a row without its data, so
-- the other processes learn of the removal.
CREATE TABLE kiosk_face_templates (
  employee_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  model text,
  embedding bytea,
  real_score double precision,
  live_score double precision,
  enrolled_at timestamptz,
  revision bigint NOT NULL,
  CHECK ((model IS NULL) = (embedding IS NULL))
);
CREATE INDEX kiosk_face_templates_revision ON kiosk_face_templates (revision);

CREATE TABLE kiosk_face_revision (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  revision bigint NOT NULL
);
INSERT INTO kiosk_face_revision (revision) VALUES (0);

-- The argon2id hashes (peppered) kiosk PINs are verified against.
CREATE TABLE kiosk_pins (
  employee_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  pin_hash text NOT NULL
);

-- Wrong-PIN counters and lockouts, shared by every replica. scope: 'employee:<id>', 'identifier:<sha256>'
-- (an identifier nobody has) or 'client:<ip>'.
CREATE TABLE kiosk_pin_attempts (
  scope text PRIMARY KEY,
  failures integer NOT NULL,
  last_attempt_at timestamptz NOT NULL,
  locked_until timestamptz
);
CREATE INDEX kiosk_pin_attempts_last ON kiosk_pin_attempts (last_attempt_at);

-- Clock tickets already spent, kept until they expire: a ticket records one punch (its retries excepted).
CREATE TABLE kiosk_used_tickets (
  ticket_id uuid PRIMARY KEY,
  command_id uuid NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX kiosk_used_tickets_expiry ON kiosk_used_tickets (expires_at);

-- Down Migration
DROP TABLE kiosk_used_tickets;
DROP TABLE kiosk_pin_attempts;
DROP TABLE kiosk_pins;
DROP TABLE kiosk_face_revision;
DROP TABLE kiosk_face_templates;
DROP TABLE kiosk_employees;
