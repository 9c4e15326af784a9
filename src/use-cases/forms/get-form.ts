// GET /forms/{id}: the form's state, and the error it failed with.
import type { AppContext } from '../../context.ts';
import { ownedFormState } from '../../store/forms.ts';

export async function getForm(ctx: AppContext, ownerId: string, formId: string) {
  const form = await ownedFormState(ctx, ownerId, formId);
  return { id: form.id, status: form.status, title: form.title, schema_version: form.schemaVersion, error: form.error ?? null };
}
