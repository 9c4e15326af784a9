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
import { makeFillable } from '../use-cases/forms/make-fillable.ts';
import { fillPdf } from '../use-cases/filled/fill-pdf.ts';
import { readPdfFields } from '../use-cases/filled/read-pdf-fields.ts';
import { fillPdfFromDocuments } from '../use-cases/context/fill-pdf-from-documents.ts';
import { definePayRoute, payRouteHandlers, type PayRouteDefinition } from '../payments/gate.ts';
import { paymentCors } from '../payments/cors.ts';
import { paymentDoors } from '../payments/doors.ts';
import { centsToUsd, microsToUsd, PAY_ROUTES, priceList, quote } from '../payments/pricing.ts';
import { faxSettings } from '../fax/settings.ts';
import { faxRoute } from './pay-fax.ts';
import { catalogIndex } from '../library/search-index.ts';
import { obtainCatalogBlank } from '../use-cases/library/obtain-blank.ts';
import { Revision } from './library.ts';

// ── Paid routes ──────────────────────────────────────────────────────────────────────────────

const FillablePdfSchema = z.object({
  base64: z.string().describe('the fillable PDF, base64'),
  bytes: z.number().int(),
  sha256: z.string().describe('hex SHA-256 of the PDF bytes'),
});

/** The make-fillable answer for a document: its contract and the fillable PDF (the file itself when it already has fields). */
async function fillableAnswer(ctx: AppContext, document: { bytes: Uint8Array }, pages: number, title: string) {
  const built = await makeFillable(ctx, { bytes: document.bytes, title, pageCount: pages });
  const pdf = Buffer.from(built.fillablePdf ?? document.bytes);
  return {
    contract: ContractSchema.parse(built.contract),
    fillable_pdf: { base64: pdf.toString('base64'), bytes: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') },
  };
}

export const makeFillableRoute = definePayRoute({
  route: 'make-fillable',
  path: '/pay/make-fillable',
  summary: 'Make a PDF fillable',
  description:
    'Detects the fields of a flat or scanned PDF (≤ 10 MB, ≤ 100 pages) and returns its contract and the fillable PDF; a PDF that already has fields returns their contract and the file itself. Synchronous and ephemeral: nothing is kept.',
  response: z.object({ contract: ContractSchema, fillable_pdf: FillablePdfSchema }),
  async run({ ctx, document, pages, title }) {
    return { status: 200, body: await fillableAnswer(ctx, document, pages, title) };
  },
});

// The library's blank of `library_id` (GET /library/search finds it, free), made fillable: the
// twin of POST /library/forms/{id}/create for callers without an account, priced as one creation
// (make_fillable) for the blank's page count. Asking for the quote fetches the blank at most once
// per LIBRARY_RECHECK_HOURS, and only from the catalog's own addresses.
const LibraryCreateFields = z.object({ library_id: z.string().min(1).max(100).describe('a library id from GET /library/search') });
export const libraryCreateRoute = definePayRoute({
  route: 'library-create',
  path: '/pay/library-create',
  summary: 'Make a library blank fillable',
  description:
    'Takes the official blank `library_id` (find it free with GET /library/search), fetched from the agency or the cached copy, and returns its contract and the fillable PDF, as make-fillable does for an upload. JSON body {"library_id": "…"}. The quote is for the blank\'s page count and bound to its SHA-256. An unknown id is 404; an unreachable source 503 (source_unreachable), a bad answer 502 (source_error), both before any quote. Synchronous and ephemeral.',
  fields: LibraryCreateFields,
  response: z.object({ library_id: z.string(), revision: Revision.pick({ sha256: true, page_count: true, fillable: true, bytes: true }), contract: ContractSchema, fillable_pdf: FillablePdfSchema }),
  async documentOf(ctx, fields) {
    const { entry, revision, bytes } = await obtainCatalogBlank(ctx, catalogIndex(ctx.config.LIBRARY_CATALOG_DIR), fields.library_id);
    return { field: 'file', filename: `${entry.number} ${entry.title}.pdf`, mimetype: 'application/pdf', bytes, sha256: revision.sha256 };
  },
  async run({ ctx, document, pages, fillable, title, fields }) {
    const revision = { sha256: document.sha256, page_count: pages, fillable, bytes: document.bytes.length };
    return { status: 200, body: { library_id: fields.library_id, revision, ...(await fillableAnswer(ctx, document, pages, title)) } };
  },
});

const FilledPdfSchema = FillablePdfSchema.extend({ base64: z.string().describe('the filled PDF, base64') });
const PdfFile = (pdf: Uint8Array) => {
  const buf = Buffer.from(pdf);
  return { base64: buf.toString('base64'), bytes: buf.length, sha256: createHash('sha256').update(buf).digest('hex') };
};

export const fillRoute = definePayRoute({
  route: 'fill',
  path: '/pay/fill',
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
    const { pdf, applied } = await fillPdf(ctx, { form: document, title, pageCount: pages, values, flatten: fields.flatten === 'true' });
    return { status: 200, body: { filled_pdf: PdfFile(pdf), applied } };
  },
});

