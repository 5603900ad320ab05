-- Up Migration
-- Companies whose day figures must be computed again because their work-time rules or zone changed (the nil
-- uuid: everyone, after the organisation's changed). Written in the settings event's transaction, worked off
-- after commit in batches of employees by a background worker, so a rule change never holds the projection;
-- `after_id` is how far it got (null: from the start).
CREATE TABLE day_figures_recomputes (
  scope_id uuid PRIMARY KEY,
  after_id uuid
);

-- Down Migration
DROP TABLE day_figures_recomputes;
