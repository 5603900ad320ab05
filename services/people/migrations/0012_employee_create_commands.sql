-- Up Migration
-- Employee creations by the id the client gave each (commandId): a retry after a lost answer gets the
-- employee its first attempt created instead of a conflict on the email. The reference is checked at commit,
-- since the command is claimed before the employee is inserted (a concurrent retry waits on that claim).
CREATE TABLE employee_create_commands (
  command_id uuid PRIMARY KEY,
  employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  created_at timestamptz NOT NULL
);
CREATE INDEX employee_create_commands_employee ON employee_create_commands (employee_id);

-- Down Migration
DROP TABLE employee_create_commands;
