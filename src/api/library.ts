// /library (issue #20): find an official blank form by name or number and make a form of it.
// Searching, reading an entry and downloading a cached blank are open (no key): they cost a lookup
// in memory or a stored file, and finding the form is how a caller decides to use the service.
// Creating a form is an account's action, billed like POST /forms.
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parse } from './validate.ts';
import { callerOf } from '../http/auth.ts';
import { withIdempotency } from '../http/idempotency.ts';
import { CATEGORIES } from '../library/catalog.ts';
import type { LibraryIndex } from '../library/search-index.ts';
import { searchForms } from '../use-cases/library/search-forms.ts';
import { getLibraryForm } from '../use-cases/library/get-library-form.ts';
import { getLibraryPdf } from '../use-cases/library/get-library-pdf.ts';
import { createFormFromLibrary } from '../use-cases/library/create-form-from-library.ts';

export const SearchQuery = z.object({
  q: z.string().trim().min(1, 'q is required').max(200),
  agency: z.string().max(20).optional(),
  category: z.enum(CATEGORIES).optional(),
  language: z.string().regex(/^[a-zA-Z]{2}$/).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});
const LibraryIdParams = z.object({ id: z.string().max(100) });
const PdfQuery = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/).optional() });
const CreateBody = z.object({
  callback_url: z.string().max(2048).optional(),
  retention: z.enum(['keep', 'ephemeral', 'account_default']).optional(),
});
export const Revision = z.object({ sha256: z.string(), page_count: z.number().int(), fillable: z.boolean(), bytes: z.number().int(), fetched_at: z.string(), checked_at: z.string() });
const LibraryForm = z.object({
  id: z.string(),
  agency: z.string(),
  agency_name: z.string(),
  number: z.string(),
  title: z.string(),
  revision: z.string().nullable().describe("the edition the agency's listing named when the catalog was built"),
  languages: z.array(z.string()),
  category: z.string(),
  keywords: z.array(z.string()),
  source_url: z.string(),
  fetched: Revision.nullable().describe('the latest revision fetched from the source, or null before the first fetch'),
});
export const SearchResult = z.object({ query: z.string(), total: z.number().int(), page: z.number().int(), per_page: z.number().int(), results: z.array(LibraryForm.extend({ score: z.number() })) });
export const LibraryCreated = z.object({ form_id: z.string(), status: z.literal('processing'), library_id: z.string(), revision: Revision });
const SOURCE_ERRORS = {
  502: { description: 'The official source answered with an error or something other than a PDF (source_error; the source host is named).' },
  503: { description: 'The official source could not be reached or timed out, and no copy is cached (source_unreachable; Retry-After).' },
};

describeRoute({
  method: 'get', path: '/library/search', tag: 'Library', auth: false, summary: 'Search the library of official blank forms',
  description: 'Form numbers in any spelling ("I-765", "i765", "Form 1040-SR", "SF 86"), titles and everyday words, typo-tolerant, best first. Free, no key.',
  query: SearchQuery,
  responses: { 200: { description: 'Ranked matches.', body: SearchResult }, 400: { description: 'Missing q or a bad filter.' } },
});
describeRoute({ method: 'get', path: '/library/forms/:id', tag: 'Library', auth: false, summary: 'One library form and its fetched revisions', params: LibraryIdParams, responses: { 200: { description: 'The entry.', body: LibraryForm.extend({ revisions: z.array(Revision) }) }, 404: { description: 'No such library form.' } } });
describeRoute({
  method: 'get', path: '/library/forms/:id/pdf', tag: 'Library', auth: false, summary: 'Download a cached blank', params: LibraryIdParams, query: PdfQuery,
  responses: { 200: { description: 'The blank PDF as the source served it (latest revision, or the one named by sha256).', body: 'pdf' }, 404: { description: 'No such form, not fetched yet (not_cached), or no revision with that sha256.' } },
});
describeRoute({
  method: 'post', path: '/library/forms/:id/create', tag: 'Library', summary: 'Create a form from a library blank',
  description: 'Fetches the blank from its official source (or uses the cached copy fetched within LIBRARY_RECHECK_HOURS) and creates a form exactly as POST /forms does: same limits, job, contract, callbacks and billing (one make_fillable creation). A changed source file becomes a new revision; forms keep the revision they were made from.',
  params: LibraryIdParams, json: CreateBody,
  headers: { 'Idempotency-Key': { description: 'Same key + same request → 200 with the original response (24 h, per account).' } },
  responses: {
    202: { description: 'Accepted; the contract is built in the background.', body: LibraryCreated },
    200: { description: 'Idempotent replay.', body: LibraryCreated },
    400: { description: 'Bad callback_url or retention.' },
    402: { description: 'Over the free tier with no payment method.' },
    404: { description: 'No such library form.' },
    413: { description: 'The source served a file over the upload limits (size, pages, images).' },
    ...SOURCE_ERRORS,
  },
});

/** The routes open to anyone: search, entries, cached blanks. */
export function libraryOpenRouter(ctx: AppContext, index: LibraryIndex): Router {
  const r = Router();
  r.get('/library/search', (req, res) => {
    const q = parse(SearchQuery, req.query);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(searchForms(index, { q: q.q, agency: q.agency, category: q.category, language: q.language, page: q.page, perPage: q.per_page }));
  });
  r.get('/library/forms/:id', async (req, res) => {
    res.json(await getLibraryForm(ctx, index, String(req.params.id)));
  });
  r.get('/library/forms/:id/pdf', async (req, res) => {
    const { sha256 } = parse(PdfQuery, req.query);
    const { entry, revision, bytes } = await getLibraryPdf(ctx, index, String(req.params.id), sha256);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('ETag', `"${revision.sha256}"`);
    res.setHeader('Content-Disposition', `attachment; filename="${entry.id}.pdf"`);
    res.send(bytes);
  });
  return r;
}

/** The routes that need an API key: creating a form. */
export function libraryRouter(ctx: AppContext, index: LibraryIndex): Router {
  const r = Router();
  r.post('/library/forms/:id/create', async (req, res) => {
    const { accountId } = callerOf(req);
    const body = parse(CreateBody, req.body ?? {});
    const result = await withIdempotency(ctx, req, accountId, async () => ({
      status: 202,
      body: await createFormFromLibrary(ctx, index, { ownerId: accountId, libraryId: String(req.params.id), callbackUrl: body.callback_url, retention: body.retention }),
    }));
    if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.setHeader('Location', `/forms/${(result.body as { form_id: string }).form_id}`);
    res.status(result.status).json(result.body);
  });
  return r;
}
