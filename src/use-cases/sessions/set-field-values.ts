// PUT /sessions/{id}/fields: values set directly, each checked against its field (§2.3).
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import { checkSuppliedValues } from '../../domain/field-values.ts';
import { changeSessionFields } from '../../store/sessions.ts';

export async function setFieldValues(ctx: AppContext, ownerId: string, sessionId: string, updates: { field_id: number; value: string }[]) {
  await changeSessionFields(ctx, ownerId, sessionId, (fields, contract) => {
    const byId = new Map(contract.fields.map((f) => [f.id, f]));
    const unknown = updates.filter((u) => !byId.has(u.field_id)).map((u) => u.field_id);
    if (unknown.length) throw new DomainError('unprocessable', 'unknown_field', `No field with id ${unknown.join(', ')} in this form.`, { field_ids: unknown });
    const { accepted, problems } = checkSuppliedValues(byId, updates);
    if (problems.length) throw new DomainError('unprocessable', 'invalid_value', problems.map((p) => `field ${p.field_id}: ${p.message}`).join(' '), { issues: problems });
    for (const [id, value] of accepted) fields[id] = { value, state: 'filled' };
  });
  return { session_id: sessionId, applied: updates.map((u) => u.field_id) };
}
