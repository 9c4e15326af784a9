// The fetch-document use case (src/use-cases/documents/fetch-document.ts): a document named by URL,
// fetched from a local HTTPS stand-in (test/helpers/agency-stub.ts) trusted through
// DOCUMENT_URL_EXTRA_CA_FILE, on a real context.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { refusalOf, useCaseContext } from '../../helpers/use-cases.ts';
import { agencyStub, servePdf } from '../../helpers/agency-stub.ts';
import { fillableFormPdf } from '../../helpers/pdfs.ts';
import { fetchDocument } from '../../../src/use-cases/documents/fetch-document.ts';
import { LIMITS } from '../../../src/limits.ts';

let stub: Awaited<ReturnType<typeof agencyStub>>;
let pdf: Uint8Array;
// Filled in before the context is made: useCaseContext reads its overrides in its own beforeAll,
// which runs after this one.
const overrides: Record<string, string> = { DOCUMENT_URL_ALLOW_LOOPBACK: 'true', DOCUMENT_URL_TIMEOUT_MS: '1500' };
beforeAll(async () => {
  pdf = await fillableFormPdf();
  stub = await agencyStub();
  overrides.DOCUMENT_URL_EXTRA_CA_FILE = stub.certFile;
  stub.routes.set('/docs/W%209%20form.pdf', servePdf(() => pdf));
  stub.routes.set('/moved', (_q, res) => res.writeHead(302, { Location: '/docs/W%209%20form.pdf' }).end());
  stub.routes.set('/slow.pdf', () => undefined); // accepts, never answers
  stub.routes.set('/huge.pdf', (_q, res) => {
    // No Content-Length: the limit must be enforced while reading, not only from the header.
    res.writeHead(200, { 'Content-Type': 'application/pdf' });
    res.write('%PDF-1.7\n');
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    for (let i = 0; i <= LIMITS.fileBytes / chunk.length; i++) res.write(chunk);
    res.end();
  });
  stub.routes.set('/gone.pdf', (_q, res) => res.writeHead(404).end());
});
const h = useCaseContext(overrides);
afterAll(() => stub.close());

describe('fetchDocument', () => {
  test('a PDF at a URL comes back as an uploaded document: its bytes, hash, type and decoded file name', async () => {
    const doc = await fetchDocument(h.ctx, `${stub.origin}/docs/W%209%20form.pdf`);
    expect(Buffer.from(doc.bytes).equals(Buffer.from(pdf))).toBe(true);
    expect(doc).toMatchObject({ filename: 'W 9 form.pdf', mimetype: 'application/pdf', sha256: createHash('sha256').update(pdf).digest('hex') });
  });

  test('a redirect is followed, the name comes from where it ended; a given name wins', async () => {
    expect((await fetchDocument(h.ctx, `${stub.origin}/moved`)).filename).toBe('W 9 form.pdf');
    expect((await fetchDocument(h.ctx, `${stub.origin}/moved`, 'mine.pdf')).filename).toBe('mine.pdf');
  });

  test('a private address, plain http to a public host and a non-URL are invalid_url', async () => {
    expect(await refusalOf(fetchDocument(h.ctx, 'https://10.0.0.1/form.pdf'))).toMatchObject({ refusal: 'invalid', code: 'invalid_url' });
    expect(await refusalOf(fetchDocument(h.ctx, 'http://93.184.216.34/form.pdf'))).toMatchObject({ refusal: 'invalid', code: 'invalid_url' });
    expect(await refusalOf(fetchDocument(h.ctx, 'not a url'))).toMatchObject({ refusal: 'invalid', code: 'invalid_url' });
  });

  test('a file over the upload limit is file_too_large, naming the source', async () => {
    expect(await refusalOf(fetchDocument(h.ctx, `${stub.origin}/huge.pdf`))).toMatchObject({ refusal: 'too_large', code: 'file_too_large', extra: { source: new URL(stub.origin).host } });
  });

  test('a source that never answers is source_unreachable after the timeout; a 404 is source_error', async () => {
    expect(await refusalOf(fetchDocument(h.ctx, `${stub.origin}/slow.pdf`))).toMatchObject({ refusal: 'upstream_unavailable', code: 'source_unreachable' });
    expect(await refusalOf(fetchDocument(h.ctx, `${stub.origin}/gone.pdf`))).toMatchObject({ refusal: 'upstream_failed', code: 'source_error', extra: { reason: 'bad_status' } });
  }, 20_000);
});
