-- Up Migration
-- The gateway's projection of identity events: what it needs to accept a token and authorise a request
-- without asking the identity service (fed by ams.identity through the inbox, so exactly-once).
CREATE TABLE auth_users (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  account_type text NOT NULL,
  role_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('enabled', 'disabled')),
  company_id text,
  employee_id text,
  -- Tokens carrying a lower version are dead (disable, role or password change).
  token_version integer NOT NULL CHECK (token_version >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auth_roles (
  role_id uuid PRIMARY KEY,
  permissions jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Tokens ended early (sign-out), remembered until they would have expired anyway.
CREATE TABLE revoked_tokens (
  user_id uuid NOT NULL,
  jti text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, jti)
);
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);

-- Down Migration
DROP TABLE revoked_tokens;
DROP TABLE auth_roles;
DROP TABLE auth_users;
