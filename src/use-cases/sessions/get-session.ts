// GET /sessions/{id}: every field with its value and state.
import type { AppContext } from '../../context.ts';
import { ownedSession } from '../../store/sessions.ts';

export async function getSession(ctx: AppContext, ownerId: string, sessionId: string) {
  const { session, contract, fields } = await ownedSession(ctx, ownerId, sessionId);
  return {
    session_id: session.id,
    form_id: session.formId,
    status: session.status as 'open' | 'completed',
    // The interface types a value as a string: a field without one reads "" (its state says why).
    fields: contract.fields.map((f) => ({ id: f.id, label: f.label, value: fields[f.id]?.value ?? '', state: fields[f.id]?.state ?? 'empty' })),
  };
}
