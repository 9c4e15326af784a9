// Filling a form from supporting documents, the one code path every door shares (the account's
// with-context job, the pay-per-call route, and later MCP and A2A; prepare uses the first half):
// propose a value per field from the documents with the configured LLM, sort the proposals under
// the policy, and write the accepted values into the form, dropping a value the PDF refuses with
// the filler's reason (shown for review) while the others are written.
import type { AppContext } from '../../context.ts';
import type { LlmConfig } from '../../extract/llm.ts';
import type { FieldProposal } from '../../extract/propose/types.ts';
import { DomainError } from '../../domain/errors.ts';
import { fillerValue } from '../../domain/field-values.ts';
import type { Contract, ContractField } from '../../domain/contracts.ts';
import { classifyProposals, quoteChecks, type Policy, type ProposedField } from '../../domain/proposal-fields.ts';
import type { SessionFields } from '../../domain/session-fields.ts';
import type { FillIssue } from '../../pdf/fill/index.ts';
import { readAndProposeContext, writeValues } from '../../workers/offload.ts';
import { WorkerPoolError } from '../../workers/pool.ts';

/** A supporting document's bytes as the proposer reads them. */
export interface SuppliedDocument {
  id: string;
  name: string;
  mimetype: string;
  bytes: Uint8Array;
}

/** Proposing failed on our side (not the documents' fault): worth retrying, then context_fill_failed. */
export class ProposeFailedError extends Error {}

/**
 * A value per field of `contract`, sorted under `policy`. The documents are read and the
 * extractor proposes in the engine pool (workers/offload.ts), off the event loop and under a time
 * limit; the LLM, when configured, is asked here (network waiting, not CPU). Documents that cannot
 * be read, hold too much text or overrun the limit are refused (DomainError 'unprocessable' with
 * the extractor's code, or context_too_large); a full engine queue stays a WorkerPoolError (worth
 * a retry); any other failure is a ProposeFailedError.
 */
export async function proposeFieldValues(ctx: AppContext, input: FillFromDocuments) {
  const llm = llmConfig(ctx);
  const fields = input.contract.fields;
  let result: { proposals: FieldProposal[]; proposeMs: number; llmError?: string };
  try {
    const read = await readAndProposeContext(ctx, { fields, documents: input.documents, formPdf: input.formPdf, maxChars: ctx.config.CONTEXT_MAX_CHARS, keepDocuments: !!llm });
    result = read;
    if (llm) {
      const started = performance.now();
      const { askLlm } = await import('../../extract/context-fill.ts');
      result = { ...(await askLlm(llm, fields, read.documents, read.proposals)), proposeMs: read.proposeMs + (performance.now() - started) };
    }
  } catch (err) {
    if (err instanceof DomainError || (err instanceof WorkerPoolError && err.status === 503)) throw err;
    throw new ProposeFailedError((err as Error).message);
  }
  if (result.llmError) ctx.log.warn({ err: result.llmError }, 'LLM provider failed; using the extractor’s proposals only');
  return { fields: classifyProposals(input.contract, result.proposals, input.policy), checks: quoteChecks(result.proposals, result.proposeMs) };
}

function llmConfig(ctx: AppContext): LlmConfig | undefined {
  const c = ctx.config;
  if (!c.LLM_BASE_URL || !c.LLM_API_KEY) return undefined;
  return { baseURL: c.LLM_BASE_URL, apiKey: c.LLM_API_KEY, model: c.LLM_MODEL, timeoutMs: c.LLM_TIMEOUT_MS };
}

export interface FillFromDocuments {
  contract: Contract;
  /** The fillable PDF to write into. */
  formPdf: Uint8Array;
  documents: SuppliedDocument[];
  policy: Policy;
}

/**
 * Proposes, then writes what the policy accepts. `fields` are the proposals as the caller sees
 * them: a value the PDF refused is shown as `review` with the filler's reason.
 */
export async function fillFromDocuments(ctx: AppContext, input: FillFromDocuments, checkpoint?: () => Promise<void>) {
  const { fields: proposed, checks } = await proposeFieldValues(ctx, input);
  await checkpoint?.(); // a canceled job stops between proposing and writing
  const { pdf, sessionFields, report, refused } = await writeAcceptedValues(ctx, input.contract, proposed, input.formPdf);
  const fields = proposed.map((f) => (refused.has(f.field_id) ? { ...f, state: 'review' as const, note: `The form refused this value (${refused.get(f.field_id)}); it was not written.` } : f));
  return { pdf, fields, checks, sessionFields, report };
}

export interface FillReport {
  filled: { id: string; confidence: string | null }[];
  dropped: { id: string; value: string | null; reason: string }[];
}

/**
 * Writes the values the policy accepted (state `ready`) into the form. The others are kept as
 * `skipped` (kept, not written) so the caller sees them. A value the PDF itself refuses is dropped
 * with the filler's reason and the rest are written; a form that cannot be written at all is
 * refused with `apply_rejected`.
 */
export async function writeAcceptedValues(ctx: AppContext, contract: Contract, fields: ProposedField[], formPdf: Uint8Array) {
  const byId = new Map(contract.fields.map((f) => [f.id, f as ContractField]));
  const report: FillReport = { filled: [], dropped: [] };
  const sessionFields: SessionFields = {};
  const values: Record<string, string | boolean> = {};
  /** Fields whose value the PDF refused, with the filler's reason. */
  const refused = new Map<number, string>();
  for (const f of fields) {
    const field = byId.get(f.field_id)!;
    if (f.state === 'ready' && f.value !== null) {
      values[field.name] = fillerValue(field, f.value);
      sessionFields[f.field_id] = { value: f.value, state: 'proposed' };
    } else {
      sessionFields[f.field_id] = f.value === null ? { value: null, state: 'empty' } : { value: f.value, state: 'skipped' };
      if (f.value !== null || f.state === 'conflict') report.dropped.push({ id: String(f.field_id), value: f.value, reason: f.state === 'conflict' ? 'conflict' : `low_confidence` });
    }
  }
  let pdf: Uint8Array | undefined;
  for (let attempt = 0; attempt < 2 && !pdf; attempt++) {
    try {
      pdf = await writeValues(ctx, formPdf, values, { clearPlaceholders: true }); // in the request pool
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      // A value the form refuses: invalid_value with the filler's issues (domain/write-form.ts).
      if (err.code === 'invalid_value' && attempt === 0) {
        const byName = new Map(contract.fields.map((f) => [f.name, f]));
        for (const issue of err.extra.issues as FillIssue[]) {
          const field = byName.get(issue.field);
          if (!field) continue;
          delete values[field.name];
          report.dropped.push({ id: String(field.id), value: sessionFields[field.id]?.value ?? null, reason: issue.reason });
          refused.set(field.id, issue.reason);
          sessionFields[field.id] = { value: sessionFields[field.id]?.value ?? null, state: 'skipped' };
        }
        continue;
      }
      if (err.code === 'invalid_value' || err.code === 'form_not_fillable') {
        throw new DomainError('unprocessable', 'apply_rejected', `The values could not be written into the form: ${err.message}`);
      }
      throw err;
    }
  }
  for (const f of fields) {
    if (sessionFields[f.field_id]?.state === 'proposed') report.filled.push({ id: String(f.field_id), confidence: f.confidence });
  }
  return { pdf: pdf!, sessionFields, report, refused };
}
