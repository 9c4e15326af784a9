// The pay-per-call API (§4.9): no account, a 402 quote per document, pay, resend. Each paid
// route is one `definePayRoute` (src/payments/gate.ts) listed in PAY_ROUTE_DEFINITIONS; the gate
// does pricing, both payment protocols, replay protection, settlement or refund.
import express, { Router } from 'express';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parse } from './validate.ts';
import { ContractSchema } from './forms.ts';
import { ApiError } from '../http/errors.ts';
import { LIMITS } from '../config.ts';
import { ContractBuildError } from '../domain/contracts.ts';
import { proposeFieldValues, writeAcceptedValues } from '../domain/fill-from-documents.ts';
import { definePayRoute, payRouteHandlers, type PayRouteDefinition } from '../payments/gate.ts';
import { paymentCors } from '../payments/cors.ts';
import { paymentDoors } from '../payments/doors.ts';
import { centsToUsd, microsToUsd, PAY_ROUTES, priceList, quote } from '../payments/pricing.ts';

// ── Paid routes ──────────────────────────────────────────────────────────────────────────────

const FillablePdfSchema = z.object({
  base64: z.string().describe('the fillable PDF, base64'),
  bytes: z.number().int(),
  sha256: z.string().describe('hex SHA-256 of the PDF bytes'),
});

/**
 * The upload's contract (detecting fields when it is flat), built in the engine's worker threads;
 * a PDF with nothing to fill is 422. The bytes are copied (new Uint8Array; a Buffer's slice() is a
 * view): the pool moves what it is given to the worker, and the caller still needs its own.
 */
async function contractOf(ctx: AppContext, bytes: Uint8Array, title: string, pages: number) {
  try {
    return await ctx.engine.run({ op: 'contract', bytes: new Uint8Array(bytes), title, pageCount: pages });
  } catch (err) {
    if (err instanceof ContractBuildError) throw new ApiError(err.code === 'no_fields_detected' ? 422 : 400, err.code, err.message);
    throw err;
  }
}

