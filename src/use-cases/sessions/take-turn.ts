// POST /sessions/{id}/turns (issue 19): a conversational turn. The message is read like a
// supporting document (the context fill's proposer, deterministic unless an LLM is configured);
// values it states with confidence (the safe policy: high or medium) are applied to the open
// session with the message as their evidence, and the answer says what was set and asks for the
// next open required field. A turn bills nothing: the session's fill does.
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { statedContextDocuments } from '../../domain/context-documents.ts';
import { checkSuppliedValues } from '../../domain/field-values.ts';
import type { FieldState } from '../../domain/session-fields.ts';
import { nextPrompt } from '../../domain/session-questions.ts';
import type { ProposedField } from '../../domain/proposal-fields.ts';
import { changeSessionFields, ownedSession } from '../../store/sessions.ts';
import { proposeFieldValues } from '../context/fill-from-documents.ts';

/** A turn may change what is empty or was set before (a correction), never what the caller confirmed, skipped or declined. */
const CHANGEABLE: readonly FieldState[] = ['empty', 'proposed', 'filled'];

export interface TurnField {
  field_id: number;
  label: string;
  value: string | null;
  confidence: string | null;
  evidence: ProposedField['evidence'];
}

export async function takeTurn(ctx: AppContext, ownerId: string, sessionId: string, message: string) {
  const { session, form, contract } = await ownedSession(ctx, ownerId, sessionId);
  if (session.status !== 'open') throw new DomainError('conflict', 'session_completed', 'The session is completed; start a new session to fill the form again.');
  if (!form.fillableBlob || form.documentsDeletedAt) throw new DomainError('gone', 'documents_deleted', 'The documents of this form were deleted under its retention policy.');
  const [doc] = statedContextDocuments([message], 'message'); // empty or too long: 4xx before any work
  const formPdf = await ctx.blobs.get(form.fillableBlob);
  const { fields: proposed } = await proposeFieldValues(ctx, { contract, formPdf, documents: [{ id: 'message', name: 'message', mimetype: doc.mimetype, bytes: doc.bytes }], policy: 'safe' });
  const found = proposed.filter((f) => f.value !== null);

  const set: TurnField[] = [];
  const notSet: (TurnField & { reason: string })[] = [];
  const changed = await changeSessionFields(ctx, ownerId, sessionId, (fields) => {
    set.length = 0;
    notSet.length = 0;
    const byId = new Map(contract.fields.map((f) => [f.id, f]));
    for (const f of found) {
      const turnField = { field_id: f.field_id, label: f.label, value: f.value, confidence: f.confidence, evidence: f.evidence };
      const state = fields[f.field_id]?.state ?? 'empty';
      if (f.state !== 'ready') notSet.push({ ...turnField, reason: f.state === 'conflict' ? 'conflict' : 'low_confidence' });
      else if (!CHANGEABLE.includes(state)) notSet.push({ ...turnField, reason: `field_${state}` });
      else {
        const { accepted, problems } = checkSuppliedValues(byId, [{ field_id: f.field_id, value: f.value! }]);
        if (problems.length) notSet.push({ ...turnField, reason: problems[0].reason });
        else {
          fields[f.field_id] = { value: accepted[0][1], state: 'proposed' };
          set.push({ ...turnField, value: accepted[0][1] });
        }
      }
    }
  });
  const next = nextPrompt(sessionId, changed.contract, changed.fields);
  return {
    session_id: sessionId,
    set,
    not_set: notSet,
    next_field: next.field ? { field_id: next.field.id, label: next.field.label, type: next.field.type, ...(next.field.options?.length ? { options: next.field.options } : {}) } : null,
    next_prompt: next.prompt,
  };
}
