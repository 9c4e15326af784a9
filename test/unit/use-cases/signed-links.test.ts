// The signed-link use cases (src/use-cases/links/signed-links.ts): download and upload links on a
// real context, with the link secret the service keeps in the database (no LINK_SIGNING_SECRET).
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readyFormOf, refusalOf, useCaseContext } from '../../helpers/use-cases.ts';
import { fillableFormPdf } from '../../helpers/pdfs.ts';
import { createUploadUrl, downloadLink, downloadPdf, DOWNLOAD_TTL_SECONDS, openDownloadToken, readUpload, receiveUpload, UPLOAD_ID_TTL_SECONDS } from '../../../src/use-cases/links/signed-links.ts';

const h = useCaseContext();
const tokenOf = (url: string) => url.split('/').pop()!;
/** The token with its payload rewritten (the signature kept), as someone forging a link would. */
const forged = (token: string, change: Record<string, unknown>) => {
  const [body, signature] = token.split('.');
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  return `${Buffer.from(JSON.stringify({ ...payload, ...change })).toString('base64url')}.${signature}`;
};
const later = (seconds: number) => vi.spyOn(Date, 'now').mockReturnValue(Date.now() + seconds * 1000);
afterEach(() => vi.restoreAllMocks());

describe('download links', () => {
  test('a link opens to what it names, and downloadPdf gives the owner’s document', async () => {
    const pdf = await fillableFormPdf();
    const formId = await readyFormOf(h.ctx, h.ownerId, pdf);
    const link = await downloadLink(h.ctx, h.ownerId, 'fillable', formId);
    expect(link.url.startsWith(`${h.ctx.config.PUBLIC_BASE_URL}/downloads/`)).toBe(true);
    expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan((DOWNLOAD_TTL_SECONDS - 60) * 1000);
    const opened = await openDownloadToken(h.ctx, tokenOf(link.url));
    expect(opened).toEqual({ ownerId: h.ownerId, kind: 'fillable', id: formId });
    const file = await downloadPdf(h.ctx, { ...opened, kind: 'fillable' });
    expect(file.name).toBe(`form-${formId}-fillable.pdf`);
    expect(Buffer.from(file.bytes).equals(Buffer.from(pdf))).toBe(true);
  });

  test('a tampered, truncated or expired link is link_expired', async () => {
    const token = tokenOf((await downloadLink(h.ctx, h.ownerId, 'session', 'some-session')).url);
    const expired = { refusal: 'not_found', code: 'link_expired' };
    expect(await refusalOf(openDownloadToken(h.ctx, forged(token, { o: h.otherId })))).toMatchObject(expired);
    expect(await refusalOf(openDownloadToken(h.ctx, forged(token, { k: 'sessions' })))).toMatchObject(expired);
    expect(await refusalOf(openDownloadToken(h.ctx, token.slice(0, -2)))).toMatchObject(expired);
    expect(await refusalOf(openDownloadToken(h.ctx, `${token}.x`))).toMatchObject(expired);
    expect((await openDownloadToken(h.ctx, token)).id).toBe('some-session');
    later(DOWNLOAD_TTL_SECONDS + 5);
    expect(await refusalOf(openDownloadToken(h.ctx, token))).toMatchObject(expired);
  });
});

describe('upload links', () => {
  test('bytes PUT to the link are read back by the upload_id, for the owner only', async () => {
    const up = await createUploadUrl(h.ctx, h.ownerId, 'notes.txt');
    expect(up.method).toBe('PUT');
    expect(await refusalOf(readUpload(h.ctx, h.ownerId, up.upload_id))).toMatchObject({ refusal: 'not_found', code: 'upload_empty' });
    const bytes = new TextEncoder().encode('hello upload');
    expect(await receiveUpload(h.ctx, tokenOf(up.upload_url), bytes)).toEqual({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    const read = await readUpload(h.ctx, h.ownerId, up.upload_id);
    expect(read).toMatchObject({ filename: 'notes.txt' });
    expect(new TextDecoder().decode(read.bytes)).toBe('hello upload');
    expect(await refusalOf(readUpload(h.ctx, h.otherId, up.upload_id))).toMatchObject({ refusal: 'not_found' });
    expect(await h.ctx.db.job.count({ where: { kind: 'upload.expire', ownerId: h.ownerId } })).toBe(1);
  });

  test('one kind of link does not open another; an empty PUT and an expired upload_id are refused', async () => {
    const up = await createUploadUrl(h.ctx, h.ownerId, 'a.pdf');
    const put = tokenOf(up.upload_url);
    expect(await refusalOf(receiveUpload(h.ctx, up.upload_id, new Uint8Array([1])))).toMatchObject({ code: 'link_expired' });
    expect(await refusalOf(openDownloadToken(h.ctx, put))).toMatchObject({ code: 'link_expired' });
    expect(await refusalOf(readUpload(h.ctx, h.ownerId, put))).toMatchObject({ refusal: 'not_found' });
    expect(await refusalOf(receiveUpload(h.ctx, put, new Uint8Array()))).toMatchObject({ refusal: 'invalid', code: 'empty_upload' });
    await receiveUpload(h.ctx, put, new Uint8Array([1, 2, 3]));
    later(UPLOAD_ID_TTL_SECONDS + 5);
    expect(await refusalOf(readUpload(h.ctx, h.ownerId, up.upload_id))).toMatchObject({ refusal: 'not_found' });
  });
});
