-- Up Migration
-- A company's effective settings: its own row, else the organisation's (company_id NULL); no row before people
-- announced any. Written once here, every reader selects from it. A single-SELECT SQL function: the planner
-- inlines it, so a reader's plan stays what the subquery it replaces gave.
CREATE FUNCTION effective_settings(p_company_id uuid) RETURNS SETOF settings
  LANGUAGE sql STABLE
  AS $$ SELECT * FROM settings WHERE company_id = p_company_id OR company_id IS NULL ORDER BY company_id NULLS LAST LIMIT 1 $$;

-- Down Migration
DROP FUNCTION effective_settings(uuid);
