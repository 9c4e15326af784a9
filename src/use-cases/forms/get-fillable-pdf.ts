// GET /forms/{id}/fillable: the fillable PDF of a ready form; gone once retention deleted it.
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { readyForm } from '../../store/forms.ts';

export async function getFillablePdf(ctx: AppContext, ownerId: string, formId: string): Promise<Uint8Array> {
  const form = await readyForm(ctx, ownerId, formId);
  if (!form.fillableBlob || form.documentsDeletedAt) throw new DomainError('gone', 'documents_deleted', 'The documents of this form were deleted under its retention policy.');
  return ctx.blobs.get(form.fillableBlob);
}
