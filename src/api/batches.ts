// Batch fill (§4.6): mapping suggestion, fill-batch, manifest, one row's PDF, the zip.
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parseId } from './validate.ts';
import { ApiError } from '../http/errors.ts';
import { callerOf } from '../http/auth.ts';
import { LIMITS } from '../limits.ts';
import { multipartUpload, requireFile } from '../http/upload.ts';
import { writeStoredZip } from '../http/zip.ts';
import { withIdempotency } from '../http/idempotency.ts';
import { suggestMapping } from '../use-cases/batches/suggest-mapping.ts';
import { startBatchFill } from '../use-cases/batches/start-batch-fill.ts';
import { getBatch } from '../use-cases/batches/get-batch.ts';
import { getBatchRowPdf } from '../use-cases/batches/get-batch-row-pdf.ts';
import { listFilledRows } from '../use-cases/batches/list-filled-rows.ts';
import { followFilledRows } from '../use-cases/batches/follow-filled-rows.ts';

const FormIdParams = z.object({ id: z.uuid() });
const BatchParams = z.object({ batch_id: z.uuid() });
const ZipQuery = z.object({ follow: z.enum(['true', 'false']).optional().describe('true: start before the batch is complete; rows are written as they are filled, the zip ends when the batch does') });
const RowParams = z.object({ batch_id: z.uuid(), n: z.number().int().positive() });
export const Suggestion = z.object({
  mapping: z.record(z.string(), z.object({ field_id: z.number().int(), confidence: z.enum(['high', 'medium', 'low']) })),
  unmapped_columns: z.array(z.string()),
});
export const Manifest = z.object({
  batch_id: z.string(),
  form_id: z.string(),
  status: z.enum(['processing', 'complete', 'failed']),
  total: z.number().int(),
  filled: z.number().int(),
  failed: z.number().int(),
  results: z.array(z.object({ row: z.number().int(), status: z.enum(['filled', 'failed', 'pending']), pdf_url: z.string().optional(), error: z.string().optional() })),
  error: z.object({ code: z.string(), message: z.string() }).catchall(z.unknown()).nullable(),
});
const SHEET_DOC =
  'CSV (comma, semicolon or tab separated; quotes, BOM and CRLF accepted) or XLSX (first worksheet). The first non-empty row names the columns; empty rows are skipped; Excel dates become MM/DD/YYYY. ' +
  `Limits, checked before the file is parsed: ${LIMITS.batchRows} data rows (400 too_many_rows), ${LIMITS.sheetColumns} columns (413 too_many_columns), ${LIMITS.valueBytes / 1024} KiB a cell (413 cell_too_large), an XLSX inflating to ${LIMITS.archiveInflatedBytes / (1024 * 1024)} MiB (413 archive_too_large).`;

describeRoute({
  method: 'post', path: '/forms/:id/suggest-mapping', tag: 'Batch fill', summary: 'Suggest a column → field mapping for a spreadsheet', description: `${SHEET_DOC} Bills one context fill on success.`,
  params: FormIdParams, multipart: { fields: { file: 'file' }, required: ['file'] },
  responses: {
    200: { description: 'The suggestion.', body: Suggestion }, 400: { description: 'Bad or empty spreadsheet.' }, 402: { description: 'Over the free tier.' },
    404: { description: 'No such form.' }, 409: { description: 'Form not ready.' }, 413: { description: 'File too large, or too many columns, a cell too large, an XLSX that inflates too far.' },
  },
});
describeRoute({
  method: 'post', path: '/forms/:id/fill-batch', tag: 'Batch fill', summary: 'Fill one PDF per spreadsheet row',
  description: `${SHEET_DOC} mapping: JSON object, each key a column name, each value {"field_id": <contract field id>}. At most 1000 data rows. Each filled row bills one standard fill.`,
  params: FormIdParams, multipart: { fields: { file: 'file', mapping: z.string() }, required: ['file', 'mapping'] },
  headers: { 'Idempotency-Key': { description: 'Same key + same request (form, spreadsheet bytes, mapping) → 200 with the original batch_id; nothing is created or billed again (24 h, per account).' } },
  responses: {
    202: { description: 'Accepted; poll the manifest.', body: z.object({ batch_id: z.string() }) },
    200: { description: 'Idempotent replay of an earlier request.', body: z.object({ batch_id: z.string() }) },
    400: { description: 'Bad spreadsheet, invalid mapping JSON, unknown column or field, more than 1000 rows.' }, 402: { description: 'Over the free tier.' },
    404: { description: 'No such form.' },
    409: { description: 'Form not ready or without a fillable PDF, or another request with the same Idempotency-Key is still running.' },
    413: { description: 'File too large, or too many columns, a cell too large, an XLSX that inflates too far.' },
    422: { description: 'A mapped cell is not valid text (invalid_value: issues give row, column, field_id, reason), or an Idempotency-Key reused with a different request.' },
  },
});
describeRoute({ method: 'get', path: '/forms/fill-batch/:batch_id', tag: 'Batch fill', summary: 'Batch manifest', params: BatchParams, responses: { 200: { description: 'The manifest.', body: Manifest }, 404: { description: 'No such batch.' } } });
describeRoute({
  method: 'get', path: '/forms/fill-batch/:batch_id/rows/:n/pdf', tag: 'Batch fill', summary: "One row's filled PDF", params: RowParams,
  responses: { 200: { description: 'The PDF.', body: 'pdf' }, 404: { description: 'No such batch, or the row is not filled.' } },
});
describeRoute({
  method: 'get', path: '/forms/fill-batch/:batch_id/zip', tag: 'Batch fill', summary: 'Every filled row as row-N.pdf in a zip', params: BatchParams, query: ZipQuery,
  responses: { 200: { description: 'batch-{id}.zip; with follow=true it streams the rows as they are filled and ends with the batch.' }, 404: { description: 'No such batch.' } },
});

