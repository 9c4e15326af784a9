// Standard fill sessions (§2.3, §3.3). A session holds a value and a state per contract field:
//   empty      no value yet
//   proposed   a value proposed from documents (context fill), not yet accepted
//   filled     a value set directly (PUT /sessions/{id}/fields)
//   confirmed  the value was confirmed by the caller
//   skipped    left out of the PDF on purpose (value kept, not written)
//   declined   proposal refused: value cleared, not written
// open → completed by fill (terminal: every change afterwards is 409).
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { DomainError, notFound } from './errors.ts';
import { requireReadyForm } from './forms.ts';
import type { Contract, ContractField } from './contracts.ts';
import { checkSuppliedValues, fillerValue } from './field-values.ts';
import { recordUsage } from './usage.ts';
import { assertBillable } from '../billing/allowance.ts';

export const FIELD_STATES = ['empty', 'proposed', 'filled', 'confirmed', 'skipped', 'declined'] as const;
export type FieldState = (typeof FIELD_STATES)[number];
export type SessionFields = Record<string, { value: string | null; state: FieldState }>;
export type FieldAction = 'confirm' | 'skip' | 'decline';

const ACTION_STATE: Record<FieldAction, FieldState> = { confirm: 'confirmed', skip: 'skipped', decline: 'declined' };
const PAST: Record<FieldAction, 'confirmed' | 'skipped' | 'declined'> = { confirm: 'confirmed', skip: 'skipped', decline: 'declined' };

export function emptyFields(contract: Contract): SessionFields {
  return Object.fromEntries(contract.fields.map((f) => [String(f.id), { value: null, state: 'empty' as FieldState }]));
}

function nextPrompt(sessionId: string, contract: Contract): string {
  const required = contract.fields.filter((f) => f.required);
  const names = required.slice(0, 5).map((f) => f.label).join(', ');
  return (
    `Session ${sessionId} is open on "${contract.form.title}" with ${contract.field_count} fields` +
    (required.length ? ` (${required.length} required: ${names}${required.length > 5 ? ', …' : ''})` : '') +
    `. Set values with PUT /sessions/${sessionId}/fields, then POST /sessions/${sessionId}/fill and download GET /sessions/${sessionId}/pdf.`
  );
}

export async function createSession(ctx: AppContext, ownerId: string, formId: string, initial?: SessionFields) {
  const form = await requireReadyForm(ctx, ownerId, formId);
  const contract = form.contract as unknown as Contract;
  const id = randomUUID();
  await ctx.db.session.create({ data: { id, ownerId, formId, fields: (initial ?? emptyFields(contract)) as never } });
  await touchForm(ctx, formId);
  return { session_id: id, next_prompt: nextPrompt(id, contract), status: 'open' as const };
}

async function loadSession(ctx: AppContext, ownerId: string, sessionId: string) {
  const session = await ctx.db.session.findFirst({ where: { id: sessionId, ownerId } });
  if (!session) throw notFound('session');
  const form = await ctx.db.form.findFirst({ where: { id: session.formId, ownerId } });
  if (!form?.contract) throw notFound('session');
  return { session, form, contract: form.contract as unknown as Contract };
}

export async function getSession(ctx: AppContext, ownerId: string, sessionId: string) {
  const { session, contract } = await loadSession(ctx, ownerId, sessionId);
  const fields = session.fields as unknown as SessionFields;
  return {
    session_id: session.id,
    form_id: session.formId,
    status: session.status as 'open' | 'completed',
    // The interface types a value as a string: a field without one reads "" (its state says why).
    fields: contract.fields.map((f) => ({ id: f.id, label: f.label, value: fields[f.id]?.value ?? '', state: fields[f.id]?.state ?? 'empty' })),
  };
}

const completedError = () => new DomainError('conflict', 'session_completed', 'The session is completed; start a new session to fill the form again.');

/**
 * Applies a change to an open session's fields. Compare-and-set on `version`, so two concurrent
 * requests never lose each other's changes; the loser re-reads and re-applies.
 */
async function mutate(ctx: AppContext, ownerId: string, sessionId: string, change: (fields: SessionFields, contract: Contract) => void) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { session, contract } = await loadSession(ctx, ownerId, sessionId);
    if (session.status !== 'open') throw completedError();
    const fields = structuredClone(session.fields as unknown as SessionFields);
    change(fields, contract);
    const updated = await ctx.db.session.updateMany({ where: { id: session.id, version: session.version, status: 'open' }, data: { fields: fields as never, version: { increment: 1 } } });
    if (updated.count === 1) {
      await touchForm(ctx, session.formId);
      return;
    }
  }
  throw new DomainError('conflict', 'session_busy', 'The session is being changed by another request; retry.');
}

