-- Up Migration
-- Why the last token version bump ended the user's sessions, so the gateway can tell them on their next call.
ALTER TABLE users ADD COLUMN session_end_reason text;
-- Finds the user an employee is linked to (one user per employee).
CREATE INDEX users_employee ON users (employee_id) WHERE employee_id IS NOT NULL;

-- Down Migration
DROP INDEX users_employee;
ALTER TABLE users DROP COLUMN session_end_reason;
