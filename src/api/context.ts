// Fill with context (§4.4) and prepare (§4.5): asynchronous jobs over a form and supporting documents.
import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parse, parseId } from './validate.ts';
import { ApiError } from '../http/errors.ts';
import { callerOf } from '../http/auth.ts';
import { multipartUpload, requireFile, type UploadedFile } from '../http/upload.ts';
import { readStatedContext, type StatedContext } from '../domain/context-documents.ts';
import { withIdempotency } from '../http/idempotency.ts';
import { LIMITS } from '../config.ts';
import { POLICIES, type Policy } from '../domain/proposal-fields.ts';
import type { ContextJobKind } from '../store/context-jobs.ts';
import { startContextFill, type StartContextFill } from '../use-cases/context/start-context-fill.ts';
import { getContextJob } from '../use-cases/context/get-context-job.ts';

const FormIdParams = z.object({ id: z.uuid() });
const JobIdParams = z.object({ job_id: z.uuid() });
const CommonFields = z.object({ callback_url: z.string().max(2048).optional() });
const PolicyField = z.object({
  policy: z.string().optional().describe('safe (default): high- and medium-confidence values are ready; strict: only high-confidence values are ready'),
});
const RetentionField = z.object({ retention: z.string().optional().describe('ephemeral or account_default (default)') });

/** Values stated beside the files: a JSON object whose keys are matched to field labels, or plain text. */
export const StatedContextArg = z.union([z.string().min(1), z.record(z.string(), z.unknown())]);
/** A JSON body (no files) for a ready form: the stated context alone. */
const JsonStartBody = z.object({
  context: StatedContextArg.describe('a JSON object ({"legal_name": "Acme LLC", "ein": "12-3456789"}: keys matched to the field labels) or plain text, read like a supporting document'),
  ...PolicyField.shape,
  ...CommonFields.shape,
});

const Started = z.object({ job_id: z.string(), status: z.literal('processing'), form_id: z.string() });
const PrepareStarted = Started.extend({
  proposal_id: z.string(),
  proposal_token: z.string().describe('Opens the proposal (X-Proposal-Token header or ?token=); shown once. A wrong token answers 403.'),
});
export const JobSchema = z.object({
  job_id: z.string(),
  kind: z.enum(['with_context', 'prepare']),
  status: z.enum(['processing', 'ready', 'failed']),
  form_id: z.string(),
  session_id: z.string().nullable().describe('with_context: set when ready; download GET /sessions/{session_id}/pdf'),
  proposal_id: z.string().nullable().describe('prepare: set when ready; read GET /proposals/{proposal_id}'),
  report: z.object({ filled: z.array(z.object({ id: z.string(), confidence: z.string().nullable() })), dropped: z.array(z.object({ id: z.string(), value: z.string().nullable(), reason: z.string() })) }).nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('context_too_large, unsupported_context_file, context_fill_failed, apply_rejected, form_processing_failed, job_failed or canceled (an A2A task that started it was canceled)'),
});

const CONTEXT_DOC =
  `Supporting documents go in \`context\` parts (at most ${LIMITS.contextFiles} files, 10 MB each, 30 MB a request): PDF (text or scanned), PNG/JPEG/TIFF (OCR), DOCX, TXT/Markdown, CSV/XLSX, JSON. ` +
  `A \`context\` text part (no filename; up to ${LIMITS.contextFiles}) states values directly: a JSON object whose keys are matched to the field labels ({"legal_name": …, "ein": …}) or plain text. ` +
  'A context file identical to the form answers 422 document_same_as_form and nothing is charged. ' +
  'Job errors: unsupported_context_file, context_too_large, context_fill_failed, apply_rejected, form_processing_failed, job_failed.';
const idempotencyHeader = { 'Idempotency-Key': { description: 'Same key + same request → 200 with the original job (24 h, per account).' } };
const commonResponses = {
  200: { description: 'Idempotent replay: the original job.' },
  400: { description: 'Unreadable PDF, bad policy or retention, bad callback_url.' },
  402: { description: 'Free context fills used up, or form plus documents over the free tier’s 5-page cap (detail has code, message, billing_url).' },
  409: { description: 'Form not ready, or a request with the same Idempotency-Key still running.' },
  413: { description: 'More than 5 context files, a file over 10 MB, a request over 30 MB, more than 100 pages (the form or a context PDF), an image over 100 million pixels (image_too_large), PDF streams inflating past 512 MiB (pdf_too_large), a DOCX/XLSX inflating past 16 MiB (archive_too_large) or a DOCX of more than 20,000 paragraphs (document_too_large).' },
  422: { description: 'document_same_as_form (nothing charged), a missing file part, or an Idempotency-Key reused with another request.' },
};

