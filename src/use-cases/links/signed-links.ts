// Short-lived signed links, for callers that should not carry bytes through their own channel
// (MCP clients: a model should not read or write megabytes of base64).
//   download  GET /downloads/{token}: a document of the account's (fillable PDF, filled session,
//             committed proposal, artifact, batch zip), read through the same use case as its
//             REST route, so ownership, retention (410) and not-found answer the same.
//   upload    PUT /uploads/{token}: the client puts a file's bytes; the upload_id it got with the
//             link then names the file in a tool call, for an hour, for that account only; the
//             upload.expire job deletes the file after that.
// Links are HMAC-signed with LINK_SIGNING_SECRET (or one the service makes and keeps in the
// database), so any process of a deployment opens a link another one made.
import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import { readToken, signToken } from '../../domain/signed-tokens.ts';
import { BlobNotFoundError } from '../../store/blobs.ts';
import { storedSecret } from '../../store/web-settings.ts';
import { isoTimestamp } from '../../timestamp.ts';
import { getFillablePdf } from '../forms/get-fillable-pdf.ts';
import { getSessionPdf } from '../sessions/get-session-pdf.ts';
import { getProposalPdf } from '../proposals/get-proposal-pdf.ts';
import { getArtifactPdf } from '../artifacts/get-artifact-pdf.ts';

export const DOWNLOAD_TTL_SECONDS = 3600;
export const UPLOAD_URL_TTL_SECONDS = 900;
export const UPLOAD_ID_TTL_SECONDS = 3600;

export const DOWNLOAD_KINDS = ['fillable', 'session', 'proposal', 'artifact', 'batch_zip'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

const secrets = new WeakMap<AppContext, Promise<string>>();
function linkSecret(ctx: AppContext): Promise<string> {
  if (ctx.config.LINK_SIGNING_SECRET) return Promise.resolve(ctx.config.LINK_SIGNING_SECRET);
  let s = secrets.get(ctx);
  if (!s) secrets.set(ctx, (s = storedSecret(ctx.db, 'link_secret')));
  return s;
}

export interface SignedLink {
  url: string;
  expires_at: string;
}

/** A link to one of the owner's documents, valid for DOWNLOAD_TTL_SECONDS. */
export async function downloadLink(ctx: AppContext, ownerId: string, kind: DownloadKind, id: string): Promise<SignedLink> {
  const { token, expiresAt } = signToken(await linkSecret(ctx), 'download', { o: ownerId, k: kind, i: id }, DOWNLOAD_TTL_SECONDS);
  return { url: `${ctx.config.PUBLIC_BASE_URL}/downloads/${token}`, expires_at: isoTimestamp(expiresAt) };
}

/** What a download token names, or not_found (bad signature, expired, unknown kind). */
export async function openDownloadToken(ctx: AppContext, token: string): Promise<{ ownerId: string; kind: DownloadKind; id: string }> {
  const p = readToken(await linkSecret(ctx), 'download', token);
  if (!p || !(DOWNLOAD_KINDS as readonly unknown[]).includes(p.k)) throw new DomainError('not_found', 'link_expired', 'The link is not valid or has expired; ask for a new one.');
  return { ownerId: String(p.o), kind: p.k as DownloadKind, id: String(p.i) };
}

/** A single document's bytes (every kind but batch_zip, which the route streams). */
export async function downloadPdf(ctx: AppContext, link: { ownerId: string; kind: Exclude<DownloadKind, 'batch_zip'>; id: string }): Promise<{ name: string; bytes: Uint8Array }> {
  const { ownerId, id } = link;
  switch (link.kind) {
    case 'fillable':
      return { name: `form-${id}-fillable.pdf`, bytes: await getFillablePdf(ctx, ownerId, id) };
    case 'session':
      return { name: `session-${id}.pdf`, bytes: await getSessionPdf(ctx, ownerId, id) };
    case 'proposal': {
      const { bytes, n } = await getProposalPdf(ctx, ownerId, id);
      return { name: `proposal-${id}-commit-${n}.pdf`, bytes };
    }
    case 'artifact':
      return { name: `artifact-${id}.pdf`, bytes: await getArtifactPdf(ctx, ownerId, id) };
  }
}

const uploadBlob = (ownerId: string, id: string) => `${ownerId}/uploads/${id}`;

/** A URL the owner PUTs one file to, and the upload_id that names the file afterwards. */
export async function createUploadUrl(ctx: AppContext, ownerId: string, filename: string) {
  const secret = await linkSecret(ctx);
  const id = randomUUID();
  const put = signToken(secret, 'upload', { o: ownerId, u: id }, UPLOAD_URL_TTL_SECONDS);
  const named = signToken(secret, 'upload-id', { o: ownerId, u: id, n: filename }, UPLOAD_ID_TTL_SECONDS);
  return { upload_id: named.token, upload_url: `${ctx.config.PUBLIC_BASE_URL}/uploads/${put.token}`, method: 'PUT' as const, expires_at: isoTimestamp(put.expiresAt), usable_until: isoTimestamp(named.expiresAt) };
}

/** PUT /uploads/{token}: keeps the bytes for the owner the token names. */
export async function receiveUpload(ctx: AppContext, token: string, bytes: Uint8Array): Promise<{ bytes: number; sha256: string }> {
  const p = readToken(await linkSecret(ctx), 'upload', token);
  if (!p) throw new DomainError('not_found', 'link_expired', 'The upload link is not valid or has expired; ask for a new one.');
  if (bytes.length === 0) throw new DomainError('invalid', 'empty_upload', 'The upload has no bytes.');
  await ctx.blobs.put(uploadBlob(String(p.o), String(p.u)), bytes);
  // Gone once no upload_id can name it any more (a second PUT to the link finds this job queued).
  await ctx.queue.enqueue('upload.expire', { ownerId: String(p.o), uploadId: String(p.u) }, { jobId: String(p.u), ownerId: String(p.o), delayMs: UPLOAD_ID_TTL_SECONDS * 1000 });
  return { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** upload.expire: the file is deleted when its upload_id has expired. */
export async function deleteUpload(ctx: AppContext, ownerId: string, uploadId: string): Promise<void> {
  await ctx.blobs.delete(uploadBlob(ownerId, uploadId));
}

/** The file an upload_id names, for the owner it was made for; another account's id is not found. */
export async function readUpload(ctx: AppContext, ownerId: string, uploadId: string): Promise<UploadedDocument> {
  const p = readToken(await linkSecret(ctx), 'upload-id', uploadId);
  if (!p || p.o !== ownerId) throw notFound('upload (it may have expired)');
  try {
    const bytes = await ctx.blobs.get(uploadBlob(ownerId, String(p.u)));
    return { filename: String(p.n), mimetype: 'application/octet-stream', bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw new DomainError('not_found', 'upload_empty', 'Nothing was uploaded to this upload URL yet: PUT the file first.');
    throw err;
  }
}