export function batchesRouter(ctx: AppContext): Router {
  const r = Router();

  r.post('/forms/:id/suggest-mapping', multipartUpload({ files: { file: 1 } }), async (req, res) => {
    const id = parseId(req.params.id, 'form');
    const file = requireFile(req, 'file');
    res.json(await suggestMapping(ctx, callerOf(req).accountId, id, file));
  });

  r.post('/forms/:id/fill-batch', multipartUpload({ files: { file: 1 } }), async (req, res) => {
    const id = parseId(req.params.id, 'form');
    const file = requireFile(req, 'file');
    const { accountId } = callerOf(req);
    const result = await withIdempotency(ctx, req, accountId, async () => ({
      status: 202,
      body: await startBatchFill(ctx, accountId, id, file, req.upload!.fields.mapping),
    }));
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.setHeader('Location', `/forms/fill-batch/${(result.body as { batch_id: string }).batch_id}`);
    res.status(result.status).json(result.body);
  });

  // A finished batch's manifest is one shared object per process (getBatch): serialized once.
  const manifestBodies = new WeakMap<object, string>();
  r.get('/forms/fill-batch/:batch_id', async (req, res) => {
    const manifest = await getBatch(ctx, callerOf(req).accountId, parseId(req.params.batch_id, 'batch'));
    let body = manifestBodies.get(manifest);
    if (body === undefined) {
      body = JSON.stringify(manifest);
      if (manifest.status !== 'processing') manifestBodies.set(manifest, body);
    }
    res.type('json').send(body);
  });

  r.get('/forms/fill-batch/:batch_id/rows/:n/pdf', async (req, res) => {
    const id = parseId(req.params.batch_id, 'batch');
    const n = /^[1-9]\d{0,5}$/.test(req.params.n) ? Number(req.params.n) : NaN;
    if (!Number.isInteger(n)) throw new ApiError(404, 'not_found', 'No such row.');
    const stream = await getBatchRowPdf(ctx, callerOf(req).accountId, id, n);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="batch-${id}-row-${n}.pdf"`);
    // pipeline destroys the blob stream when the client goes away (an S3 read gives its connection
    // back) and cuts the response short when the read fails after the headers went out.
    await pipeline(stream, res).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') ctx.log.error({ err: err.message, batch: id }, 'row pdf stream failed');
    });
  });

  r.get('/forms/fill-batch/:batch_id/zip', async (req, res) => {
    await sendBatchZip(ctx, res, callerOf(req).accountId, parseId(req.params.batch_id, 'batch'), { follow: req.query.follow === 'true' });
  });

  return r;
}

/** Every filled row of the owner's batch as row-N.pdf in a stored zip (also the MCP door's download link). */
export async function sendBatchZip(ctx: AppContext, res: Response, ownerId: string, id: string, options: { follow?: boolean } = {}): Promise<void> {
  // Following a batch stops when the client goes away.
  const gone = new AbortController();
  res.on('close', () => gone.abort());
  const rows = options.follow ? await followFilledRows(ctx, ownerId, id, gone.signal) : await listFilledRows(ctx, ownerId, id);
  const entries = async function* () {
    for await (const row of rows) yield { name: `row-${row.row}.pdf`, load: row.load };
  };
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename="batch-${id}.zip"`);
  try {
    await writeStoredZip(entries(), res);
    res.end();
  } catch (err) {
    if (!res.headersSent) throw err; // nothing sent yet: the error handler answers in JSON
    // Headers are out: all we can do is cut the response short, so the client sees a broken zip.
    if (!res.destroyed) ctx.log.error({ err: (err as Error).message, batch: id }, 'zip stream failed');
    res.destroy(err as Error);
  }
}
