-- Up Migration
-- What a registered kiosk last reported: when it last spoke to the server, its clock offset (server minus
-- device, ms) and how many sealed offline punches it held.
ALTER TABLE kiosk_devices ADD COLUMN last_contact_at timestamptz, ADD COLUMN clock_offset_ms bigint, ADD COLUMN queue_length integer;

-- Offline punches needing attention: replayed items the server refused (wrong PIN, a clock-flow refusal, too
-- old, …). Keyed by the kiosk's command id, so a second replay of a refused item adds nothing. The sealed
-- identification is not kept: only who it named, if anyone.
CREATE TABLE offline_punch_issues (
  command_id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  device_id uuid NOT NULL REFERENCES kiosk_devices (device_id),
  employee_id uuid,
  method text,
  action text,
  device_time timestamptz NOT NULL,
  punched_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  reason_key text NOT NULL,
  reason_params jsonb
);
CREATE INDEX offline_punch_issues_company ON offline_punch_issues (company_id, received_at);
-- An admin recorded the item's day by hand: written with that day's events, in the append's statement.
CREATE TABLE offline_punch_resolutions (
  command_id uuid PRIMARY KEY REFERENCES offline_punch_issues (command_id),
  resolved_at timestamptz NOT NULL,
  resolved_by text NOT NULL
);

-- Down Migration
DROP TABLE offline_punch_resolutions;
DROP TABLE offline_punch_issues;
ALTER TABLE kiosk_devices DROP COLUMN last_contact_at, DROP COLUMN clock_offset_ms, DROP COLUMN queue_length;
