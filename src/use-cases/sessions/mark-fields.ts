// POST /sessions/{id}/confirm|skip|decline: fields marked confirmed, skipped (kept out of the
// PDF) or declined (value cleared).
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { FieldState } from '../../domain/session-fields.ts';
import { changeSessionFields } from '../../store/sessions.ts';

export type FieldAction = 'confirm' | 'skip' | 'decline';
const STATE_OF: Record<FieldAction, FieldState & ('confirmed' | 'skipped' | 'declined')> = { confirm: 'confirmed', skip: 'skipped', decline: 'declined' };

export async function markFields(ctx: AppContext, ownerId: string, sessionId: string, action: FieldAction, fieldIds: number[]) {
  await changeSessionFields(ctx, ownerId, sessionId, (fields) => {
    const unknown = fieldIds.filter((id) => !fields[id]);
    if (unknown.length) throw new DomainError('not_found', 'unknown_field', `No field with id ${unknown.join(', ')} in this form.`, { field_ids: unknown });
    for (const id of fieldIds) {
      const f = fields[id];
      f.state = STATE_OF[action];
      if (action === 'decline') f.value = null;
    }
  });
  return { session_id: sessionId, [STATE_OF[action]]: fieldIds };
}
