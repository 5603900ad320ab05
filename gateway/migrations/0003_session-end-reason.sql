-- Up Migration
-- Why identity last ended the user's sessions: a refused token's 401 says it (see identity's UserSaved).
ALTER TABLE auth_users ADD COLUMN session_end_reason text;

-- Down Migration
ALTER TABLE auth_users DROP COLUMN session_end_reason;
