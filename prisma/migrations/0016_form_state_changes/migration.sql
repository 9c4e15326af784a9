-- Tells the processes that keep forms' states in memory (src/store/watched-cache.ts, GET /forms/{id})
-- which form changed: a notification on channel "form_changed" carrying the form's id, sent when a
-- form's status, title, schema version, error or owner changes or the form is deleted, whoever
-- wrote it. PostgreSQL delivers it when the writing transaction commits.
CREATE FUNCTION "form_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."title" IS DISTINCT FROM NEW."title"
    OR OLD."schemaVersion" IS DISTINCT FROM NEW."schemaVersion" OR OLD."error" IS DISTINCT FROM NEW."error"
    OR OLD."ownerId" IS DISTINCT FROM NEW."ownerId" THEN
    PERFORM pg_notify('form_changed', OLD."id");
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Form_changed" AFTER UPDATE OF "status", "title", "schemaVersion", "error", "ownerId" OR DELETE ON "Form"
  FOR EACH ROW EXECUTE FUNCTION "form_changed"();
