// POST /read (values out of a filled PDF) and POST /forms/{form_id}/verify (§2.6, §4.5).
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parse, parseId } from './validate.ts';
import { callerOf } from '../http/auth.ts';
import { multipartUpload, requireFile } from '../http/upload.ts';
import { readFilledPdf } from '../use-cases/filled/read-filled-pdf.ts';
import { verifyFilledPdf } from '../use-cases/filled/verify-filled-pdf.ts';

const IssueSchema = z.object({
  field_id: z.number().int(),
  page: z.number().int(),
  kind: z.enum(['required_unfilled', 'not_an_option', 'max_len_exceeded', 'inconsistent_choice', 'text_overflow', 'signature_missing']),
  detail: z.string(),
  blocking: z.boolean(),
});
export const VerificationSchema = z.object({
  result: z.enum(['complete', 'review_required', 'incomplete', 'failed']),
  checked_at: z.string(),
  issues: z.array(IssueSchema),
  adjustments: z.array(z.object({ field_id: z.number().int(), kind: z.string(), detail: z.string() })),
  counts: z.object({ fields: z.number().int(), written: z.number().int(), required_unfilled: z.number().int(), issues_blocking: z.number().int(), issues_review: z.number().int() }),
});
const VERDICTS =
  'Verdicts: complete (no issues), review_required (only non-blocking issues: text too long to read at 6 pt, unsigned signature boxes), ' +
  'incomplete (required fields empty), failed (values the form cannot hold: not an option, over max length, two radio buttons on).';
const ReadFields = z.object({ form_id: z.string().optional() });
export const ReadSchema = z.object({
  form_id: z.string().nullable(),
  source: z.enum(['fields', 'page_text']).describe('page_text: a flattened PDF, read from the text inside each field’s rect'),
  fields: z.array(z.object({ field_id: z.number().int().nullable(), name: z.string(), label: z.string(), type: z.string(), page: z.number().int(), value: z.union([z.string(), z.boolean()]).nullable() })),
  result: VerificationSchema.shape.result.optional(),
  verification: VerificationSchema.optional(),
});

describeRoute({
  method: 'post', path: '/read', tag: 'Read and verify', summary: 'Read the values out of a filled PDF',
  description: `Any AcroForm PDF, whoever filled it. With form_id the values are mapped to the contract's field ids and a completeness verdict is added; a flattened PDF of a known form is read from the text inside each field's rect. ${VERDICTS}`,
  multipart: { fields: { file: 'file', form_id: z.string() }, required: ['file'] },
  responses: { 200: { description: 'The values.', body: ReadSchema }, 400: { description: 'Not a readable PDF, or not a PDF of this form.' }, 404: { description: 'No such form.' }, 409: { description: 'Form not ready.' }, 413: { description: 'Over 10 MB, more than 100 pages (too_many_pages), more than 200,000 objects (too_many_objects), an image over 100 million pixels (image_too_large), or streams inflating past 512 MiB (pdf_too_large).' }, 422: { description: 'No form fields and no form_id.' } },
});
describeRoute({
  method: 'post', path: '/forms/:id/verify', tag: 'Read and verify', summary: 'Verify a filled PDF against its form', description: `Bills one verify. ${VERDICTS}`,
  params: z.object({ id: z.string() }), multipart: { fields: { file: 'file' }, required: ['file'] },
  responses: {
    200: { description: 'The verification report.', body: VerificationSchema },
    400: { description: 'Not a PDF, unreadable, or its widgets do not match the form’s contract.' },
    402: { description: 'Free verifications used up, or the form is over the free tier’s 5-page cap.' },
    404: { description: 'No such form.' }, 409: { description: 'Form not ready.' }, 413: { description: 'Over 10 MB, more than 100 pages (too_many_pages), more than 200,000 objects (too_many_objects), an image over 100 million pixels (image_too_large), or streams inflating past 512 MiB (pdf_too_large).' },
  },
});

export function readVerifyRouter(ctx: AppContext): Router {
  const r = Router();
  r.post('/read', multipartUpload({ files: { file: 1 } }), async (req, res) => {
    const { form_id } = parse(ReadFields, req.upload!.fields);
    const file = requireFile(req, 'file');
    res.json(await readFilledPdf(ctx, callerOf(req).accountId, file, form_id === undefined ? undefined : parseId(form_id, 'form')));
  });
  r.post('/forms/:id/verify', multipartUpload({ files: { file: 1 } }), async (req, res) => {
    const id = parseId(req.params.id, 'form');
    res.json(await verifyFilledPdf(ctx, callerOf(req).accountId, id, requireFile(req, 'file')));
  });
  return r;
}
