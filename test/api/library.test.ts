// /library: free search, and creating a form from an official blank fetched through the guarded
// fetcher from a local HTTPS stand-in for the agencies' hosts.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, dropTestEnv, eventually, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf, flatPdf } from '../helpers/pdfs.ts';
import { agencyStub, servePdf } from '../helpers/agency-stub.ts';
import { fetchBlank } from '../../src/library/fetch-blank.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let stub: Awaited<ReturnType<typeof agencyStub>>;
let catalogDir: string;
let s: TestServer;
let api: ReturnType<typeof client>;
let open: ReturnType<typeof client>;
let revA: Uint8Array;
let revB: Uint8Array;
let current: Uint8Array;

const entries = (origin: string) => ({
  agency: 'XA', agency_name: 'Example Agency', hosts: ['localhost'], source: 'a listing made up for this test',
  forms: [
    { number: 'XA-1', title: 'Application for a Garden Permit', url: `${origin}/forms/xa-1.pdf`, category: 'benefits', keywords: ['garden'] },
    { number: 'XA-2', title: 'Request to Move a Fence', url: `${origin}/old/xa-2.pdf`, category: 'housing' },
    { number: 'XA-3', title: 'Withdrawn Notice of Pond', url: `${origin}/forms/gone.pdf`, category: 'other' },
    { number: 'XA-4', title: 'Statement of Slow Snails', url: `${origin}/forms/slow.pdf`, category: 'other' },
    { number: 'XA-5', title: 'Register of Enormous Maps', url: `${origin}/forms/huge.pdf`, category: 'other' },
    { number: 'XA-6', title: 'Leaflet About Hedges', url: `${origin}/forms/page.pdf`, category: 'other' },
  ],
});

