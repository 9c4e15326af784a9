-- A form's contract revision (src/store/contract-cache.ts): HTTP processes keep parsed contracts
-- keyed by form id and this number, and read only the number on each request. The database bumps
-- it in the statement that writes the contract, so no writer (Prisma, raw SQL, another process)
-- can change a contract without every cache seeing a new revision on its next read.
ALTER TABLE "Form" ADD COLUMN "contractRevision" INTEGER NOT NULL DEFAULT 0;

CREATE FUNCTION "form_contract_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."contractRevision" := OLD."contractRevision" + 1;
  RETURN NEW;
END
$$;

CREATE TRIGGER "Form_contract_revision" BEFORE UPDATE OF "contract" ON "Form"
  FOR EACH ROW EXECUTE FUNCTION "form_contract_revision"();
