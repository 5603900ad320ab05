-- Up Migration
-- Projection of the people service's companies: a user or role may name only a company that exists.
CREATE TABLE company_directory (
  company_id text PRIMARY KEY,
  name text NOT NULL
);

-- Down Migration
DROP TABLE company_directory;
