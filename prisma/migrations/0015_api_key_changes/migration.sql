-- Tells the processes that keep API keys in memory (src/store/api-key-cache.ts) which key changed:
-- a notification on channel "api_key_changed" carrying the key's hash, sent when a key's status
-- changes or the key is deleted (its account deleted too), whoever wrote it (Prisma, raw SQL).
-- PostgreSQL delivers it when the writing transaction commits, so no reader can see the change in
-- the table before its cache has dropped the key. "Last used" updates send nothing.
CREATE FUNCTION "api_key_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."hash" IS DISTINCT FROM NEW."hash" THEN
    PERFORM pg_notify('api_key_changed', OLD."hash");
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "ApiKey_changed" AFTER UPDATE OF "status", "hash" OR DELETE ON "ApiKey"
  FOR EACH ROW EXECUTE FUNCTION "api_key_changed"();
