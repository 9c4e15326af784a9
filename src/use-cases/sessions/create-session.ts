// POST /sessions (§2.3, §4.3): a fill session on a ready form, every field empty.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Contract } from '../../domain/contracts.ts';
import { emptyFields } from '../../domain/session-fields.ts';
import { contractOf, readyForm, touchForm } from '../../store/forms.ts';

export async function createSession(ctx: AppContext, ownerId: string, formId: string) {
  const form = await readyForm(ctx, ownerId, formId);
  const contract = contractOf(form);
  const id = randomUUID();
  await ctx.db.session.create({ data: { id, ownerId, formId, fields: emptyFields(contract) as never } });
  await touchForm(ctx, formId);
  return { session_id: id, next_prompt: nextPrompt(id, contract), status: 'open' as const };
}

/** What to do next, in words an agent can follow. */
function nextPrompt(sessionId: string, contract: Contract): string {
  const required = contract.fields.filter((f) => f.required);
  const names = required.slice(0, 5).map((f) => f.label).join(', ');
  return (
    `Session ${sessionId} is open on "${contract.form.title}" with ${contract.field_count} fields` +
    (required.length ? ` (${required.length} required: ${names}${required.length > 5 ? ', …' : ''})` : '') +
    `. Set values with PUT /sessions/${sessionId}/fields, then POST /sessions/${sessionId}/fill and download GET /sessions/${sessionId}/pdf.`
  );
}
