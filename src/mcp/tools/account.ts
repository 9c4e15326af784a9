// The account and the catalog: usage, the price list and quotes, library search, faxing, and the
// upload URLs that let a client hand over large files without base64.
import { z } from 'zod';
import { UsageSchema } from '../../api/usage.ts';
import { PricingSchema, pricingDocument } from '../../api/pricing.ts';
import { priceQuote, QuoteRequest, QuoteResponse } from '../../api/pay.ts';
import { SearchQuery, SearchResult } from '../../api/library.ts';
import { CoverFields, coverOf } from '../../api/fax.ts';
import { parseId } from '../../api/validate.ts';
import { paymentDoors } from '../../payments/doors.ts';
import { LIMITS } from '../../limits.ts';
import { retentionFor } from '../../store/forms.ts';
import { getUsage } from '../../use-cases/usage/get-usage.ts';
import { searchForms } from '../../use-cases/library/search-forms.ts';
import { sendFax } from '../../use-cases/fax/send-fax.ts';
import { getAccountFax } from '../../use-cases/fax/get-fax.ts';
import { FaxSchema, faxView } from '../../use-cases/fax/fax-view.ts';
import { createUploadUrl } from '../../use-cases/links/signed-links.ts';
import { defineTool, type Door } from '../door.ts';
import { FileArg, resolveFile } from '../files.ts';

export function accountTools(door: Door): void {
  const { ctx, ownerId } = door;

  defineTool(door, 'get_usage', {
    title: 'Usage this month',
    description: 'Billed actions of your account this month, per kind (create, with_context, standard_fill, verify, read, fax_page).',
    input: {},
    output: UsageSchema,
    kind: 'read',
  }, async () => {
    const usage = UsageSchema.parse(await getUsage(ctx, ownerId));
    return { value: usage, summary: `${usage.period}: ${usage.create} create, ${usage.with_context} with_context, ${usage.standard_fill} standard_fill, ${usage.verify} verify, ${usage.read} read, ${usage.fax_page} fax pages.` };
  });

  defineTool(door, 'get_pricing', {
    title: 'Price list',
    description: 'Every kind’s price, the monthly free allowance and page cap, and pay-per-call prices.',
    input: {},
    output: PricingSchema,
    kind: 'read',
  }, async () => {
    const list = pricingDocument();
    return { value: list, summary: `Price list ${list.version} (micro-USD).` };
  });

  defineTool(door, 'quote_price', {
    title: 'Quote a price',
    description: 'Exact pay-per-call price of every route for a document of `pages` pages, already fillable or not. Free.',
    input: QuoteRequest.shape,
    output: QuoteResponse,
    kind: 'read',
  }, async (args) => {
    const q = priceQuote(ctx, paymentDoors(ctx.config), args);
    return { value: q, summary: Object.entries(q.routes).map(([route, p]) => `${route} $${p.usd}`).join(', ') };
  });

  defineTool(door, 'search_library', {
    title: 'Search official blank forms',
    description: 'Finds official blank forms (IRS, USCIS, SSA, …) by name or number; create_form_from_library makes a form of a result.',
    input: { q: SearchQuery.shape.q, agency: SearchQuery.shape.agency, category: SearchQuery.shape.category, language: SearchQuery.shape.language, page: z.number().int().min(1).max(1000).optional(), per_page: z.number().int().min(1).max(100).optional() },
    output: SearchResult,
    kind: 'read',
  }, async (args) => {
    const found = SearchResult.parse(searchForms(door.library, { q: args.q.trim(), agency: args.agency, category: args.category, language: args.language, page: args.page ?? 1, perPage: args.per_page ?? 10 }));
    return { value: found, summary: `${found.total} match(es)${found.results[0] ? `; best: ${found.results[0].number} ${found.results[0].title} (${found.results[0].id})` : ''}.` };
  });

  defineTool(door, 'send_fax', {
    title: 'Fax a PDF',
    description: 'Faxes a PDF (a filled session, an artifact, a URL or an upload) to one number (US and Canada by default). Billed per transmitted page at delivery; a failed fax costs nothing. The same document to the same number within 10 minutes is not sent twice.',
    input: { to: z.string().min(3).max(40).describe('E.164 (+12025550143) or national'), file: FileArg, ...CoverFields.shape },
    output: FaxSchema.extend({ duplicate: z.boolean() }),
    kind: 'write',
    openWorld: true,
  }, async (args) => {
    const file = await resolveFile(door, args.file);
    const retention = await retentionFor(ctx, ownerId, 'account_default');
    const sent = await sendFax(ctx, { ownerId, source: { kind: 'upload', file: { ...file, field: 'file', bytes: Buffer.from(file.bytes) } }, to: args.to, cover: coverOf(args), retention });
    const fax = faxView(sent.fax);
    return { value: { ...fax, duplicate: !sent.created }, summary: `Fax ${fax.fax_id} ${fax.status}${sent.created ? '' : ' (already sent within 10 minutes)'}.` };
  });

  defineTool(door, 'get_fax', {
    title: 'Get a fax',
    description: 'A fax’s status: queued, sending, delivered or failed.',
    input: { fax_id: z.string() },
    output: FaxSchema,
    kind: 'read',
  }, async (args) => {
    const fax = faxView(await getAccountFax(ctx, ownerId, parseId(args.fax_id, 'fax')));
    return { value: fax, summary: `Fax ${fax.fax_id}: ${fax.status}.` };
  });

  defineTool(door, 'create_upload_url', {
    title: 'Get an upload URL',
    description: `A short-lived URL to PUT one file's bytes to (≤ ${LIMITS.fileBytes / 1024 / 1024} MB, no key needed); then pass {"upload_id": …} as the file argument of any tool. The URL is valid for 15 minutes, the upload_id for an hour, for your account only.`,
    input: { filename: z.string().max(255).optional() },
    output: z.object({ upload_id: z.string(), upload_url: z.string(), method: z.literal('PUT'), expires_at: z.string(), usable_until: z.string() }),
    kind: 'write',
  }, async (args) => {
    const up = await createUploadUrl(ctx, ownerId, args.filename ?? 'upload');
    return { value: up, summary: `PUT the file to the upload_url (until ${up.expires_at}), then pass {"upload_id": "…"} to a tool.` };
  });
}