export const makeFillableRoute = definePayRoute({
  route: 'make-fillable',
  summary: 'Make a PDF fillable',
  description:
    'Detects the fields of a flat or scanned PDF (≤ 10 MB, ≤ 100 pages) and returns its contract and the fillable PDF; a PDF that already has fields returns their contract and the file itself. Synchronous and ephemeral: nothing is kept.',
  response: z.object({ contract: ContractSchema, fillable_pdf: FillablePdfSchema }),
  async run({ ctx, document, pages, title }) {
    const built = await contractOf(ctx, document.bytes, title, pages);
    const pdf = Buffer.from(built.fillablePdf ?? document.bytes);
    return {
      status: 200,
      body: {
        contract: ContractSchema.parse(built.contract),
        fillable_pdf: { base64: pdf.toString('base64'), bytes: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') },
      },
    };
  },
});

const FilledPdfSchema = FillablePdfSchema.extend({ base64: z.string().describe('the filled PDF, base64') });
const PdfFile = (pdf: Uint8Array) => {
  const buf = Buffer.from(pdf);
  return { base64: buf.toString('base64'), bytes: buf.length, sha256: createHash('sha256').update(buf).digest('hex') };
};

export const fillRoute = definePayRoute({
  route: 'fill',
  summary: 'Fill a PDF form from structured data',
  description:
    'Fills a PDF form with `values`: a JSON object keyed by contract field id or AcroForm field name (true/false for checkboxes, an option for choices). A flat or scanned form is made fillable first (priced in). Returns the filled PDF; `flatten=true` bakes the values into the pages. Synchronous and ephemeral.',
  fields: z.object({
    values: z.string().describe('JSON object: {"<field id or name>": "value" | true | false}'),
    flatten: z.enum(['true', 'false']).optional(),
  }),
  response: z.object({ filled_pdf: FilledPdfSchema, applied: z.array(z.number().int()) }),
  async run({ ctx, document, pages, title, fields }) {
    let values: Record<string, unknown>;
    try {
      values = JSON.parse(fields.values);
      if (!values || typeof values !== 'object' || Array.isArray(values)) throw new Error();
    } catch {
      throw new ApiError(400, 'invalid_values', 'values must be a JSON object keyed by field id or field name.');
    }
    const built = await contractOf(ctx, document.bytes, title, pages);
    const { toFillerValues } = await import('../domain/direct-fill.ts');
    const { byName, applied } = toFillerValues(built.contract, values);
    const { fillPdf, FillValidationError } = await import('../pdf/fill/index.ts');
    try {
      const pdf = await fillPdf(built.fillablePdf ?? document.bytes, byName, { flatten: fields.flatten === 'true' });
      return { status: 200, body: { filled_pdf: PdfFile(pdf), applied } };
    } catch (err) {
      if (err instanceof FillValidationError) throw new ApiError(422, 'invalid_value', err.message, { issues: err.issues });
      throw err;
    }
  },
});

export const readRoute = definePayRoute({
  route: 'read',
  summary: 'Read the values out of a filled PDF',
  description: 'Every AcroForm field of the PDF with its label, type, page and value (checkboxes as true/false). Synchronous and ephemeral.',
  response: z.object({ fields: z.array(z.object({ name: z.string(), label: z.string(), type: z.string(), page: z.number().int(), value: z.union([z.string(), z.boolean()]).nullable() })) }),
  async run({ pdf: opened }) {
    const { readPdfValues, checkboxIsOn } = await import('../pdf/read.ts');
    const { readingPdf } = await import('../pdf/guard.ts');
    const pdf = await readingPdf(() => readPdfValues(opened));
    if (pdf.fields.length === 0) throw new ApiError(422, 'no_form_fields', 'The PDF has no form fields to read.');
    return {
      status: 200,
      body: { fields: pdf.fields.map((f) => ({ name: f.name, label: f.label, type: f.type, page: f.page, value: f.type === 'checkbox' ? checkboxIsOn(f.value) : f.value })) },
    };
  },
});

export const fillWithContextRoute = definePayRoute({
  route: 'fill-with-context',
  summary: 'Fill a PDF form from supporting documents',
  description:
    `Proposes a value for every field of the form (\`file\`; made fillable first when flat or scanned, priced in) from up to ${LIMITS.contextFiles} supporting documents (\`context\`: PDF, scans and photos, DOCX, TXT, CSV/XLSX, JSON), writes the values the policy accepts (safe: high and medium confidence; strict: high), and returns the filled PDF with every field's state, value, confidence, evidence and note. Synchronous and ephemeral: the documents are not kept. A context file that cannot be read, or that is the form itself, is 422 and nothing is charged.`,
  files: { file: 1, context: LIMITS.contextFiles },
  fields: z.object({ policy: z.enum(['safe', 'strict']).optional() }),
  response: z.object({
    filled_pdf: FilledPdfSchema,
    fields: z.array(z.object({ field_id: z.number().int(), label: z.string(), state: z.string(), value: z.string().nullable(), origin: z.string().nullable(), confidence: z.string().nullable(), evidence: z.array(z.unknown()), note: z.string().nullable() })),
  }),
  async run({ ctx, document, files, fields, pages, title }) {
    const context = files.context ?? [];
    const same = context.find((f) => f.sha256 === document.sha256);
    if (same) throw new ApiError(422, 'document_same_as_form', `The context file "${same.filename}" is the form itself.`);
    const { admitContextDocuments } = await import('../domain/context-jobs.ts');
    await admitContextDocuments(context); // 413 past the input limits; nothing is charged
    const built = await contractOf(ctx, document.bytes, title, pages);
    const formPdf = built.fillablePdf ?? document.bytes;
    // The same use case as the account's with-context job: same LLM settings, same handling of a
    // value the PDF refuses (dropped, shown for review, the rest written).
    const documents = context.map((f, i) => ({ id: `context-${i + 1}`, name: f.filename || `context-${i + 1}`, mimetype: f.mimetype, bytes: f.bytes }));
    const { fields: proposed } = await proposeFieldValues(ctx, { contract: built.contract, formPdf, documents, policy: fields.policy ?? 'safe' });
    const { pdf, refused } = await writeAcceptedValues(built.contract, proposed, formPdf);
    const shown = proposed.map(({ alternatives: _a, ...f }) =>
      refused.has(f.field_id) ? { ...f, state: 'review' as const, note: `The form refused this value (${refused.get(f.field_id)}); it was not written.` } : f,
    );
    return { status: 200, body: { filled_pdf: PdfFile(pdf), fields: shown } };
  },
});

/**
 * The paid routes this server serves. To add one (fax), write a
 * `definePayRoute({ route, summary, description, files?, fields?, response, run })` above and
 * list it here: pricing (pricing/prices.json), the 402, both protocols, docs and discovery follow.
 */
export const PAY_ROUTE_DEFINITIONS: PayRouteDefinition[] = [makeFillableRoute, fillRoute, readRoute, fillWithContextRoute] as PayRouteDefinition[];

// ── Free quote ───────────────────────────────────────────────────────────────────────────────

const QuoteRequest = z.object({
  pages: z.number().int().min(1).max(LIMITS.pages).describe('page count of the document'),
  fillable: z.boolean().describe('whether the PDF already has form fields'),
});
const RoutePrice = z.object({
  path: z.string(),
  available: z.boolean().describe('served by this server now'),
  micro_usd: z.number().int(),
  usd: z.string(),
  usdc_atomic: z.string().describe('x402 amount (USDC, 6 decimals)'),
  card: z.object({ amount_cents: z.number().int(), usd: z.string(), offered: z.boolean() }),
  breakdown: z.array(z.object({ kind: z.string(), micro_usd: z.number().int() })),
});
const QuoteResponse = z.object({
  pages: z.number().int(),
  fillable: z.boolean(),
  currency: z.literal('usd'),
  price_list_version: z.string(),
  routes: z.record(z.string(), RoutePrice),
  payment: z.object({
    x402: z.object({ network: z.string(), asset: z.string(), pay_to: z.string() }).nullable(),
    mpp: z.object({ method: z.literal('stripe'), intent: z.literal('charge'), card_minimum_cents: z.number().int() }).nullable(),
  }),
});

describeRoute({
  method: 'post', path: '/pay/quote', tag: 'Pay per call', auth: false, summary: 'Price check (free)',
  description: 'Exact prices of every pay-per-call route for a document of `pages` pages, already fillable or not. The 402 of a paid route quotes the uploaded document itself, with the same numbers.',
  json: QuoteRequest,
  responses: { 200: { description: 'Prices per route.', body: QuoteResponse }, 400: { description: 'Invalid pages or fillable.' } },
});

// ── Router ───────────────────────────────────────────────────────────────────────────────────

export function payRouter(ctx: AppContext): Router {
  const doors = paymentDoors(ctx.config); // resolves the configuration now: a half-configured door stops the start
  const r = Router();
  r.use('/pay', paymentCors);

  r.post('/pay/quote', express.json({ limit: '16kb' }), (req, res) => {
    const body = parse(QuoteRequest, req.body ?? {});
    const list = priceList();
    const live = new Set(PAY_ROUTE_DEFINITIONS.map((d) => d.route));
    const routes = Object.fromEntries(
      PAY_ROUTES.map((route) => {
        const q = quote(list, route, body.pages, body.fillable);
        return [
          route,
          {
            path: `/pay/${route}`,
            available: live.has(route),
            micro_usd: q.micros,
            usd: microsToUsd(q.micros),
            usdc_atomic: String(q.micros),
            card: { amount_cents: q.cents, usd: centsToUsd(q.cents), offered: Boolean(doors.mpp) && q.cardAllowed },
            breakdown: q.breakdown.map((b) => ({ kind: b.kind, micro_usd: b.micros })),
          },
        ];
      }),
    );
    res.setHeader('Cache-Control', 'no-store');
    res.json(
      QuoteResponse.parse({
        pages: body.pages,
        fillable: body.fillable,
        currency: 'usd',
        price_list_version: list.version,
        routes,
        payment: {
          x402: doors.x402 ? { network: doors.x402.settings.network, asset: doors.x402.settings.asset, pay_to: doors.x402.settings.payTo } : null,
          mpp: doors.mpp ? { method: 'stripe', intent: 'charge', card_minimum_cents: list.pay_per_call.card_minimum_cents } : null,
        },
      }),
    );
  });

  for (const def of PAY_ROUTE_DEFINITIONS) r.post(`/pay/${def.route}`, ...payRouteHandlers(ctx, def));
  return r;
}
