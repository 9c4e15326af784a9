// POST /library/forms/{id}/create: the catalog form's blank, fetched or cached, becomes a form
// exactly as an upload to POST /forms does (same admission, job, contract, callbacks, billing).
import type { AppContext } from '../../context.ts';
import type { LibraryIndex } from '../../library/search-index.ts';
import { createForm, type Retention } from '../../domain/forms.ts';
import { requireCatalogForm } from './get-library-form.ts';
import { obtainBlank } from './obtain-blank.ts';
import { revisionView } from './library-view.ts';

export interface CreateFromLibraryInput {
  ownerId: string;
  libraryId: string;
  callbackUrl?: string;
  retention: Retention;
}

export async function createFormFromLibrary(ctx: AppContext, index: LibraryIndex, input: CreateFromLibraryInput) {
  const entry = requireCatalogForm(index, input.libraryId);
  const { revision, bytes } = await obtainBlank(ctx, entry);
  const file = { field: 'file', filename: `${entry.number} ${entry.title}.pdf`, mimetype: 'application/pdf', bytes, sha256: revision.sha256 };
  const created = await createForm(ctx, { ownerId: input.ownerId, file, callbackUrl: input.callbackUrl, retention: input.retention });
  return { form_id: created.form_id, status: created.status, library_id: entry.id, revision: revisionView(revision) };
}
