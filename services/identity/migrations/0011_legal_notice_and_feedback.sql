-- Up Migration
-- The legal notice: the organisation's terms and privacy texts in English and Spanish (NULL: the product's default text).
CREATE TABLE legal_notice (
  id smallint PRIMARY KEY CHECK (id = 1),
  terms_en text,
  terms_es text,
  privacy_en text,
  privacy_es text,
  updated_at timestamptz
);
INSERT INTO legal_notice (id) VALUES (1);

-- Feedback users send from the app. The sender's name, email and company are kept as they were when sent,
-- so the list reads the same after the account changes or goes.
CREATE TABLE feedback (
  id uuid PRIMARY KEY,
  -- The order sent in, for feedback sent within the same instant.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  sender_id uuid,
  sender_name text NOT NULL,
  sender_email text NOT NULL,
  company_id text,
  category text NOT NULL CHECK (category IN ('problem', 'idea', 'question', 'other')),
  message text NOT NULL,
  page text NOT NULL,
  screenshot bytea,
  created_at timestamptz NOT NULL,
  resolved_at timestamptz,
  resolved_by uuid
);
CREATE INDEX feedback_company_created ON feedback (company_id, created_at DESC);

-- The default Admin role grants every permission: it gains the new feedback permission too.
UPDATE roles SET permissions = permissions || '{"feedback": ["read", "create", "update", "delete", "archive"]}'::jsonb
  WHERE system AND user_type = 'admin' AND NOT permissions ? 'feedback';

-- Down Migration
DROP TABLE feedback;
DROP TABLE legal_notice;
UPDATE roles SET permissions = permissions - 'feedback';
