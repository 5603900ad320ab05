-- Up Migration
-- Wrong current PINs given by an employee changing their own PIN (PUT /api/me/pin): counted per employee,
-- as the kiosk counts wrong PINs, so a signed-in session cannot be used to guess the kiosk PIN.
CREATE TABLE own_pin_attempts (
  employee_id uuid PRIMARY KEY,
  failures integer NOT NULL,
  last_attempt_at timestamptz NOT NULL,
  locked_until timestamptz
);

-- Down Migration
DROP TABLE own_pin_attempts;
