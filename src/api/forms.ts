// /forms: create a form from a PDF, read it, its contract and its fillable PDF (§4.2).
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parse, parseId } from './validate.ts';
import { callerOf } from '../http/auth.ts';
import { multipartUpload, requireFile } from '../http/upload.ts';
import { withIdempotency } from '../http/idempotency.ts';
import { createForm } from '../use-cases/forms/create-form.ts';
import { getForm } from '../use-cases/forms/get-form.ts';
import { getContract } from '../use-cases/forms/get-contract.ts';
import { getFillablePdf } from '../use-cases/forms/get-fillable-pdf.ts';
import { FIELD_TYPES, DATA_TYPES } from '../pdf/types.ts';

const FormIdParams = z.object({ id: z.uuid({ message: 'form id must be a UUID' }) });
const CreateFormFields = z.object({
  callback_url: z.string().max(2048).optional(),
  retention: z.enum(['keep', 'ephemeral', 'account_default']).optional(),
});
export const FormSchema = z.object({
  id: z.string(),
  status: z.enum(['processing', 'ready', 'failed']),
  title: z.string(),
  schema_version: z.string(),
  error: z.object({ code: z.string(), message: z.string() }).catchall(z.unknown()).nullable(),
});
const RectSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export const ContractFieldSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  data_type: z.enum(DATA_TYPES),
  required: z.boolean(),
  page: z.number().int().describe('zero-based page index'),
  rect: RectSchema.describe('PDF points, origin bottom-left of the unrotated page'),
  value: z.union([z.string(), z.boolean()]).nullable(),
  name: z.string().describe('AcroForm field name in the fillable PDF'),
  confidence: z.number().min(0).max(1),
  options: z.array(z.string()).optional(),
  max_len: z.number().int().optional(),
  comb: z.boolean().optional(),
  multiline: z.boolean().optional(),
  export_value: z.string().optional(),
  tooltip: z.string().optional(),
  group: z.string().optional(),
  widgets: z
    .array(z.object({ page: z.number().int(), rect: RectSchema, export_value: z.string().optional() }))
    .optional()
    .describe('every place the field is drawn (radio buttons, repeated fields)'),
});
export const ContractSchema = z.object({
  schema_version: z.string(),
  page_count: z.number().int(),
  field_count: z.number().int(),
  form: z.object({ title: z.string() }),
  detector_version: z.string(),
  fields: z.array(ContractFieldSchema),
});
const Created = z.object({ form_id: z.string(), status: z.literal('processing') });

describeRoute({
  method: 'post', path: '/forms', tag: 'Forms', summary: 'Create a form from a PDF',
  description: 'Uploads a PDF (≤10 MB, ≤100 pages). A PDF with AcroForm fields becomes a contract directly; a flat or scanned PDF goes through field detection. Processing is asynchronous: poll GET /forms/{id} or pass callback_url (public https) for form.ready / form.failed.',
  multipart: { fields: { file: 'file', ...CreateFormFields.shape }, required: ['file'] },
  headers: { 'Idempotency-Key': { description: 'Same key + same request → 200 with the original response (24 h, per account).' } },
  responses: {
    202: { description: 'Accepted; detection runs in the background.', body: Created },
    200: { description: 'Idempotent replay of an earlier request.', body: Created },
    400: { description: 'Not a readable PDF, encrypted with a password, bad callback_url or retention.' },
    402: { description: 'Over the free tier with no payment method.' },
    409: { description: 'Another request with the same Idempotency-Key is still running.' },
    413: { description: 'File over 10 MB, request over 30 MB, more than 100 pages, more than 200,000 objects (too_many_objects), an image over 100 million pixels (image_too_large), or streams inflating past 512 MiB (pdf_too_large).' },
    422: { description: 'Idempotency-Key reused with a different request.' },
  },
});
describeRoute({ method: 'get', path: '/forms/:id', tag: 'Forms', summary: 'Get a form', params: FormIdParams, responses: { 200: { description: 'The form.', body: FormSchema }, 404: { description: 'No such form, or not yours.' } } });
describeRoute({
  method: 'get', path: '/forms/:id/contract', tag: 'Forms', summary: "Get a form's contract (its fields)", params: FormIdParams,
  responses: { 200: { description: 'The contract.', body: ContractSchema }, 404: { description: 'No such form.' }, 409: { description: 'Form not ready (processing or failed).' } },
});
describeRoute({
  method: 'get', path: '/forms/:id/fillable', tag: 'Forms', summary: 'Download the fillable PDF', params: FormIdParams,
  responses: { 200: { description: 'The fillable PDF.', body: 'pdf' }, 404: { description: 'No such form.' }, 409: { description: 'Form not ready.' }, 410: { description: 'Documents deleted under the retention policy.' } },
});

export function formsRouter(ctx: AppContext): Router {
  const r = Router();

  r.post('/forms', multipartUpload({ files: { file: 1 } }), async (req, res) => {
    const { accountId } = callerOf(req);
    const fields = parse(CreateFormFields, req.upload!.fields);
    const file = requireFile(req, 'file');
    const result = await withIdempotency(ctx, req, accountId, async () => ({
      status: 202,
      body: await createForm(ctx, { ownerId: accountId, file, callbackUrl: fields.callback_url, retention: fields.retention }),
    }));
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.setHeader('Location', `/forms/${(result.body as { form_id: string }).form_id}`);
    res.status(result.status).json(result.body);
  });

  r.get('/forms/:id', async (req, res) => {
    res.json(await getForm(ctx, callerOf(req).accountId, parseId(req.params.id, 'form')));
  });

  // The answer shaped and serialized once per contract object: the contract cache hands out one
  // frozen object per form revision (store/contract-cache.ts), so a new revision is a new key.
  const contractBodies = new WeakMap<object, string>();
  r.get('/forms/:id/contract', async (req, res) => {
    const contract = await getContract(ctx, callerOf(req).accountId, parseId(req.params.id, 'form'));
    let body = contractBodies.get(contract);
    if (body === undefined) {
      body = JSON.stringify(ContractSchema.parse(contract));
      contractBodies.set(contract, body);
    }
    res.type('json').send(body);
  });

  r.get('/forms/:id/fillable', async (req, res) => {
    const id = parseId(req.params.id, 'form');
    const bytes = await getFillablePdf(ctx, callerOf(req).accountId, id);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="form-${id}-fillable.pdf"`);
    res.send(Buffer.from(bytes));
  });

  return r;
}
