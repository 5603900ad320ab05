-- Up Migration
-- A day can be a late arrival AND an early departure: the one status column (early departure outranking
-- late arrival) becomes the two statuses the source product kept. Existing rows are filled from what they
-- hold, exactly as the projection computes them: arrival from the minutes late, departure from the former
-- status once the day has a time out (a former 'early departure' stays one; any other closed day with a
-- shift left on time). A day without a shift (status null) has neither.
ALTER TABLE attendance_days
  ADD COLUMN arrival_status text CHECK (arrival_status IN ('on time', 'late arrival')),
  ADD COLUMN departure_status text CHECK (departure_status IN ('on time', 'early departure'));
UPDATE attendance_days SET
  arrival_status = CASE WHEN status IS NULL THEN NULL WHEN late_minutes > 0 THEN 'late arrival' ELSE 'on time' END,
  departure_status = CASE WHEN status IS NULL OR time_out IS NULL THEN NULL WHEN status = 'early departure' THEN 'early departure' ELSE 'on time' END;
ALTER TABLE attendance_days DROP COLUMN status;

-- Down Migration
ALTER TABLE attendance_days ADD COLUMN status text CHECK (status IN ('late arrival', 'on time', 'early departure'));
UPDATE attendance_days SET status = CASE WHEN departure_status = 'early departure' THEN 'early departure' ELSE arrival_status END;
ALTER TABLE attendance_days DROP COLUMN arrival_status, DROP COLUMN departure_status;
