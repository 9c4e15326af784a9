// GET /sessions/{id}: every field with its value and state.
import type { AppContext } from '../../context.ts';
import { polledSession } from '../../store/sessions.ts';

type SessionView = ReturnType<typeof view>;

/** The answer built once per session row and contract object (both shared, replaced when they change). */
const views = new WeakMap<object, { contract: object; view: SessionView }>();

function view(session: { id: string; formId: string; status: string }, contract: { fields: { id: number; label: string }[] }, fields: Record<number, { value: string | null; state: string } | undefined>) {
  return {
    session_id: session.id,
    form_id: session.formId,
    status: session.status as 'open' | 'completed',
    // The interface types a value as a string: a field without one reads "" (its state says why).
    fields: contract.fields.map((f) => ({ id: f.id, label: f.label, value: fields[f.id]?.value ?? '', state: fields[f.id]?.state ?? 'empty' })),
  };
}

export async function getSession(ctx: AppContext, ownerId: string, sessionId: string) {
  const { session, contract, fields } = await polledSession(ctx, ownerId, sessionId);
  const seen = views.get(session);
  if (seen && seen.contract === contract) return seen.view;
  const built = view(session, contract, fields);
  views.set(session, { contract, view: built });
  return built;
}
