-- Tells the processes that keep rows in memory (src/store/watched-cache.ts) which row changed, as
-- the change commits, whoever wrote it (Prisma, raw SQL):
-- * "form_changed" with a form's id, when its status, title, schema version, error, owner or
--   contract (its revision, bumped by migration 0014's trigger) changes, or it is deleted
--   (GET /forms/{id}, and the form a session reads);
-- * "session_changed" with a session's id, on any change or its deletion (GET /sessions/{id});
-- * "batch_changed" with a batch's id, on any change or its deletion (a finished batch's manifest).
CREATE FUNCTION "form_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
    OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."title" IS DISTINCT FROM NEW."title"
    OR OLD."schemaVersion" IS DISTINCT FROM NEW."schemaVersion" OR OLD."error" IS DISTINCT FROM NEW."error"
    OR OLD."ownerId" IS DISTINCT FROM NEW."ownerId" OR OLD."contractRevision" IS DISTINCT FROM NEW."contractRevision" THEN
    PERFORM pg_notify('form_changed', OLD."id");
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Form_changed" AFTER UPDATE OF "status", "title", "schemaVersion", "error", "ownerId", "contract", "contractRevision" OR DELETE ON "Form"
  FOR EACH ROW EXECUTE FUNCTION "form_changed"();

-- Sessions and batches: any change, the channel named by the trigger.
CREATE FUNCTION "row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], OLD."id");
  RETURN NULL;
END
$$;

CREATE TRIGGER "Session_changed" AFTER UPDATE OR DELETE ON "Session"
  FOR EACH ROW EXECUTE FUNCTION "row_changed"('session_changed');

CREATE TRIGGER "Batch_changed" AFTER UPDATE OR DELETE ON "Batch"
  FOR EACH ROW EXECUTE FUNCTION "row_changed"('batch_changed');
