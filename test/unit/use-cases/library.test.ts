// The library use cases (src/use-cases/library/): search, an entry, a cached blank, obtaining a
// blank and creating a form from it, on a real context, with blanks fetched from the local HTTPS
// stand-in for agencies' hosts (test/helpers/agency-stub.ts).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { refusalOf, useCaseContext } from '../../helpers/use-cases.ts';
import { agencyStub, servePdf } from '../../helpers/agency-stub.ts';
import { fillableFormPdf, flatPdf } from '../../helpers/pdfs.ts';
import { buildCatalog } from '../../../src/library/catalog.ts';
import { LibraryIndex } from '../../../src/library/search-index.ts';
import { searchForms } from '../../../src/use-cases/library/search-forms.ts';
import { getLibraryForm } from '../../../src/use-cases/library/get-library-form.ts';
import { getLibraryPdf } from '../../../src/use-cases/library/get-library-pdf.ts';
import { obtainCatalogBlank } from '../../../src/use-cases/library/obtain-blank.ts';
import { createFormFromLibrary } from '../../../src/use-cases/library/create-form-from-library.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let stub: Awaited<ReturnType<typeof agencyStub>>;
let index: LibraryIndex;
let revA: Uint8Array;
let revB: Uint8Array;
let current: Uint8Array;
// Filled in before the context is made: useCaseContext reads its overrides in its own beforeAll,
// which runs after this one.
const overrides: Record<string, string> = { LIBRARY_ALLOW_LOOPBACK: 'true', LIBRARY_FETCH_TIMEOUT_MS: '1500' };
beforeAll(async () => {
  revA = await fillableFormPdf();
  revB = await flatPdf(2);
  current = revA;
  stub = await agencyStub();
  overrides.LIBRARY_EXTRA_CA_FILE = stub.certFile;
  stub.routes.set('/forms/yb-1.pdf', servePdf(() => current));
  stub.routes.set('/forms/gone.pdf', (_q, res) => res.writeHead(404).end());
  index = new LibraryIndex(buildCatalog([{
    name: 'yb.json',
    data: {
      agency: 'YB', agency_name: 'Yonder Bureau', hosts: ['localhost'], source: 'a listing made up for this test',
      forms: [
        { number: 'YB-1', title: 'Application for a Beehive Licence', url: `${stub.origin}/forms/yb-1.pdf`, category: 'agriculture', keywords: ['bees'] },
        { number: 'YB-2', title: 'Notice of a Beehive Move', url: `${stub.origin}/forms/gone.pdf`, category: 'other' },
        { number: 'YB-3', title: 'Claim for Honey Subsidy', url: `${stub.origin}/forms/gone.pdf`, category: 'benefits' },
      ],
    },
  }]));
});
const h = useCaseContext(overrides);
afterAll(() => stub.close());

describe('searchForms', () => {
  test('ranks by number and words, filters by category and pages', () => {
    const byNumber = searchForms(index, { q: 'yb1', page: 1, perPage: 10 });
    expect(byNumber.results[0]).toMatchObject({ id: 'yb-yb1', agency: 'YB', number: 'YB-1', source_url: `${stub.origin}/forms/yb-1.pdf`, keywords: ['bees'], fetched: null });
    const beehive = searchForms(index, { q: 'beehive', page: 1, perPage: 1 });
    expect(beehive).toMatchObject({ query: 'beehive', total: 2, page: 1, per_page: 1 });
    expect(beehive.results).toHaveLength(1);
    const second = searchForms(index, { q: 'beehive', page: 2, perPage: 1 });
    expect(second.results.map((r) => r.id)).not.toContain(beehive.results[0].id);
    expect(searchForms(index, { q: 'beehive', category: 'other', page: 1, perPage: 10 }).results.map((r) => r.id)).toEqual(['yb-yb2']);
    expect(searchForms(index, { q: 'beehive', page: 3, perPage: 1 }).results).toEqual([]);
  });
});