beforeAll(async () => {
  revA = await fillableFormPdf();
  revB = await flatPdf(2);
  current = revA;
  stub = await agencyStub();
  stub.routes.set('/forms/xa-1.pdf', servePdf(() => current));
  stub.routes.set('/old/xa-2.pdf', (_q, res) => res.writeHead(301, { Location: '/forms/xa-2.pdf' }).end());
  stub.routes.set('/forms/xa-2.pdf', servePdf(() => revA));
  stub.routes.set('/forms/slow.pdf', () => undefined); // accepts, never answers
  stub.routes.set('/forms/huge.pdf', (_q, res) => {
    res.writeHead(200, { 'Content-Type': 'application/pdf' });
    res.write('%PDF-1.7\n');
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    for (let i = 0; i < 11; i++) res.write(chunk);
    res.end();
  });
  stub.routes.set('/forms/page.pdf', (_q, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>Moved to our new site</html>'));
  catalogDir = await mkdtemp(join(tmpdir(), 'catalog-'));
  await writeFile(join(catalogDir, 'xa.json'), JSON.stringify(entries(stub.origin)));
  s = await startServer({
    overrides: { LIBRARY_CATALOG_DIR: catalogDir, LIBRARY_ALLOW_LOOPBACK: 'true', LIBRARY_EXTRA_CA_FILE: stub.certFile, LIBRARY_FETCH_TIMEOUT_MS: '1500', LIBRARY_RECHECK_HOURS: '0' },
  });
  api = client(s.url, (await s.account()).key);
  open = client(s.url);
}, 60_000);
afterAll(async () => {
  await s.close();
  await dropTestEnv(s.env);
  await stub.close();
  await rm(catalogDir, { recursive: true, force: true });
});

describe('library search (no key)', () => {
  test('finds by number in another spelling and by words, and pages', async () => {
    const r = await open.get('/library/search?q=xa1');
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toMatchObject({ id: 'xa-xa1', agency: 'XA', title: 'Application for a Garden Permit', fetched: null });
    expect((await open.get('/library/search?q=gardn%20permit')).body.results[0].id).toBe('xa-xa1');
    const paged = await open.get('/library/search?q=of&per_page=1&page=2');
    expect(paged.status).toBe(200);
    expect((await open.get('/library/search?q=fence&category=housing')).body.total).toBe(1);
    expect((await open.get('/library/search?q=fence&category=tax')).body.total).toBe(0);
    expect((await open.get('/library/search')).status).toBe(400);
  });

  test('an entry; an unknown one is 404; the blank is 404 before it is fetched', async () => {
    expect((await open.get('/library/forms/xa-xa6')).body).toMatchObject({ number: 'XA-6', revisions: [] });
    expect((await open.get('/library/forms/nope')).status).toBe(404);
    expect((await open.get('/library/forms/xa-xa6/pdf')).body.error.code).toBe('not_cached');
  });

  test('the OpenAPI document describes the library routes; searching needs no key', async () => {
    const doc = (await open.get('/internal/openapi.json')).body;
    expect(doc.paths['/library/search'].get.security).toEqual([]);
    expect(doc.paths['/library/forms/{id}/pdf'].get.security).toEqual([]);
    expect(Object.keys(doc.paths['/library/forms/{id}/create'].post.responses)).toEqual(expect.arrayContaining(['202', '401', '402', '404', '413', '502', '503']));
  });

  test('creating needs a key', async () => {
    expect((await open.post('/library/forms/xa-xa1/create', {})).status).toBe(401);
  });
});

describe('creating a form from the library', () => {
  let firstFormId: string;

  test('fetches the blank, caches it by hash and makes a form as POST /forms does', async () => {
    const r = await api.post('/library/forms/xa-xa1/create', {});
    expect(r.status).toBe(202);
    expect(r.body.revision).toMatchObject({ sha256: sha(revA), fillable: true });
    firstFormId = r.body.form_id;
    const form = await eventually(async () => {
      const f = await api.get(`/forms/${firstFormId}`);
      return f.body.status === 'ready' ? f.body : undefined;
    }, 30_000, 'form ready');
    expect(form.title).toBeTruthy();
    expect((await api.get(`/forms/${firstFormId}/contract`)).body.field_count).toBeGreaterThan(0);
    const pdf = await open.get('/library/forms/xa-xa1/pdf');
    expect(pdf.status).toBe(200);
    expect(sha(pdf.bytes)).toBe(sha(revA));
    expect(await s.ctx.db.usageEvent.count({ where: { subjectId: firstFormId, kind: 'create' } })).toBe(1);
  }, 40_000);

  test('a changed upstream file becomes a new revision; the earlier form keeps its own', async () => {
    current = revB;
    const r = await api.post('/library/forms/xa-xa1/create', {});
    expect(r.status).toBe(202);
    expect(r.body.revision).toMatchObject({ sha256: sha(revB), page_count: 2, fillable: false });
    const entry = (await open.get('/library/forms/xa-xa1')).body;
    expect(entry.revisions.map((v: { sha256: string }) => v.sha256).sort()).toEqual([sha(revA), sha(revB)].sort());
    expect(entry.fetched.sha256).toBe(sha(revB));
    expect(sha((await open.get(`/library/forms/xa-xa1/pdf?sha256=${sha(revA)}`)).bytes)).toBe(sha(revA));
    expect((await s.ctx.db.form.findUniqueOrThrow({ where: { id: firstFormId } })).sourceSha256).toBe(sha(revA));
  });

  test('the same file again is the same revision', async () => {
    await api.post('/library/forms/xa-xa1/create', {});
    expect(await s.ctx.db.libraryRevision.count({ where: { formKey: 'xa-xa1' } })).toBe(2);
  });

  test('when the source fails, a cached revision is used instead', async () => {
    const serve = stub.routes.get('/forms/xa-1.pdf')!;
    stub.routes.set('/forms/xa-1.pdf', (_q, res) => res.writeHead(503).end());
    try {
      const r = await api.post('/library/forms/xa-xa1/create', {});
      expect(r.status).toBe(202);
      expect(r.body.revision.sha256).toBe(sha(revB));
    } finally {
      stub.routes.set('/forms/xa-1.pdf', serve);
    }
  });

  test('a redirect is followed (and checked)', async () => {
    const r = await api.post('/library/forms/xa-xa2/create', {});
    expect(r.status).toBe(202);
    expect((await s.ctx.db.libraryRevision.findFirstOrThrow({ where: { formKey: 'xa-xa2' } })).sourceUrl).toBe(`${stub.origin}/forms/xa-2.pdf`);
  });

  test('a 404 at the source is a 502 naming the source', async () => {
    const r = await api.post('/library/forms/xa-xa3/create', {});
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'source_error', reason: 'bad_status', source: new URL(stub.origin).host });
    expect(r.body.error.message).toContain('404');
  });

  test('a source that never answers is a 503 after the timeout, not a hang', async () => {
    const started = Date.now();
    const r = await api.post('/library/forms/xa-xa4/create', {});
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('source_unreachable');
    expect(r.headers.get('retry-after')).toBe('60');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test('an oversized file is refused by the upload limit while it streams', async () => {
    const r = await api.post('/library/forms/xa-xa5/create', {});
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('file_too_large');
  });

  test('something other than a PDF is a 502', async () => {
    const r = await api.post('/library/forms/xa-xa6/create', {});
    expect(r.status).toBe(502);
    expect(r.body.error.reason).toBe('not_pdf');
  });

  test('nothing was created for the refused fetches', async () => {
    expect(await s.ctx.db.libraryRevision.count({ where: { formKey: { in: ['xa-xa3', 'xa-xa4', 'xa-xa5', 'xa-xa6'] } } })).toBe(0);
  });
});

describe('the fetcher guard', () => {
  test('refuses loopback unless allowed, and an untrusted certificate', async () => {
    const url = `${stub.origin}/forms/xa-1.pdf`;
    await expect(fetchBlank(url, { timeoutMs: 1000, allowLoopback: false })).rejects.toMatchObject({ failure: 'refused_url' });
    await expect(fetchBlank(url, { timeoutMs: 1000, allowLoopback: true })).rejects.toMatchObject({ failure: "unreachable", message: expect.stringMatching(/certificate/) });
    await expect(fetchBlank(url.replace('https:', 'http:'), { timeoutMs: 1000, allowLoopback: false })).rejects.toMatchObject({ failure: 'refused_url' });
    await expect(fetchBlank('https://10.0.0.1/x.pdf', { timeoutMs: 1000, allowLoopback: true })).rejects.toMatchObject({ failure: 'refused_url' });
  });
});