export const readRoute = definePayRoute({
  route: 'read',
  path: '/pay/read',
  summary: 'Read the values out of a filled PDF',
  description: 'Every AcroForm field of the PDF with its label, type, page and value (checkboxes as true/false). Synchronous and ephemeral.',
  response: z.object({ fields: z.array(z.object({ name: z.string(), label: z.string(), type: z.string(), page: z.number().int(), value: z.union([z.string(), z.boolean()]).nullable() })) }),
  async run({ ctx, document }) {
    return { status: 200, body: { fields: await readPdfFields(ctx, document.bytes) } };
  },
});

export const fillWithContextRoute = definePayRoute({
  route: 'fill-with-context',
  path: '/pay/fill-with-context',
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
    const { pdf, fields: shown } = await fillPdfFromDocuments(ctx, { form: document, title, pageCount: pages, context: files.context ?? [], policy: fields.policy ?? 'safe' });
    return { status: 200, body: { filled_pdf: PdfFile(pdf), fields: shown } };
  },
});

/**
 * The paid routes this server serves. To add one, write a
 * `definePayRoute({ route, path, summary, description, files?, fields?, response, run })` above (or
 * in its own file, like pay-fax.ts), list it here and serve it in `payRouter` below: pricing
 * (pricing/prices.json), the 402, both protocols, docs and discovery follow.
 */
export const PAY_ROUTE_DEFINITIONS: PayRouteDefinition[] = [makeFillableRoute, fillRoute, readRoute, fillWithContextRoute, faxRoute, libraryCreateRoute] as PayRouteDefinition[];

/** The paid routes this deployment can serve now (fax needs a fax provider). */
export const liveRoutes = (ctx: AppContext) => PAY_ROUTE_DEFINITIONS.filter((d) => d.route !== 'fax' || faxSettings(ctx.config));

// ── Free quote ───────────────────────────────────────────────────────────────────────────────

export const QuoteRequest = z.object({
  pages: z.number().int().min(1).max(LIMITS.pages).describe('page count of the document'),
  fillable: z.boolean().describe('whether the PDF already has form fields'),
});
const LibraryQuoteRequest = z.object({ library_id: z.string().min(1).max(100).describe('a library id: the prices for its blank (fetched or cached)') });
const RoutePrice = z.object({
  path: z.string(),
  available: z.boolean().describe('served by this server now'),
  micro_usd: z.number().int(),
  usd: z.string(),
  usdc_atomic: z.string().describe('x402 amount (USDC, 6 decimals)'),
  card: z.object({ amount_cents: z.number().int(), usd: z.string(), offered: z.boolean() }),
  breakdown: z.array(z.object({ kind: z.string(), micro_usd: z.number().int() })),
});
export const QuoteResponse = z.object({
  pages: z.number().int(),
  fillable: z.boolean(),
  currency: z.literal('usd'),
  price_list_version: z.string(),
  routes: z.record(z.string(), RoutePrice),
  library: z.object({ library_id: z.string(), sha256: z.string() }).optional().describe('the blank priced, when asked by library_id'),
  payment: z.object({
    x402: z.object({ network: z.string(), asset: z.string(), pay_to: z.string() }).nullable(),
    mpp: z.object({ method: z.literal('stripe'), intent: z.literal('charge'), card_minimum_cents: z.number().int() }).nullable(),
  }),
});

