// POST /library/forms/{id}/create: the catalog form's blank, fetched or cached, becomes a form
// exactly as an upload to POST /forms does (same admission, job, contract, callbacks, billing).
import type { AppContext } from '../../context.ts';
import type { LibraryIndex } from '../../library/search-index.ts';
import { createForm } from '../forms/create-form.ts';
import type { Retention } from '../../store/forms.ts';
import { acceptCallbackUrl } from '../../domain/callbacks.ts';
import { assertBillable } from '../../billing/allowance.ts';
import { obtainCatalogBlank } from './obtain-blank.ts';
import { revisionView } from './library-view.ts';
import { requireCatalogForm } from './get-library-form.ts';

export interface CreateFromLibraryInput {
  ownerId: string;
  libraryId: string;
  callbackUrl?: string;
  retention?: Retention | 'account_default';
}

export async function createFormFromLibrary(ctx: AppContext, index: LibraryIndex, input: CreateFromLibraryInput) {
  // Refusals that need no document come before the agency is asked for one; createForm checks them again.
  const entry = requireCatalogForm(index, input.libraryId);
  await assertBillable(ctx, input.ownerId, 'make_fillable');
  if (input.callbackUrl) await acceptCallbackUrl(input.callbackUrl, { allowLoopback: ctx.config.CALLBACK_ALLOW_LOOPBACK });
  const { revision, bytes } = await obtainCatalogBlank(ctx, index, entry.id);
  const file = { field: 'file', filename: `${entry.number} ${entry.title}.pdf`, mimetype: 'application/pdf', bytes, sha256: revision.sha256 };
  const created = await createForm(ctx, { ownerId: input.ownerId, file, callbackUrl: input.callbackUrl, retention: input.retention });
  return { form_id: created.form_id, status: created.status, library_id: entry.id, revision: revisionView(revision) };
}
