// The blank of a catalog form: the cached revision while it is fresh, else the official source's
// current file. A file whose hash is new becomes a new revision (blob library/<sha256>.pdf); the
// earlier ones stay, since forms made from them point at their hash. When the source fails and a
// revision is cached, the cached one is used; with nothing cached the SourceError goes up.
import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { CatalogForm } from '../../library/catalog.ts';
import { fetchBlank, SourceError, type FetchPolicy } from '../../library/fetch-blank.ts';
import { admitUpload } from '../../workers/offload.ts';
import { readFileSync } from 'node:fs';
import type { LibraryIndex } from '../../library/search-index.ts';
import { DomainError } from '../../domain/errors.ts';
import { requireCatalogForm } from './get-library-form.ts';

export function fetchPolicy(ctx: AppContext): FetchPolicy {
  return {
    timeoutMs: ctx.config.LIBRARY_FETCH_TIMEOUT_MS,
    allowLoopback: ctx.config.LIBRARY_ALLOW_LOOPBACK,
    extraCa: ctx.config.LIBRARY_EXTRA_CA_FILE ? readFileSync(ctx.config.LIBRARY_EXTRA_CA_FILE, 'utf8') : undefined,
  };
}

export async function obtainBlank(ctx: AppContext, form: CatalogForm) {
  const latest = await ctx.db.libraryRevision.findFirst({ where: { formKey: form.id }, orderBy: { fetchedAt: 'desc' } });
  const fresh = latest && Date.now() - latest.checkedAt.getTime() < ctx.config.LIBRARY_RECHECK_HOURS * 3_600_000;
  if (latest && fresh) return { revision: latest, bytes: Buffer.from(await ctx.blobs.get(latest.blob)) };

  let fetched: { bytes: Buffer; finalUrl: string };
  try {
    fetched = await fetchBlank(form.url, fetchPolicy(ctx));
  } catch (err) {
    if (err instanceof SourceError && latest && err.failure !== 'too_large') {
      ctx.log.warn({ form: form.id, source: err.source, failure: err.failure }, 'library source failed; serving the cached revision');
      return { revision: latest, bytes: Buffer.from(await ctx.blobs.get(latest.blob)) };
    }
    throw err;
  }
  const bytes = fetched.bytes;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const known = await ctx.db.libraryRevision.findUnique({ where: { formKey_sha256: { formKey: form.id, sha256 } } });
  if (known) {
    const revision = await ctx.db.libraryRevision.update({ where: { id: known.id }, data: { checkedAt: new Date() } });
    return { revision, bytes };
  }
  // The same limits as an upload (pages, images, inflation) before the file is kept.
  // fillable: the one definition pricing and contracts use. Read in the request pool.
  const { info, fillable } = await admitUpload(ctx, { filename: `${form.number}.pdf`, mimetype: 'application/pdf', bytes, sha256 });
  const blob = `library/${sha256}.pdf`;
  if (!(await ctx.blobs.exists(blob))) await ctx.blobs.put(blob, bytes);
  const revision = await ctx.db.libraryRevision.upsert({
    where: { formKey_sha256: { formKey: form.id, sha256 } },
    create: { id: randomUUID(), formKey: form.id, sha256, blob, bytes: bytes.length, pageCount: info.page_count, fillable, sourceUrl: fetched.finalUrl },
    update: { checkedAt: new Date() },
  });
  return { revision, bytes };
}

/** The blank of the catalog form `id` for a caller: 404 for an unknown id, a source failure as the refusal naming the source. */
export async function obtainCatalogBlank(ctx: AppContext, index: LibraryIndex, id: string) {
  const entry = requireCatalogForm(index, id);
  const { revision, bytes } = await obtainBlank(ctx, entry).catch((err: unknown) => {
    throw err instanceof SourceError ? sourceRefusal(err) : err;
  });
  return { entry, revision, bytes };
}

/** The agency's host failed us: the caller is told which source and whether to retry. */
export function sourceRefusal(err: SourceError): DomainError {
  if (err.failure === 'too_large') return new DomainError('too_large', 'file_too_large', err.message, { source: err.source });
  if (err.failure === 'unreachable') return new DomainError('upstream_unavailable', 'source_unreachable', err.message, { source: err.source });
  return new DomainError('upstream_failed', 'source_error', err.message, { source: err.source, reason: err.failure });
}