describeRoute({
  method: 'post', path: '/pay/quote', tag: 'Pay per call', auth: false, summary: 'Price check (free)',
  description: 'Exact prices of every pay-per-call route for a document of `pages` pages, already fillable or not, or for the library blank `library_id` (its page count and fillability; library-create is the route that takes it). The 402 of a paid route quotes the uploaded document itself, with the same numbers.',
  json: z.union([QuoteRequest, LibraryQuoteRequest]),
  responses: {
    200: { description: 'Prices per route.', body: QuoteResponse },
    400: { description: 'Invalid pages or fillable.' },
    404: { description: 'No such library form.' },
    502: { description: 'The library blank\'s source answered with an error (source_error).' },
    503: { description: 'The library blank\'s source could not be reached and nothing is cached (source_unreachable).' },
  },
});


/** POST /pay/quote (and the MCP quote tool): exact prices of every route for a document's page count. */
export function priceQuote(ctx: AppContext, doors: ReturnType<typeof paymentDoors>, body: z.infer<typeof QuoteRequest>) {
  const list = priceList();
  const live = new Set(liveRoutes(ctx).map((d) => d.route));
  const routes = Object.fromEntries(
    PAY_ROUTES.map((route) => {
      const q = quote(list, route, body.pages, body.fillable);
      return [
        route,
        {
          path: `/pay/${route}`, // every price-list route, served here or not
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
  return QuoteResponse.parse({
    pages: body.pages,
    fillable: body.fillable,
    currency: 'usd',
    price_list_version: list.version,
    routes,
    payment: {
      x402: doors.x402 ? { network: doors.x402.settings.network, asset: doors.x402.settings.asset, pay_to: doors.x402.settings.payTo } : null,
      mpp: doors.mpp ? { method: 'stripe', intent: 'charge', card_minimum_cents: list.pay_per_call.card_minimum_cents } : null,
    },
  });
}

// ── Router ───────────────────────────────────────────────────────────────────────────────────

export function payRouter(ctx: AppContext): Router {
  const doors = paymentDoors(ctx.config);
  const r = Router();
  r.use('/pay', paymentCors);

  r.post('/pay/quote', express.json({ limit: '16kb' }), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (req.body && typeof req.body === 'object' && 'library_id' in req.body) {
      const { library_id } = parse(LibraryQuoteRequest, req.body);
      const { entry, revision } = await obtainCatalogBlank(ctx, catalogIndex(ctx.config.LIBRARY_CATALOG_DIR), library_id);
      res.json({ ...priceQuote(ctx, doors, { pages: revision.pageCount, fillable: revision.fillable }), library: { library_id: entry.id, sha256: revision.sha256 } });
      return;
    }
    res.json(priceQuote(ctx, doors, parse(QuoteRequest, req.body ?? {})));
  });

  r.post('/pay/make-fillable', ...payRouteHandlers(ctx, makeFillableRoute));
  r.post('/pay/fill', ...payRouteHandlers(ctx, fillRoute));
  r.post('/pay/read', ...payRouteHandlers(ctx, readRoute));
  r.post('/pay/fill-with-context', ...payRouteHandlers(ctx, fillWithContextRoute));
  r.post('/pay/library-create', ...payRouteHandlers(ctx, libraryCreateRoute));
  if (faxSettings(ctx.config)) r.post('/pay/fax', ...payRouteHandlers(ctx, faxRoute));
  return r;
}
