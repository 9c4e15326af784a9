// POST /library/forms/{id}/create: the catalog form's blank, fetched or cached, becomes a form
// exactly as an upload to POST /forms does (same admission, job, contract, callbacks, billing).
import type { AppContext } from '../../context.ts';
import type { LibraryIndex } from '../../library/search-index.ts';
import { createForm } from '../forms/create-form.ts';
import type { Retention } from '../../store/forms.ts';
import { DomainError } from '../../domain/errors.ts';
import { acceptCallbackUrl } from '../../domain/callbacks.ts';
import { assertBillable } from '../../billing/allowance.ts';
import { SourceError } from '../../library/fetch-blank.ts';
import { requireCatalogForm } from './get-library-form.ts';
import { obtainBlank } from './obtain-blank.ts';
import { revisionView } from './library-view.ts';

export interface CreateFromLibraryInput {
  ownerId: string;
  libraryId: string;
  callbackUrl?: string;
  retention?: Retention | 'account_default';
}

export async function createFormFromLibrary(ctx: AppContext, index: LibraryIndex, input: CreateFromLibraryInput) {
  const entry = requireCatalogForm(index, input.libraryId);
  // Refusals that need no document come before the agency is asked for one; createForm checks them again.
  await assertBillable(ctx, input.ownerId, 'make_fillable');
  if (input.callbackUrl) await acceptCallbackUrl(input.callbackUrl, { allowLoopback: ctx.config.CALLBACK_ALLOW_LOOPBACK });
  const { revision, bytes } = await obtainBlank(ctx, entry).catch((err: unknown) => {
    throw err instanceof SourceError ? sourceRefusal(err) : err;
  });
  const file = { field: 'file', filename: `${entry.number} ${entry.title}.pdf`, mimetype: 'application/pdf', bytes, sha256: revision.sha256 };
  const created = await createForm(ctx, { ownerId: input.ownerId, file, callbackUrl: input.callbackUrl, retention: input.retention });
  return { form_id: created.form_id, status: created.status, library_id: entry.id, revision: revisionView(revision) };
}

/** The agency's host failed us: the caller is told which source and whether to retry. */
export function sourceRefusal(err: SourceError): DomainError {
  if (err.failure === 'too_large') return new DomainError('too_large', 'file_too_large', err.message, { source: err.source });
  if (err.failure === 'unreachable') return new DomainError('upstream_unavailable', 'source_unreachable', err.message, { source: err.source });
  return new DomainError('upstream_failed', 'source_error', err.message, { source: err.source, reason: err.failure });
}
