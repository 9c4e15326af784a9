// A document an agent names by URL (an MCP file argument, an A2A file part by URI): fetched with
// the guard callbacks and the library use (public addresses only, the connection pinned to the
// address checked, redirects checked again), the upload limit and a timeout. Refusals are the
// REST ones: a URL the guard refuses is invalid_url (400); a source that fails is 502/503.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AppContext } from '../../context.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import { DomainError } from '../../domain/errors.ts';
import { fetchPublic, SourceError } from '../../domain/public-fetch.ts';
import { LIMITS } from '../../limits.ts';
import { sourceRefusal } from '../library/obtain-blank.ts';

export async function fetchDocument(ctx: AppContext, url: string, filename?: string): Promise<UploadedDocument> {
  const c = ctx.config;
  try {
    const fetched = await fetchPublic(url, {
      timeoutMs: c.DOCUMENT_URL_TIMEOUT_MS,
      allowLoopback: c.DOCUMENT_URL_ALLOW_LOOPBACK,
      extraCa: c.DOCUMENT_URL_EXTRA_CA_FILE ? readFileSync(c.DOCUMENT_URL_EXTRA_CA_FILE, 'utf8') : undefined,
      maxBytes: LIMITS.fileBytes,
    });
    const bytes = new Uint8Array(fetched.bytes);
    return {
      filename: filename ?? lastSegment(fetched.finalUrl),
      mimetype: fetched.contentType.split(';')[0].trim() || 'application/octet-stream',
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  } catch (err) {
    if (err instanceof SourceError && err.failure === 'refused_url') throw new DomainError('invalid', 'invalid_url', err.message, { source: err.source });
    throw err instanceof SourceError ? sourceRefusal(err) : err;
  }
}

/** The file name a URL ends with, for evidence ("notes.txt"), or "download". */
function lastSegment(url: string): string {
  const raw = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(raw) || 'download';
  } catch {
    return raw || 'download';
  }
}