describeRoute({
  method: 'post', path: '/forms/:id/with-context', tag: 'Context fill', summary: 'Fill a ready form from supporting documents',
  description: `Proposes a value per field from the documents and writes those the policy accepts (safe by default) into a completed session; poll GET /forms/with-context/{job_id} or pass callback_url (job.ready / job.failed). Bills one context fill. ${CONTEXT_DOC}`,
  params: FormIdParams, multipart: { fields: { context: 'files', ...PolicyField.shape, ...CommonFields.shape }, required: [] }, json: JsonStartBody, headers: idempotencyHeader,
  responses: { 202: { description: 'Accepted.', body: Started }, ...commonResponses, 404: { description: 'No such form.' }, 410: { description: 'The form’s documents were deleted under its retention policy.' } },
});
describeRoute({
  method: 'post', path: '/forms/with-context', tag: 'Context fill', summary: 'Create a form from a PDF and fill it from supporting documents',
  description: `Detection and the fill run in one background job. Bills one context fill. ${CONTEXT_DOC}`,
  multipart: { fields: { file: 'file', context: 'files', ...PolicyField.shape, ...RetentionField.shape, ...CommonFields.shape }, required: ['file'] }, headers: idempotencyHeader,
  responses: { 202: { description: 'Accepted.', body: Started }, ...commonResponses },
});
describeRoute({
  method: 'post', path: '/forms/:id/prepare', tag: 'Proposals', summary: 'Propose values for a ready form from supporting documents',
  description: `Starts a prepare job; when it is ready, GET /proposals/{proposal_id} lists every field with state (ready, review, conflict, missing), value, origin, confidence, evidence and note; settle it with POST /proposals/{id}/commit. Bills one context fill. ${CONTEXT_DOC}`,
  params: FormIdParams, multipart: { fields: { context: 'files', ...PolicyField.shape, ...CommonFields.shape }, required: [] }, json: JsonStartBody, headers: idempotencyHeader,
  responses: { 202: { description: 'Accepted.', body: PrepareStarted }, ...commonResponses, 404: { description: 'No such form.' }, 410: { description: 'The form’s documents were deleted under its retention policy.' } },
});
describeRoute({
  method: 'post', path: '/forms/prepare', tag: 'Proposals', summary: 'Create a form from a PDF and propose values for it',
  description: `Detects the fields and prepares in one job. Bills one creation and one context fill. ${CONTEXT_DOC}`,
  multipart: { fields: { file: 'file', context: 'files', ...PolicyField.shape, ...RetentionField.shape, ...CommonFields.shape }, required: ['file'] }, headers: idempotencyHeader,
  responses: { 202: { description: 'Accepted.', body: PrepareStarted }, ...commonResponses },
});
for (const path of ['/forms/with-context/:job_id', '/forms/prepare/:job_id']) {
  describeRoute({
    method: 'get', path, tag: path.includes('prepare') ? 'Proposals' : 'Context fill', summary: 'Read a context job (with-context or prepare)', params: JobIdParams,
    responses: { 200: { description: 'The job.', body: JobSchema }, 404: { description: 'No such job, or not yours.' } },
  });
}

export function contextRouter(ctx: AppContext): Router {
  const r = Router();
  const multipart = (withFile: boolean) => multipartUpload({ files: withFile ? { file: 1, context: LIMITS.contextFiles } : { context: LIMITS.contextFiles } });
  // A ready form also takes a JSON body ({context, policy, callback_url}): the stated values alone.
  const multipartOrJson: RequestHandler = (req, res, next) => (req.is('application/json') ? next() : multipart(false)(req, res, next));

  /** The request's text fields, files and stated contexts, from a multipart body or a JSON one. */
  function readRequest(req: Request): { fields: Record<string, string | undefined>; files: UploadedFile[]; stated: StatedContext[] } {
    if (req.upload) return { fields: req.upload.fields, files: req.upload.files.context ?? [], stated: (req.upload.texts.context ?? []).map(readStatedContext) };
    const { context, ...fields } = parse(JsonStartBody, req.body ?? {});
    return { fields, files: [], stated: [context] };
  }

  async function start(req: Request, kind: ContextJobKind, formId: string | null, missingFileStatus = 400) {
    const { accountId } = callerOf(req);
    const { fields, files, stated } = readRequest(req);
    const common = parse(CommonFields, { callback_url: fields.callback_url });
    const policy = fields.policy ?? 'safe';
    if (!(POLICIES as readonly string[]).includes(policy)) throw new ApiError(400, 'invalid_policy', `policy must be one of ${POLICIES.join(', ')}.`);
    let form: StartContextFill['form'];
    if (formId) form = { id: formId };
    else {
      const file = requireFile(req, 'file', missingFileStatus);
      const retention = fields.retention ?? 'account_default';
      if (retention !== 'ephemeral' && retention !== 'account_default') throw new ApiError(400, 'invalid_retention', 'retention must be ephemeral or account_default.');
      form = { file, retention };
    }
    return withIdempotency(ctx, req, accountId, async () => ({
      status: 202,
      body: await startContextFill(ctx, { ownerId: accountId, kind, form, context: files, stated, policy: policy as Policy, callbackUrl: common.callback_url }),
    }));
  }

  function answer(res: import('express').Response, result: { status: number; body: unknown; replayed: boolean }, kind: ContextJobKind) {
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    const jobId = (result.body as { job_id: string }).job_id;
    res.setHeader('Location', `/forms/${kind === 'prepare' ? 'prepare' : 'with-context'}/${jobId}`);
    res.status(result.status).json(result.body);
  }

  r.post('/forms/with-context', multipart(true), async (req, res) => answer(res, await start(req, 'with_context', null), 'with_context'));
  r.post('/forms/prepare', multipart(true), async (req, res) => answer(res, await start(req, 'prepare', null, 422), 'prepare'));
  r.post('/forms/:id/with-context', multipartOrJson, async (req, res) => answer(res, await start(req, 'with_context', parseId(req.params.id, 'form')), 'with_context'));
  r.post('/forms/:id/prepare', multipartOrJson, async (req, res) => answer(res, await start(req, 'prepare', parseId(req.params.id, 'form')), 'prepare'));

  const readJob = async (req: Request, res: import('express').Response) => {
    res.json(JobSchema.parse(await getContextJob(ctx, callerOf(req).accountId, parseId(req.params.job_id, 'job'))));
  };
  r.get('/forms/with-context/:job_id', readJob);
  r.get('/forms/prepare/:job_id', readJob);
  return r;
}
