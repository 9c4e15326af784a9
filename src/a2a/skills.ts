// The A2A agent's skills: each turns a message (src/a2a/parts.ts) into calls of the same use cases
// the REST routers call, in the same order, so a skill is billed and refused exactly like its REST
// twin (named in `rest`). Long work (detection, fill from documents, batches) is waited for here,
// with progress reported and cancellation honoured between polls.
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { DomainError } from '../domain/errors.ts';
import type { UploadedDocument } from '../domain/documents.ts';
import { readStatedContext, type StatedContext } from '../domain/context-documents.ts';
import type { Contract } from '../domain/contracts.ts';
import { POLICIES } from '../domain/proposal-fields.ts';
import { ROTATIONS } from '../pdf/tools/rotations.ts';
import { createArtifact } from '../store/artifacts.ts';
import { retentionFor } from '../store/forms.ts';
import type { LibraryIndex } from '../library/search-index.ts';
import { LIMITS } from '../limits.ts';
import { microsToUsd, PAY_ROUTES, priceList, quote } from '../payments/pricing.ts';
import { pricingDocument } from '../api/pricing.ts';
import { SearchQuery } from '../api/library.ts';
import { createForm } from '../use-cases/forms/create-form.ts';
import { getForm } from '../use-cases/forms/get-form.ts';
import { getContract } from '../use-cases/forms/get-contract.ts';
import { getFillablePdf } from '../use-cases/forms/get-fillable-pdf.ts';
import { createSession } from '../use-cases/sessions/create-session.ts';
import { setFieldValues } from '../use-cases/sessions/set-field-values.ts';
import { fillSession } from '../use-cases/sessions/fill-session.ts';
import { getSessionPdf } from '../use-cases/sessions/get-session-pdf.ts';
import { startContextFill } from '../use-cases/context/start-context-fill.ts';
import { getContextJob } from '../use-cases/context/get-context-job.ts';
import { getProposal } from '../use-cases/proposals/get-proposal.ts';
import { commitProposal } from '../use-cases/proposals/commit-proposal.ts';
import { verifyFilledPdf } from '../use-cases/filled/verify-filled-pdf.ts';
import { readFilledPdf } from '../use-cases/filled/read-filled-pdf.ts';
import { startBatchFill } from '../use-cases/batches/start-batch-fill.ts';
import { getBatch } from '../use-cases/batches/get-batch.ts';
import { suggestMapping } from '../use-cases/batches/suggest-mapping.ts';
import { searchForms } from '../use-cases/library/search-forms.ts';
import { createFormFromLibrary } from '../use-cases/library/create-form-from-library.ts';
import { sendFax, type FaxSource } from '../use-cases/fax/send-fax.ts';
import { runPageTool, type PageToolJob } from '../use-cases/tools/run-page-tool.ts';
import { inspectPdf } from '../use-cases/tools/inspect-pdf.ts';
import { getArtifactPdf } from '../use-cases/artifacts/get-artifact-pdf.ts';
import { getUsage } from '../use-cases/usage/get-usage.ts';
import type { StartedWork } from '../use-cases/jobs/cancel-started-work.ts';
import type { MessageFile, SkillRequest } from './parts.ts';

/** What a skill may do while it runs: report progress, and wait for work done elsewhere. */
export interface SkillRun {
  ctx: AppContext;
  ownerId: string;
  library: LibraryIndex;
  request: SkillRequest;
  progress(text: string): void;
  /** Polls `check` until it answers; stops with SkillCanceled when the task was canceled. */
  waitFor<T>(check: () => Promise<T | undefined>): Promise<T>;
  /** Names work handed to a job, so that canceling the task stops that job too. */
  started(work: StartedWork): void;
}

export interface SkillResult {
  summary: string;
  data: Record<string, unknown>;
  /** PDFs kept as artifacts of the caller's, returned as file parts with signed download links. */
  pdfs: { artifactId: string; name: string }[];
}

