// POST /sessions (§2.3, §4.3): a fill session on a ready form, every field empty; next_prompt asks
// for the first required field.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { emptyFields } from '../../domain/session-fields.ts';
import { nextPrompt } from '../../domain/session-questions.ts';
import { contractOf, readyForm, touchForm } from '../../store/forms.ts';

export async function createSession(ctx: AppContext, ownerId: string, formId: string) {
  const form = await readyForm(ctx, ownerId, formId);
  const contract = contractOf(form);
  const id = randomUUID();
  const fields = emptyFields(contract);
  await ctx.db.session.create({ data: { id, ownerId, formId, fields: fields as never } });
  await touchForm(ctx, formId);
  // The first question of a conversation (POST /sessions/{id}/turns answers it).
  return { session_id: id, next_prompt: nextPrompt(id, contract, fields).prompt, status: 'open' as const };
}

