// GET /sessions/{id}/pdf: the filled PDF of a completed session; gone once retention deleted it.
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { ownedSession } from '../../store/sessions.ts';

export async function getSessionPdf(ctx: AppContext, ownerId: string, sessionId: string): Promise<Uint8Array> {
  const { session, form } = await ownedSession(ctx, ownerId, sessionId);
  if (form.documentsDeletedAt) throw new DomainError('gone', 'documents_deleted', 'The filled PDF was deleted under the retention policy.');
  if (session.status !== 'completed' || !session.pdfBlob) throw new DomainError('conflict', 'session_not_filled', 'The session has not been filled yet: POST /sessions/{id}/fill first.');
  return ctx.blobs.get(session.pdfBlob);
}
