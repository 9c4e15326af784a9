// Session rows as the use cases read and change them: the caller's session with its form's
// contract, and a compare-and-set change of an open session's fields.
import type { AppContext } from '../context.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import type { Contract } from '../domain/contracts.ts';
import type { SessionFields } from '../domain/session-fields.ts';
import { contractAtRevision, ownedFormState, touchForm } from './forms.ts';
import type { Session } from '../generated/prisma/client.ts';

/** The form columns the session use cases need (not the contract, read through the cache). */
interface SessionForm {
  id: string;
  status: string;
  fillableBlob: string | null;
  documentsDeletedAt: Date | null;
  contractRevision: number;
}

/**
 * The caller's session, its form's row (without the contract column) and the form's contract
 * (shared and frozen, from this process's cache when it holds the form's current revision).
 * Session and form come from one statement: agents poll GET /sessions/{id}, and with embedded
 * PGlite each statement runs on the event loop that serves every other request.
 */
export async function ownedSession(ctx: AppContext, ownerId: string, sessionId: string) {
  const rows = await ctx.db.$queryRaw<(Session & { formStatus: string; formFillableBlob: string | null; formDocumentsDeletedAt: Date | null; formContractRevision: number })[]>`
    SELECT s.*, f."status" AS "formStatus", f."fillableBlob" AS "formFillableBlob",
           f."documentsDeletedAt" AS "formDocumentsDeletedAt", f."contractRevision" AS "formContractRevision"
    FROM "Session" s JOIN "Form" f ON f."id" = s."formId" AND f."ownerId" = s."ownerId"
    WHERE s."id" = ${sessionId} AND s."ownerId" = ${ownerId}`;
  const row = rows[0];
  if (!row) throw notFound('session');
  const { formStatus, formFillableBlob, formDocumentsDeletedAt, formContractRevision, ...session } = row;
  const form: SessionForm = { id: session.formId, status: formStatus, fillableBlob: formFillableBlob, documentsDeletedAt: formDocumentsDeletedAt, contractRevision: formContractRevision };
  const contract = await contractAtRevision(ctx, form);
  if (!contract) throw notFound('session');
  return { session: session as Session, form, contract, fields: session.fields as unknown as SessionFields };
}

/**
 * The caller's session and its form's contract for reading only (GET /sessions/{id}, which agents
 * poll): the session row and the form's state from this process's copies when it holds them
 * (ctx.sessions, ctx.formStates: dropped as soon as the database reports a change), else read and
 * kept. Writers use ownedSession, which always reads the row they compare and set.
 */
export async function polledSession(ctx: AppContext, ownerId: string, sessionId: string): Promise<{ session: Session; contract: Contract; fields: SessionFields }> {
  const session = await ctx.sessions.read(sessionId, () => ctx.db.session.findUnique({ where: { id: sessionId } }));
  if (!session || session.ownerId !== ownerId) throw notFound('session');
  const form = await ownedFormState(ctx, ownerId, session.formId).catch(() => null);
  const contract = form && (await contractAtRevision(ctx, form));
  if (!contract) throw notFound('session');
  return { session, contract, fields: session.fields as unknown as SessionFields };
}

const sessionCompleted = () => new DomainError('conflict', 'session_completed', 'The session is completed; start a new session to fill the form again.');

/**
 * Applies a change to an open session's fields. Compare-and-set on `version`, so two concurrent
 * requests never lose each other's changes; the loser re-reads and re-applies.
 */
export async function changeSessionFields(ctx: AppContext, ownerId: string, sessionId: string, change: (fields: SessionFields, contract: Contract) => void): Promise<{ fields: SessionFields; contract: Contract }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { session, contract, fields } = await ownedSession(ctx, ownerId, sessionId);
    if (session.status !== 'open') throw sessionCompleted();
    const next = structuredClone(fields);
    change(next, contract);
    const updated = await ctx.db.session.updateMany({ where: { id: session.id, version: session.version, status: 'open' }, data: { fields: next as never, version: { increment: 1 } } });
    if (updated.count === 1) {
      await touchForm(ctx, session.formId);
      return { fields: next, contract };
    }
  }
  throw new DomainError('conflict', 'session_busy', 'The session is being changed by another request; retry.');
}