export interface Skill {
  id: string;
  name: string;
  description: string;
  /** The REST operation(s) it is the twin of, billing included. */
  rest: string;
  tags: string[];
  examples: string[];
  /** Only reads (forms:read is enough); every other skill creates, fills or bills and needs forms:write, as on MCP. */
  readOnly?: boolean;
  run(run: SkillRun): Promise<SkillResult>;
}

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────

const args = <S extends z.ZodType>(schema: S, run: SkillRun): z.infer<S> => schema.parse(run.request.args);

function fileWithRole(run: SkillRun, roles: string[], required = true): MessageFile | undefined {
  const files = run.request.files;
  const file = files.find((f) => f.role && roles.includes(f.role)) ?? files.find((f) => !f.role);
  if (!file && required) throw new DomainError('unprocessable', 'file_missing', `Send the ${roles[0]} as a file part (bytes or URI).`);
  return file;
}

/** Every file that is not the form: the supporting documents of fill_from_documents. */
function contextFiles(run: SkillRun, form: MessageFile | undefined): UploadedDocument[] {
  const docs: UploadedDocument[] = run.request.files.filter((f) => f !== form);
  if (docs.length > LIMITS.contextFiles) throw new DomainError('too_large', 'too_many_files', `At most ${LIMITS.contextFiles} supporting documents besides the form.`);
  return docs;
}

/** Text parts and a `context` argument: what the caller states, read like documents (JSON matched to labels). */
const statedContext = (run: SkillRun, context: StatedContext | undefined): StatedContext[] => [...run.request.texts.map(readStatedContext), ...(context === undefined ? [] : [context])];

/** A ready form: the one named by form_id, or one created from the form file part (POST /forms, billed as a creation). */
async function readyForm(run: SkillRun, formId: string | undefined): Promise<string> {
  let id = formId;
  if (!id) {
    const file = fileWithRole(run, ['form'])!;
    id = (await createForm(run.ctx, { ownerId: run.ownerId, file })).form_id;
    run.started({ kind: 'form', formId: id });
    run.progress(`Form ${id} created; detecting its fields.`);
  }
  const form = await run.waitFor(async () => {
    const f = await getForm(run.ctx, run.ownerId, id);
    return f.status === 'processing' ? undefined : f;
  });
  if (form.status === 'failed') {
    const error = form.error as { code?: string; message?: string } | null;
    throw new DomainError('unprocessable', error?.code ?? 'form_processing_failed', error?.message ?? 'The form could not be processed.');
  }
  return id;
}

/** A ready form as a skill's answer: its id and contract, and the fillable PDF as an artifact. */
async function readyFormResult(run: SkillRun, formId: string, data: Record<string, unknown> = {}): Promise<SkillResult> {
  const contract = await getContract(run.ctx, run.ownerId, formId);
  const artifactId = await keep(run, await getFillablePdf(run.ctx, run.ownerId, formId), `form-${formId}-fillable.pdf`, contract.page_count, 'a2a:fillable');
  return { summary: `Form ${formId} is ready with ${contract.field_count} fields.`, data: { form_id: formId, ...data, contract }, pdfs: [{ artifactId, name: `form-${formId}-fillable.pdf` }] };
}

/** Values keyed by field id, AcroForm name or label, or a list of {field_id, value}. */
function fieldUpdates(contract: Contract, values: Record<string, unknown> | { field_id: number; value: unknown }[]): { field_id: number; value: string }[] {
  const list = Array.isArray(values) ? values.map((v) => [String(v.field_id), v.value] as const) : Object.entries(values);
  return list.map(([key, value]) => {
    const field = contract.fields.find((f) => String(f.id) === key) ?? contract.fields.find((f) => f.name === key) ?? contract.fields.find((f) => f.label === key);
    if (!field) throw new DomainError('unprocessable', 'unknown_field', `No field "${key}" in this form (use a field id, name or label from the contract).`);
    return { field_id: field.id, value: typeof value === 'string' ? value : String(value) };
  });
}

