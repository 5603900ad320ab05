-- Up Migration
-- Upcoming schedules: an employee may have the schedule in force now and later ones that start on
-- their from date, so "one current row" no longer holds; periods still never overlap. Whether a
-- schedule is current, previous or upcoming is derived when read, from its dates and today in its
-- company's time zone; the stored status now only records an explicit end ('previous' once an admin
-- archived it or its employee was archived), which can fall on today.
DROP INDEX schedules_one_current;

-- Down Migration
CREATE UNIQUE INDEX schedules_one_current ON schedules (employee_id) WHERE status = 'current';
