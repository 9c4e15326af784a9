// GET /library/forms/{id}: one catalog entry with every revision fetched so far, newest first.
import type { AppContext } from '../../context.ts';
import type { LibraryIndex } from '../../library/search-index.ts';
import type { CatalogForm } from '../../library/catalog.ts';
import { notFound } from '../../domain/errors.ts';
import { libraryFormView, revisionView } from './library-view.ts';

export function requireCatalogForm(index: LibraryIndex, id: string): CatalogForm {
  const form = index.get(id);
  if (!form) throw notFound('library form');
  return form;
}

export async function getLibraryForm(ctx: AppContext, index: LibraryIndex, id: string) {
  const form = requireCatalogForm(index, id);
  const revisions = await ctx.db.libraryRevision.findMany({ where: { formKey: id }, orderBy: { fetchedAt: 'desc' } });
  return { ...libraryFormView(form, revisions[0]), revisions: revisions.map(revisionView) };
}
