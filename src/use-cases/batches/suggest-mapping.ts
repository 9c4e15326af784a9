// POST /forms/{id}/suggest-mapping (§2.9): which contract field each spreadsheet column fills
// (domain/batch-mapping.ts). Bills one context fill.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import type { MappingSuggestion } from '../../domain/batch-mapping.ts';
import { suggestColumnMapping } from '../../workers/offload.ts';
import { assertBillable } from '../../billing/allowance.ts';
import { contractOf, readyForm } from '../../store/forms.ts';
import { recordUsage } from '../../store/usage.ts';

export async function suggestMapping(ctx: AppContext, ownerId: string, formId: string, file: UploadedDocument): Promise<MappingSuggestion> {
  const form = await readyForm(ctx, ownerId, formId);
  // Read and scored in the request pool: a wide sheet scores every column against every field.
  const suggestion = await suggestColumnMapping(ctx, file, contractOf(form).fields);
  await assertBillable(ctx, ownerId, 'fill_with_context');
  await recordUsage(ctx.db, { ownerId, kind: 'with_context', subjectId: randomUUID() });
  return suggestion;
}
