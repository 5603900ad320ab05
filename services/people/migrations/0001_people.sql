-- Up Migration
-- Composite keys (id, company_id) let foreign keys prove that a record's references all belong
-- to its own company: a job title of company A can never sit in a department of company B.
CREATE TABLE companies (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX companies_name ON companies (lower(name));

CREATE TABLE departments (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, company_id)
);
CREATE UNIQUE INDEX departments_name ON departments (company_id, lower(name));

CREATE TABLE job_titles (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  department_id uuid NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, department_id, company_id),
  FOREIGN KEY (department_id, company_id) REFERENCES departments (id, company_id)
);
CREATE UNIQUE INDEX job_titles_name ON job_titles (department_id, lower(name));
CREATE INDEX job_titles_company ON job_titles (company_id);

CREATE TABLE leave_types (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, company_id)
);
CREATE UNIQUE INDEX leave_types_name ON leave_types (company_id, lower(name));

CREATE TABLE leave_groups (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES companies (id),
  name text NOT NULL,
  description text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id, company_id)
);
CREATE UNIQUE INDEX leave_groups_name ON leave_groups (company_id, lower(name));

-- The leave types a group's members may take (same company as the group).
CREATE TABLE leave_group_privileges (
  leave_group_id uuid NOT NULL,
  leave_type_id uuid NOT NULL,
  company_id uuid NOT NULL,
  PRIMARY KEY (leave_group_id, leave_type_id),
  FOREIGN KEY (leave_group_id, company_id) REFERENCES leave_groups (id, company_id) ON DELETE CASCADE,
  FOREIGN KEY (leave_type_id, company_id) REFERENCES leave_types (id, company_id)
);
CREATE INDEX leave_group_privileges_type ON leave_group_privileges (leave_type_id);

CREATE TABLE employees (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  department_id uuid NOT NULL,
  job_title_id uuid NOT NULL,
  leave_group_id uuid NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  gender text NOT NULL CHECK (gender IN ('MALE', 'FEMALE')),
  civil_status text CHECK (civil_status IN ('SINGLE', 'MARRIED', 'ANNULLED', 'WIDOWED', 'LEGALLY SEPARATED')),
  height numeric(5, 1),
  weight numeric(5, 1),
  email text NOT NULL,
  phone_number text,
  -- Age is derived from the birthday when read, never stored.
  birthday date,
  national_id text NOT NULL,
  place_of_birth text,
  address text,
  company_email text,
  employment_type text NOT NULL CHECK (employment_type IN ('regular', 'trainee')),
  employment_status text NOT NULL DEFAULT 'active' CHECK (employment_status IN ('active', 'archived')),
  official_start_date date,
  date_regularized date,
  -- argon2id of pepper + PIN; never leaves the service except to attendance in PinChanged.
  pin_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- What the quick search looks in.
  search_text text GENERATED ALWAYS AS (
    lower(first_name || ' ' || last_name || ' ' || email || ' ' || national_id || ' ' || coalesce(company_email, ''))
  ) STORED,
  FOREIGN KEY (job_title_id, department_id, company_id) REFERENCES job_titles (id, department_id, company_id),
  FOREIGN KEY (department_id, company_id) REFERENCES departments (id, company_id),
  FOREIGN KEY (leave_group_id, company_id) REFERENCES leave_groups (id, company_id)
);
-- Substring search on an index: LIKE '%term%' over trigrams instead of reading every employee.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX employees_search ON employees USING gin (search_text gin_trgm_ops);
CREATE UNIQUE INDEX employees_email ON employees (lower(email));
CREATE UNIQUE INDEX employees_national_id ON employees (company_id, lower(national_id));
CREATE INDEX employees_by_name ON employees (employment_status, last_name, first_name, id);
CREATE INDEX employees_company_by_name ON employees (company_id, employment_status, last_name, first_name, id);
CREATE INDEX employees_department ON employees (department_id);
CREATE INDEX employees_job_title ON employees (job_title_id);
CREATE INDEX employees_leave_group ON employees (leave_group_id);

CREATE TABLE employee_photos (
  employee_id uuid PRIMARY KEY REFERENCES employees (id) ON DELETE CASCADE,
  media_type text NOT NULL,
  photo bytea NOT NULL,
  thumbnail bytea NOT NULL,
  thumbnail_media_type text NOT NULL,
  -- Part of the photo's URL, so browsers never show a replaced photo from their cache.
  version integer NOT NULL,
  uploaded_at timestamptz NOT NULL
);

-- Never in an API response; attendance gets it through employee.FaceEnrolled.
CREATE TABLE face_templates (
  employee_id uuid PRIMARY KEY REFERENCES employees (id) ON DELETE CASCADE,
  model text NOT NULL,
  embedding bytea NOT NULL,
  real_score real NOT NULL,
  live_score real NOT NULL,
  enrolled_at timestamptz NOT NULL
);

-- The organisation's settings (company_id NULL) and those of companies that changed theirs.
CREATE TABLE settings (
  company_id uuid REFERENCES companies (id) ON DELETE CASCADE,
  country text NOT NULL,
  timezone text NOT NULL,
  time_format smallint NOT NULL CHECK (time_format IN (1, 2)),
  rfid_clock boolean NOT NULL,
  ip_restriction text NOT NULL,
  updated_at timestamptz
);
CREATE UNIQUE INDEX settings_scope ON settings (COALESCE(company_id, '00000000-0000-0000-0000-000000000000'::uuid));
-- Spec §9 defaults.
INSERT INTO settings (company_id, country, timezone, time_format, rfid_clock, ip_restriction) VALUES (NULL, 'UK', 'Europe/Lisbon', 1, false, '');
