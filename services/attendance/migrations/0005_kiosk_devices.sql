-- Up Migration
-- Registered kiosks. The token is shown once at registration; only its SHA-256 is kept (a 256-bit random
-- token needs no slow hash). A revoked kiosk stays listed, for the punches that name it.
CREATE TABLE kiosk_devices (
  device_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  name text NOT NULL,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  last_seen_at timestamptz,
  revoked_at timestamptz
);
-- "Does this company have an active kiosk?": asked on every identification without a device token.
CREATE INDEX kiosk_devices_active_company ON kiosk_devices (company_id) WHERE revoked_at IS NULL;

-- Down Migration
DROP TABLE kiosk_devices;