const keep = async (run: SkillRun, bytes: Uint8Array, name: string, pageCount: number, origin: string) =>
  (await createArtifact(run.ctx, run.ownerId, { bytes, name, pageCount, origin })).id;

const FormRef = z.object({ form_id: z.uuid().optional() });
const Values = z.union([z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])), z.array(z.object({ field_id: z.number().int(), value: z.union([z.string(), z.number(), z.boolean()]) }))]);
const Commit = z.object({ values: z.array(z.object({ field_id: z.number().int(), value: z.string() })).optional(), decline: z.array(z.number().int()).optional(), auto: z.boolean().optional() });

async function commitAndRender(run: SkillRun, proposalId: string, token: string | undefined, input: z.infer<typeof Commit>): Promise<SkillResult> {
  const receipt = await commitProposal(run.ctx, run.ownerId, proposalId, token, input);
  const pdf = (receipt as { files: { filled_pdf: { artifact_id: string; name: string } } }).files.filled_pdf;
  return { summary: `Proposal ${proposalId} committed; the filled PDF and its receipt are attached.`, data: { proposal_id: proposalId, receipt }, pdfs: [{ artifactId: pdf.artifact_id, name: pdf.name }] };
}

function faxSource(files: MessageFile[], named: { artifact_id?: string; session_id?: string; proposal_id?: string; proposal_token?: string }): FaxSource {
  const choices = [files.length > 0, named.artifact_id, named.session_id, named.proposal_id].filter(Boolean);
  if (choices.length !== 1) throw new DomainError('invalid', 'invalid_fax_source', 'Send exactly one of: a file part, artifact_id, session_id, proposal_id.');
  if (files[0]) return { kind: 'upload', file: { ...files[0], field: 'file', bytes: Buffer.from(files[0].bytes) } };
  if (named.artifact_id) return { kind: 'artifact', id: named.artifact_id };
  if (named.session_id) return { kind: 'session', id: named.session_id };
  return { kind: 'proposal', id: named.proposal_id!, token: named.proposal_token };
}

// ── Skills ───────────────────────────────────────────────────────────────────────────────────