describe('entries and blanks', () => {
  test('an entry before anything was fetched has no revisions; its blank is not_cached; an unknown id is not_found', async () => {
    expect(await getLibraryForm(h.ctx, index, 'yb-yb1')).toMatchObject({ id: 'yb-yb1', title: 'Application for a Beehive Licence', fetched: null, revisions: [] });
    expect(await refusalOf(getLibraryPdf(h.ctx, index, 'yb-yb1'))).toMatchObject({ refusal: 'not_found', code: 'not_cached' });
    expect(await refusalOf(getLibraryForm(h.ctx, index, 'yb-nope'))).toMatchObject({ refusal: 'not_found' });
    expect(await refusalOf(obtainCatalogBlank(h.ctx, index, 'yb-nope'))).toMatchObject({ refusal: 'not_found' });
  });

  test('obtainCatalogBlank fetches and keeps a revision; while fresh it is served from the cache', async () => {
    const hits = stub.hits.length;
    const first = await obtainCatalogBlank(h.ctx, index, 'yb-yb1');
    expect(first.revision).toMatchObject({ formKey: 'yb-yb1', sha256: sha(revA), fillable: true, bytes: revA.length, sourceUrl: `${stub.origin}/forms/yb-1.pdf` });
    expect(sha(first.bytes)).toBe(sha(revA));
    expect(stub.hits.length).toBe(hits + 1);
    const again = await obtainCatalogBlank(h.ctx, index, 'yb-yb1');
    expect(again.revision.id).toBe(first.revision.id);
    expect(stub.hits.length).toBe(hits + 1);
    const pdf = await getLibraryPdf(h.ctx, index, 'yb-yb1');
    expect(sha(pdf.bytes)).toBe(sha(revA));
    expect(await getLibraryForm(h.ctx, index, 'yb-yb1')).toMatchObject({ fetched: { sha256: sha(revA), fillable: true }, revisions: [{ sha256: sha(revA) }] });
  });

  test('once due for a recheck, a changed file becomes a new revision and the earlier one stays', async () => {
    await h.ctx.db.libraryRevision.updateMany({ where: { formKey: 'yb-yb1' }, data: { checkedAt: new Date(0) } });
    current = revB;
    const changed = await obtainCatalogBlank(h.ctx, index, 'yb-yb1');
    expect(changed.revision).toMatchObject({ sha256: sha(revB), pageCount: 2, fillable: false });
    const entry = await getLibraryForm(h.ctx, index, 'yb-yb1');
    expect(entry.fetched?.sha256).toBe(sha(revB));
    expect(entry.revisions.map((r) => r.sha256).sort()).toEqual([sha(revA), sha(revB)].sort());
    expect(sha((await getLibraryPdf(h.ctx, index, 'yb-yb1', sha(revA))).bytes)).toBe(sha(revA));
    expect(await refusalOf(getLibraryPdf(h.ctx, index, 'yb-yb1', '0'.repeat(64)))).toMatchObject({ refusal: 'not_found', code: 'revision_not_found' });
  });

  test('a failing source with a revision cached serves the latest one and logs why', async () => {
    await h.ctx.db.libraryRevision.updateMany({ where: { formKey: 'yb-yb1' }, data: { checkedAt: new Date(0) } });
    const serve = stub.routes.get('/forms/yb-1.pdf')!;
    stub.routes.set('/forms/yb-1.pdf', (_q, res) => res.writeHead(503).end());
    const warn = vi.spyOn(h.ctx.log, 'warn');
    try {
      const cached = await obtainCatalogBlank(h.ctx, index, 'yb-yb1');
      expect(sha(cached.bytes)).toBe(sha(revB));
      expect(warn).toHaveBeenCalledWith({ form: 'yb-yb1', source: new URL(stub.origin).host, failure: 'bad_status' }, expect.stringContaining('cached revision'));
    } finally {
      warn.mockRestore();
      stub.routes.set('/forms/yb-1.pdf', serve);
    }
  });

  test('a failing source with nothing cached is source_error naming the source; nothing is kept', async () => {
    expect(await refusalOf(obtainCatalogBlank(h.ctx, index, 'yb-yb2'))).toMatchObject({ refusal: 'upstream_failed', code: 'source_error', extra: { source: new URL(stub.origin).host, reason: 'bad_status' } });
    expect(await h.ctx.db.libraryRevision.count({ where: { formKey: 'yb-yb2' } })).toBe(0);
  });
});

describe('createFormFromLibrary', () => {
  test('makes a processing form of the owner from the rechecked blank', async () => {
    await h.ctx.db.libraryRevision.updateMany({ where: { formKey: 'yb-yb1' }, data: { checkedAt: new Date(0) } });
    current = revA;
    const created = await createFormFromLibrary(h.ctx, index, { ownerId: h.ownerId, libraryId: 'yb-yb1' });
    expect(created).toMatchObject({ status: 'processing', library_id: 'yb-yb1', revision: { sha256: sha(revA), fillable: true, page_count: 2 } });
    const form = await h.ctx.db.form.findUniqueOrThrow({ where: { id: created.form_id } });
    expect(form).toMatchObject({ ownerId: h.ownerId, sourceSha256: sha(revA), status: 'processing' });
  });

  test('an unknown id or a refused callback URL is refused before the source is asked', async () => {
    const hits = stub.hits.length;
    expect(await refusalOf(createFormFromLibrary(h.ctx, index, { ownerId: h.ownerId, libraryId: 'yb-nope' }))).toMatchObject({ refusal: 'not_found' });
    expect(await refusalOf(createFormFromLibrary(h.ctx, index, { ownerId: h.ownerId, libraryId: 'yb-yb3', callbackUrl: 'https://10.0.0.1/hook' }))).toMatchObject({ refusal: 'invalid', code: 'invalid_callback_url' });
    expect(stub.hits.length).toBe(hits);
  });
});
