-- Up Migration
-- The companies people keeps, by id: a SuperAdmin may name a company that has no employees yet
-- (registering its first kiosk before hiring, say), and a service must know it exists.
CREATE TABLE directory_companies (
  company_id uuid PRIMARY KEY,
  name text NOT NULL
);

-- Down Migration
DROP TABLE directory_companies;