export const SKILLS: Skill[] = [
  {
    id: 'make_fillable',
    name: 'Make a PDF fillable',
    description: 'Detects the fields of a flat or scanned PDF (or reads an AcroForm) and answers with the form id, its contract and the fillable PDF. Send the PDF as a file part.',
    rest: 'POST /forms, GET /forms/{id}/contract, GET /forms/{id}/fillable',
    tags: ['pdf', 'forms', 'detection'],
    examples: ['Make this PDF fillable.'],
    async run(run) {
      return readyFormResult(run, await readyForm(run, undefined));
    },
  },
  {
    id: 'get_contract',
    readOnly: true,
    name: 'Get a form contract',
    description: "A ready form's contract: every field with id, label, type, data type, page, options and limits. Data part: {form_id}.",
    rest: 'GET /forms/{id}/contract',
    tags: ['forms'],
    examples: ['{"skill": "get_contract", "form_id": "…"}'],
    async run(run) {
      const { form_id } = args(z.object({ form_id: z.uuid() }), run);
      const contract = await getContract(run.ctx, run.ownerId, form_id);
      return { summary: `${contract.form.title}: ${contract.field_count} fields.`, data: { form_id, contract }, pdfs: [] };
    },
  },
  {
    id: 'fill',
    name: 'Fill a form directly',
    description: 'Writes the values you give into a form and answers with the filled PDF. Data part: {values: {field id, name or label: value}, form_id?, flatten?}; without form_id, send the PDF as a file part (it is created as a form first).',
    rest: 'POST /forms (without form_id), POST /sessions, PUT /sessions/{id}/fields, POST /sessions/{id}/fill, GET /sessions/{id}/pdf',
    tags: ['forms', 'fill'],
    examples: ['{"skill": "fill", "values": {"Name": "Ada Lovelace"}} with the PDF as a file part'],
    async run(run) {
      const input = args(FormRef.extend({ values: Values, flatten: z.boolean().optional() }), run);
      const formId = await readyForm(run, input.form_id);
      const contract = await getContract(run.ctx, run.ownerId, formId);
      const { session_id } = await createSession(run.ctx, run.ownerId, formId);
      const { applied } = await setFieldValues(run.ctx, run.ownerId, session_id, fieldUpdates(contract, input.values));
      await fillSession(run.ctx, run.ownerId, session_id, { flatten: input.flatten });
      const name = `session-${session_id}.pdf`;
      const artifactId = await keep(run, await getSessionPdf(run.ctx, run.ownerId, session_id), name, contract.page_count, 'a2a:fill');
      return { summary: `Filled ${applied.length} fields of "${contract.form.title}".`, data: { form_id: formId, session_id, applied }, pdfs: [{ artifactId, name }] };
    },
  },
  {
    id: 'fill_from_documents',
    name: 'Fill a form from documents (prepare, then commit)',
    description:
      'Proposes a value for every field from supporting documents (file parts after the form, text parts, or a `context` object in the data part) and answers with the proposal. Data part: {form_id?, policy?: safe|strict, context?, commit?: true | {values, decline, auto}}. With commit the proposal is committed at once and the filled PDF and receipt come back.',
    rest: 'POST /forms/prepare or POST /forms/{id}/prepare, GET /forms/prepare/{job_id}, GET /proposals/{id}, POST /proposals/{id}/commit',
    tags: ['forms', 'fill', 'documents', 'extraction'],
    examples: ['Fill this form from my pay stub and W-2 (the form first, then the documents).'],
    async run(run) {
      const input = args(FormRef.extend({ policy: z.enum(POLICIES).default('safe'), context: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(), commit: z.union([z.boolean(), Commit]).optional() }), run);
      const formFile = input.form_id ? undefined : fileWithRole(run, ['form']);
      const started = await startContextFill(run.ctx, {
        ownerId: run.ownerId,
        kind: 'prepare',
        form: input.form_id ? { id: input.form_id } : { file: formFile!, retention: 'account_default' },
        context: contextFiles(run, formFile),
        stated: statedContext(run, input.context),
        policy: input.policy,
      });
      run.started({ kind: 'context', contextJobId: started.job_id });
      run.progress(`Reading the documents for form ${started.form_id}.`);
      const job = await run.waitFor(async () => {
        const j = await getContextJob(run.ctx, run.ownerId, started.job_id);
        return j.status === 'processing' ? undefined : j;
      });
      if (job.status === 'failed') throw new DomainError('unprocessable', job.error?.code ?? 'context_fill_failed', job.error?.message ?? 'The documents could not be read.');
      const proposalId = started.proposal_id!;
      if (input.commit) return commitAndRender(run, proposalId, started.proposal_token, input.commit === true ? { auto: true } : input.commit);
      const proposal = await getProposal(run.ctx, run.ownerId, proposalId);
      return { summary: `Proposal ${proposalId} is ready; commit it with the commit_proposal skill.`, data: { form_id: started.form_id, job_id: started.job_id, proposal_id: proposalId, proposal_token: started.proposal_token, proposal }, pdfs: [] };
    },
  },
  {
    id: 'commit_proposal',
    name: 'Commit a proposal',
    description: 'Settles a proposal (your values and declines, or auto) and answers with the filled PDF and the receipt. Data part: {proposal_id, proposal_token?, values?, decline?, auto?}.',
    rest: 'POST /proposals/{id}/commit, GET /proposals/{id}/receipt',
    tags: ['forms', 'fill'],
    examples: ['{"skill": "commit_proposal", "proposal_id": "…", "auto": true}'],
    async run(run) {
      const input = args(Commit.extend({ proposal_id: z.uuid(), proposal_token: z.string().max(200).optional() }), run);
      return commitAndRender(run, input.proposal_id, input.proposal_token, input);
    },
  },
  {
    id: 'verify',
    name: 'Verify a filled PDF',
    description: 'Checks a filled PDF against its form: required fields, options, lengths, signatures. Data part: {form_id}; the filled PDF as a file part.',
    rest: 'POST /forms/{id}/verify',
    tags: ['forms', 'verification'],
    examples: ['{"skill": "verify", "form_id": "…"} with the filled PDF'],
    async run(run) {
      const { form_id } = args(z.object({ form_id: z.uuid() }), run);
      const report = await verifyFilledPdf(run.ctx, run.ownerId, form_id, fileWithRole(run, ['filled'])!);
      return { summary: `Verdict: ${report.result}.`, data: { form_id, report }, pdfs: [] };
    },
  },
  {
    id: 'read_values',
    name: 'Read the values of a filled PDF',
    description: 'Reads every field value out of a filled PDF; with form_id the values are mapped to the contract and a verdict is added.',
    rest: 'POST /read',
    tags: ['forms', 'extraction'],
    examples: ['What is filled in on this PDF?'],
    async run(run) {
      const { form_id } = args(FormRef, run);
      const result = await readFilledPdf(run.ctx, run.ownerId, fileWithRole(run, ['filled'])!, form_id);
      return { summary: `${result.fields.length} fields read.`, data: result, pdfs: [] };
    },
  },
  {
    id: 'suggest_mapping',
    name: 'Suggest a column mapping',
    description: 'Matches the columns of a CSV or XLSX (file part) to the fields of a form. Data part: {form_id}.',
    rest: 'POST /forms/{id}/suggest-mapping',
    tags: ['forms', 'batch'],
    examples: ['{"skill": "suggest_mapping", "form_id": "…"} with a CSV'],
    async run(run) {
      const { form_id } = args(z.object({ form_id: z.uuid() }), run);
      const suggestion = await suggestMapping(run.ctx, run.ownerId, form_id, fileWithRole(run, ['spreadsheet'])!);
      return { summary: 'Mapping suggested.', data: { form_id, suggestion }, pdfs: [] };
    },
  },
  {
    id: 'batch_fill',
    name: 'Fill a form once per spreadsheet row',
    description: `One filled PDF per row of a CSV or XLSX (file part, at most ${LIMITS.batchRows} rows). Data part: {form_id, mapping: {column: {field_id}}}. Answers with the manifest when every row is done.`,
    rest: 'POST /forms/{id}/fill-batch, GET /forms/fill-batch/{batch_id}',
    tags: ['forms', 'fill', 'batch'],
    examples: ['{"skill": "batch_fill", "form_id": "…", "mapping": {"Name": {"field_id": 3}}} with a CSV'],
    async run(run) {
      const input = args(z.object({ form_id: z.uuid(), mapping: z.union([z.string(), z.record(z.string(), z.unknown())]) }), run);
      const mapping = typeof input.mapping === 'string' ? input.mapping : JSON.stringify(input.mapping);
      const { batch_id } = await startBatchFill(run.ctx, run.ownerId, input.form_id, fileWithRole(run, ['spreadsheet'])!, mapping);
      run.started({ kind: 'batch', batchId: batch_id });
      let reported = -1;
      const manifest = await run.waitFor(async () => {
        const b = await getBatch(run.ctx, run.ownerId, batch_id);
        const done = b.filled + b.failed;
        if (done !== reported) run.progress(`${done} of ${b.total} rows done.`);
        reported = done;
        return b.status === 'processing' ? undefined : b;
      });
      return { summary: `Batch ${batch_id}: ${manifest.status}.`, data: { batch_id, manifest }, pdfs: [] };
    },
  },
  {
    id: 'library_search',
    readOnly: true,
    name: 'Search the form library',
    description: 'Finds official blank forms (IRS, USCIS, SSA, …) by number or words. Data part: {q, agency?, category?, language?, page?, per_page?}.',
    rest: 'GET /library/search',
    tags: ['library', 'search'],
    examples: ['{"skill": "library_search", "q": "W-9"}'],
    async run(run) {
      const input = args(SearchQuery, run);
      const found = searchForms(run.library, { ...input, perPage: input.per_page });
      return { summary: `${found.total} forms match "${input.q}".`, data: found, pdfs: [] };
    },
  },
  {
    id: 'library_create',
    name: 'Make a form from a library blank',
    description: 'Fetches the official blank named by library_id (from library_search) and makes a form of it: answers with the form id, its contract and the fillable PDF. Data part: {library_id, retention?}. Billed as one creation.',
    rest: 'POST /library/forms/{id}/create, GET /forms/{id}/contract, GET /forms/{id}/fillable',
    tags: ['library', 'forms'],
    examples: ['{"skill": "library_create", "library_id": "irs-w9"}'],
    async run(run) {
      const input = args(z.object({ library_id: z.string().min(1).max(100), retention: z.enum(['keep', 'ephemeral', 'account_default']).optional() }), run);
      const created = await createFormFromLibrary(run.ctx, run.library, { ownerId: run.ownerId, libraryId: input.library_id, retention: input.retention });
      run.progress(`Form ${created.form_id} created from ${created.library_id}; detecting its fields.`);
      return readyFormResult(run, await readyForm(run, created.form_id), { library_id: created.library_id, revision: created.revision });
    },
  },
  {
    id: 'fax',
    name: 'Fax a PDF',
    description: 'Faxes a PDF (a file part, or artifact_id, session_id or proposal_id) to one number. Data part: {to, cover_to?, cover_from?, cover_subject?, cover_note?}. Billed per transmitted page at delivery.',
    rest: 'POST /fax',
    tags: ['fax'],
    examples: ['{"skill": "fax", "to": "+12025550143", "artifact_id": "…"}'],
    async run(run) {
      const input = args(
        z.object({
          to: z.string().min(3).max(40), artifact_id: z.uuid().optional(), session_id: z.uuid().optional(), proposal_id: z.uuid().optional(), proposal_token: z.string().max(200).optional(),
          cover_to: z.string().max(200).optional(), cover_from: z.string().max(200).optional(), cover_subject: z.string().max(200).optional(), cover_note: z.string().max(2000).optional(),
        }),
        run,
      );
      const source = faxSource(run.request.files, input);
      const cover = { to: input.cover_to, from: input.cover_from, subject: input.cover_subject, note: input.cover_note };
      const retention = await retentionFor(run.ctx, run.ownerId, 'account_default');
      const sent = await sendFax(run.ctx, { ownerId: run.ownerId, source, to: input.to, cover: Object.values(cover).some(Boolean) ? cover : undefined, retention });
      return { summary: `Fax queued to ${input.to}.`, data: { fax: sent }, pdfs: [] };
    },
  },
  {
    id: 'page_tool',
    name: 'Page tools',
    description: 'build, join, keep, remove, reorder, rotate or inspect PDFs (file parts or artifact_ids). Data part: {tool, pages?, order?, angle?, artifact_ids?, sources?}. Free.',
    rest: 'POST /tools/{tool}',
    tags: ['pdf', 'pages'],
    examples: ['{"skill": "page_tool", "tool": "keep", "pages": [1, 2]}'],
    async run(run) {
      const input = args(
        z.object({
          tool: z.enum(['build', 'join', 'keep', 'remove', 'reorder', 'rotate', 'inspect']),
          pages: z.array(z.number().int().min(1)).optional(), order: z.array(z.number().int().min(1)).optional(),
          angle: z.number().refine((n) => (ROTATIONS as readonly number[]).includes(n), 'rotate by 90, 180 or 270').optional(),
          artifact_ids: z.array(z.uuid()).max(10).optional(),
          sources: z.array(z.object({ file: z.number().int().min(0).optional(), artifact_id: z.uuid().optional(), pages: z.array(z.number().int().min(1)).optional(), rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional() })).optional(),
        }),
        run,
      );
      const docs = [...run.request.files.map((f) => new Uint8Array(f.bytes)), ...(await Promise.all((input.artifact_ids ?? []).map((id) => getArtifactPdf(run.ctx, run.ownerId, id))))];
      const one = () => {
        if (docs.length !== 1) throw new DomainError('invalid', 'one_document', 'Give exactly one document: a file part or one artifact_id.');
        return docs[0];
      };
      const need = <T>(v: T | undefined, what: string): T => {
        if (v === undefined) throw new DomainError('invalid', 'invalid_request', `${input.tool} needs ${what}.`);
        return v;
      };
      if (input.tool === 'inspect') return { summary: 'Inspected.', data: { ...(await inspectPdf(run.ctx, one())) }, pdfs: [] };
      let job: PageToolJob;
      if (input.tool === 'build') {
        const sources = await Promise.all(need(input.sources, 'sources').map(async (s) => ({ bytes: s.artifact_id ? await getArtifactPdf(run.ctx, run.ownerId, s.artifact_id) : need(run.request.files[s.file ?? -1]?.bytes, `a file part number ${s.file}`), pages: s.pages, rotate: s.rotate })));
        job = { op: 'build', sources };
      } else if (input.tool === 'join') job = { op: 'join', documents: docs };
      else if (input.tool === 'reorder') job = { op: 'reorder', bytes: one(), order: need(input.order, 'order') };
      else if (input.tool === 'rotate') job = { op: 'rotate', bytes: one(), pages: input.pages, angle: need(input.angle, 'angle') };
      else job = { op: input.tool, bytes: one(), pages: need(input.pages, 'pages') };
      const { artifact } = await runPageTool(run.ctx, run.ownerId, job);
      return { summary: `${input.tool}: ${artifact.page_count} pages.`, data: { artifact }, pdfs: [{ artifactId: artifact.artifact_id, name: artifact.name }] };
    },
  },
  {
    id: 'usage_and_quote',
    readOnly: true,
    name: 'Usage and prices',
    description: "This month's billed actions of your account, the price list, and (with {pages, fillable}) the exact pay-per-call price of every route.",
    rest: 'GET /usage, GET /pricing, POST /pay/quote',
    tags: ['billing'],
    examples: ['{"skill": "usage_and_quote", "pages": 3, "fillable": false}'],
    async run(run) {
      const input = args(z.object({ pages: z.number().int().min(1).max(LIMITS.pages).optional(), fillable: z.boolean().default(false) }), run);
      const list = priceList();
      const quotes = input.pages
        ? Object.fromEntries(PAY_ROUTES.map((route) => {
            const q = quote(list, route, input.pages!, input.fillable);
            return [route, { path: `/pay/${route}`, micro_usd: q.micros, usd: microsToUsd(q.micros) }];
          }))
        : undefined;
      return { summary: 'Usage and prices.', data: { usage: await getUsage(run.ctx, run.ownerId), pricing: pricingDocument(), ...(quotes ? { quote: { pages: input.pages, fillable: input.fillable, routes: quotes } } : {}) }, pdfs: [] };
    },
  },
];

/** The skill a message asks for: named, or (unnamed) fill when values are given, else make_fillable for a lone PDF. */
export function chooseSkill(request: SkillRequest): Skill {
  const id = request.skill ?? (request.args.values !== undefined ? 'fill' : request.files.length === 1 && !request.texts.length ? 'make_fillable' : undefined);
  if (!id) throw new DomainError('invalid', 'skill_required', `Name a skill in a data part ({"skill": …}): ${SKILLS.map((s) => s.id).join(', ')}.`);
  const skill = SKILLS.find((s) => s.id === id);
  if (!skill) throw new DomainError('invalid', 'unknown_skill', `No skill "${id}"; the skills are ${SKILLS.map((s) => s.id).join(', ')}.`);
  return skill;
}
