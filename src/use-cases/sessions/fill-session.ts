// POST /sessions/{id}/fill: the session's values written into the fillable PDF (optionally
// flattened); the session completes (terminal) and bills one standard fill.
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { valuesToWrite } from '../../domain/session-fields.ts';
import { writeValues } from '../../workers/offload.ts';
import { assertBillable } from '../../billing/allowance.ts';
import { recordUsage } from '../../store/usage.ts';
import { touchForm } from '../../store/forms.ts';
import { ownedSession } from '../../store/sessions.ts';

export async function fillSession(ctx: AppContext, ownerId: string, sessionId: string, options: { flatten?: boolean } = {}) {
  const { session, form, contract, fields } = await ownedSession(ctx, ownerId, sessionId);
  if (session.status !== 'open') throw new DomainError('conflict', 'session_completed', 'The session is already filled.');
  await assertBillable(ctx, ownerId, 'fill');
  if (!form.fillableBlob || form.documentsDeletedAt) throw new DomainError('conflict', 'form_not_fillable', 'The form has no fillable PDF (its documents were deleted under the retention policy).');
  const source = await ctx.blobs.get(form.fillableBlob);
  const pdf = await writeValues(ctx, source, valuesToWrite(contract, fields), { flatten: Boolean(options.flatten), clearPlaceholders: true });
  const pdfBlob = `${ownerId}/sessions/${session.id}/filled.pdf`;
  await ctx.blobs.put(pdfBlob, pdf);
  const done = await ctx.db.$transaction(async (tx) => {
    const moved = await tx.session.updateMany({
      where: { id: session.id, version: session.version, status: 'open' },
      data: { status: 'completed', pdfBlob, flattened: Boolean(options.flatten), completedAt: new Date(), version: { increment: 1 } },
    });
    if (moved.count === 1) await recordUsage(tx, { ownerId, kind: 'standard_fill', subjectId: session.id });
    return moved.count === 1;
  });
  if (!done) throw new DomainError('conflict', 'session_completed', 'The session changed or was filled by another request.');
  await touchForm(ctx, session.formId);
  return { session_id: session.id, status: 'completed' as const };
}
