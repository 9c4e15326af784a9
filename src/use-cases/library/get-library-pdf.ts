// GET /library/forms/{id}/pdf: a cached blank (the latest revision, or the one named by its hash).
// Serving only what is cached keeps this open door from making the service fetch on anyone's behalf.
import type { AppContext } from '../../context.ts';
import type { LibraryIndex } from '../../library/search-index.ts';
import { DomainError } from '../../domain/errors.ts';
import { requireCatalogForm } from './get-library-form.ts';

export async function getLibraryPdf(ctx: AppContext, index: LibraryIndex, id: string, sha256?: string) {
  const entry = requireCatalogForm(index, id);
  const revision = await ctx.db.libraryRevision.findFirst({ where: { formKey: id, ...(sha256 ? { sha256 } : {}) }, orderBy: { fetchedAt: 'desc' } });
  if (!revision) {
    throw new DomainError('not_found', sha256 ? 'revision_not_found' : 'not_cached', sha256 ? 'No revision of this form has that sha256.' : 'This blank has not been fetched yet; POST /library/forms/{id}/create fetches it.');
  }
  return { entry, revision, bytes: Buffer.from(await ctx.blobs.get(revision.blob)) };
}
