// Use-case tests: the application context on a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set) with no HTTP server and no job worker, so a test runs a job's use case
// itself. Forms are made ready in-process (buildContract), as the form job would.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { createAccount } from '../../src/store/accounts.ts';
import { buildContract } from '../../src/domain/contracts.ts';
import { pdfSummary } from '../../src/pdf/document.ts';
import type { UploadedDocument } from '../../src/domain/documents.ts';
import { insertForm, type Retention } from '../../src/store/forms.ts';
import { dropTestEnv, testEnv } from './server.ts';

export interface UseCaseHarness {
  ctx: AppContext;
  /** An account of this file's. */
  ownerId: string;
  /** A second account, for "not yours" checks. */
  otherId: string;
}

export function useCaseContext(overrides: Record<string, string> = {}): UseCaseHarness {
  const h = {} as UseCaseHarness & { env: Record<string, string> };
  beforeAll(async () => {
    h.env = await testEnv(overrides);
    h.ctx = await createContext(loadConfig(h.env));
    h.ownerId = (await createAccount(h.ctx.db, 'use cases')).account.id;
    h.otherId = (await createAccount(h.ctx.db, 'someone else')).account.id;
  });
  afterAll(async () => {
    await h.ctx.close();
    await dropTestEnv(h.env);
  });
  return h;
}

export const uploaded = (bytes: Uint8Array, filename = 'form.pdf', mimetype = 'application/pdf'): UploadedDocument => ({
  filename,
  mimetype,
  bytes,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/** A ready form of `ownerId` from a fillable PDF: stored as a new form would be, its contract built here. */
export async function readyFormOf(ctx: AppContext, ownerId: string, pdf: Uint8Array, retention: Retention = 'keep'): Promise<string> {
  const { contract } = await buildContract(pdf, { title: 'Test form', pageCount: (await pdfSummary(pdf)).page_count });
  const formId = await insertForm(ctx, { ownerId, file: uploaded(pdf), pageCount: contract.page_count, title: 'Test form', retention, billCreate: false, processJob: false });
  const form = await ctx.db.form.findUniqueOrThrow({ where: { id: formId } });
  await ctx.db.form.update({ where: { id: formId }, data: { status: 'ready', contract: contract as never, fillableBlob: form.sourceBlob } });
  return formId;
}

/** The refusal a promise ends with (a DomainError), for toMatchObject({ refusal, code }). */
export const refusalOf = (p: Promise<unknown>) => p.then(() => undefined, (err: unknown) => err as { refusal?: string; code?: string });
