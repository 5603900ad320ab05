-- Up Migration
-- An append may carry inserts into other tables in its own statement (an outbox row, a spent ticket).
-- An insert that must write a row calls this when it wrote none: the statement, and so the append and
-- every other insert in it, is undone, and the caller learns why from the message.
CREATE FUNCTION refuse_append(p_reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'ES409', MESSAGE = p_reason;
END
$$;

-- Down Migration
DROP FUNCTION refuse_append;