export async function applyFieldAction(ctx: AppContext, ownerId: string, sessionId: string, action: FieldAction, fieldIds: number[]) {
  await mutate(ctx, ownerId, sessionId, (fields) => {
    const unknown = fieldIds.filter((id) => !fields[id]);
    if (unknown.length) throw new DomainError('not_found', 'unknown_field', `No field with id ${unknown.join(', ')} in this form.`, { field_ids: unknown });
    for (const id of fieldIds) {
      const f = fields[id];
      f.state = ACTION_STATE[action];
      if (action === 'decline') f.value = null;
    }
  });
  return { session_id: sessionId, [PAST[action]]: fieldIds };
}

export async function setFieldValues(ctx: AppContext, ownerId: string, sessionId: string, updates: { field_id: number; value: string }[]) {
  await mutate(ctx, ownerId, sessionId, (fields, contract) => {
    const byId = new Map(contract.fields.map((f) => [f.id, f]));
    const unknown = updates.filter((u) => !byId.has(u.field_id)).map((u) => u.field_id);
    if (unknown.length) throw new DomainError('unprocessable', 'unknown_field', `No field with id ${unknown.join(', ')} in this form.`, { field_ids: unknown });
    const { accepted, problems } = checkSuppliedValues(byId, updates);
    if (problems.length) throw new DomainError('unprocessable', 'invalid_value', problems.map((p) => `field ${p.field_id}: ${p.message}`).join(' '), { issues: problems });
    for (const [id, value] of accepted) fields[id] = { value, state: 'filled' };
  });
  return { session_id: sessionId, applied: updates.map((u) => u.field_id) };
}

/** Values to write: every field with a value that was neither skipped nor declined. */
export function valuesToWrite(contract: Contract, fields: SessionFields): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const f of contract.fields) {
    const s = fields[f.id];
    if (!s || s.value === null || s.state === 'skipped' || s.state === 'declined' || f.type === 'signature') continue;
    out[f.name] = fillerValue(f as ContractField, s.value);
  }
  return out;
}

export async function fillSession(ctx: AppContext, ownerId: string, sessionId: string, options: { flatten?: boolean } = {}) {
  const { session, form, contract } = await loadSession(ctx, ownerId, sessionId);
  if (session.status !== 'open') throw new DomainError('conflict', 'session_completed', 'The session is already filled.');
  await assertBillable(ctx, ownerId, 'fill');
  if (!form.fillableBlob || form.documentsDeletedAt) throw new DomainError('conflict', 'form_not_fillable', 'The form has no fillable PDF (its documents were deleted under the retention policy).');
  const { fillPdf, FillValidationError, PdfPasswordError, PdfStructureError, UnsupportedEncryptionError } = await import('../pdf/fill/index.ts');
  const source = await ctx.blobs.get(form.fillableBlob);
  let pdf: Uint8Array;
  try {
    pdf = await fillPdf(source, valuesToWrite(contract, session.fields as unknown as SessionFields), { flatten: options.flatten });
  } catch (err) {
    if (err instanceof FillValidationError) throw new DomainError('unprocessable', 'invalid_value', err.message, { issues: err.issues });
    if (err instanceof PdfPasswordError || err instanceof PdfStructureError || err instanceof UnsupportedEncryptionError) {
      throw new DomainError('conflict', 'form_not_fillable', `The form's PDF cannot be written: ${err.message}`);
    }
    throw err;
  }
  const pdfBlob = `${ownerId}/sessions/${session.id}/filled.pdf`;
  await ctx.blobs.put(pdfBlob, pdf);
  const done = await ctx.db.$transaction(async (tx) => {
    const moved = await tx.session.updateMany({
      where: { id: session.id, version: session.version, status: 'open' },
      data: { status: 'completed', pdfBlob, flattened: Boolean(options.flatten), completedAt: new Date(), version: { increment: 1 } },
    });
    if (moved.count === 1) await recordUsage(tx, { ownerId, kind: 'standard_fill', subjectId: session.id });
    return moved.count === 1;
  });
  if (!done) throw new DomainError('conflict', 'session_completed', 'The session changed or was filled by another request.');
  await touchForm(ctx, session.formId);
  return { session_id: session.id, status: 'completed' as const };
}

export async function sessionPdf(ctx: AppContext, ownerId: string, sessionId: string): Promise<Uint8Array> {
  const { session, form } = await loadSession(ctx, ownerId, sessionId);
  if (form.documentsDeletedAt) throw new DomainError('gone', 'documents_deleted', 'The filled PDF was deleted under the retention policy.');
  if (session.status !== 'completed' || !session.pdfBlob) throw new DomainError('conflict', 'session_not_filled', 'The session has not been filled yet: POST /sessions/{id}/fill first.');
  return ctx.blobs.get(session.pdfBlob);
}

/** Ephemeral retention counts from the last activity on a form. */
async function touchForm(ctx: AppContext, formId: string) {
  await ctx.db.form.update({ where: { id: formId }, data: { lastActivityAt: new Date() } });
}
