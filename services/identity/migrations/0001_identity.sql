-- Up Migration
CREATE TABLE roles (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  -- NULL: a default role shared by every company, changed only by a SuperAdmin.
  company_id text,
  user_type text NOT NULL CHECK (user_type IN ('admin', 'employee')),
  permissions jsonb NOT NULL,
  system boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name_per_company ON roles (COALESCE(company_id, ''), lower(name));

CREATE TABLE users (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  account_type text NOT NULL CHECK (account_type IN ('SuperAdmin', 'Admin', 'Employee')),
  role_id uuid NOT NULL REFERENCES roles (id),
  status text NOT NULL CHECK (status IN ('enabled', 'disabled')),
  company_id text,
  employee_id text,
  image text,
  password_hash text NOT NULL,
  -- Tokens carry the version they were issued at; bumping it ends them all.
  token_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email ON users (lower(email));
CREATE INDEX users_company ON users (company_id);
CREATE INDEX users_role ON users (role_id);

-- Failed sign-ins per key ('account:<email>' or 'client:<email>|<ip>') and the lock they earned.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);

-- Addresses a user signed in from: the account-wide lock does not apply to them, so attackers
-- elsewhere cannot lock a user out of their usual place.
CREATE TABLE trusted_clients (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  ip text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, ip)
);

CREATE TABLE identity_settings (
  id smallint PRIMARY KEY CHECK (id = 1),
  self_sign_up boolean NOT NULL DEFAULT false
);
INSERT INTO identity_settings (id) VALUES (1);

-- Projection of the people service's employees: links accounts to employee records by email.
CREATE TABLE employee_directory (
  employee_id text PRIMARY KEY,
  company_id text,
  email text
);
CREATE INDEX employee_directory_email ON employee_directory (lower(email));

-- Security log: every audit event of every app (projection of the audit topic).
CREATE TABLE audit_log (
  event_id uuid PRIMARY KEY,
  action text NOT NULL,
  actor_id text,
  actor_email text,
  subject_kind text,
  subject_id text,
  ip text,
  user_agent text,
  at timestamptz NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_at ON audit_log (at DESC);

-- Down Migration
DROP TABLE audit_log;
DROP TABLE employee_directory;
DROP TABLE identity_settings;
DROP TABLE trusted_clients;
DROP TABLE login_throttle;
DROP TABLE users;
DROP TABLE roles;
