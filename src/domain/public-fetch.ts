// Fetches a document from a URL a caller or the catalog names (a library blank, a file an MCP
// client passes by URL). The same guard as callbacks (domain/callbacks.ts): https only, every
// address the host resolves to must be public, the connection goes to the address that was
// checked, and every redirect is checked again. The body is read up to the upload limit and the
// whole fetch is bounded by a timeout.
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { checkCallbackUrl, CallbackUrlError, pinnedLookup } from './callbacks.ts';
import { LIMITS } from '../limits.ts';

export interface FetchPolicy {
  timeoutMs: number;
  /** Testing only: allow loopback hosts (and plain http to them). */
  allowLoopback: boolean;
  /** Testing only: extra trusted CA certificates (PEM). */
  extraCa?: string;
  maxBytes?: number;
  userAgent?: string;
  accept?: string;
}

/**
 * Why a source could not give its document. `unreachable` (no answer, timeout) is the source's
 * outage (503); the others are wrong answers (502), except `too_large` (the limits' 413).
 */
export type SourceFailure = 'unreachable' | 'bad_status' | 'not_pdf' | 'too_large' | 'refused_url' | 'too_many_redirects';

export class SourceError extends Error {
  constructor(readonly failure: SourceFailure, readonly source: string, message: string) {
    super(message);
  }
}

const MAX_REDIRECTS = 5;

export interface Fetched {
  bytes: Buffer;
  finalUrl: string;
  /** The Content-Type the source sent, or '' */
  contentType: string;
}

export async function fetchPublic(rawUrl: string, policy: FetchPolicy): Promise<Fetched> {
  const host = safeHost(rawUrl);
  const deadline = Date.now() + policy.timeoutMs;
  let url = rawUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await fetchOnce(url, policy, deadline);
    if ('redirect' in answer) {
      url = new URL(answer.redirect, url).toString();
      continue;
    }
    return { bytes: answer.bytes, finalUrl: url, contentType: answer.contentType };
  }
  throw new SourceError('too_many_redirects', host, `The source ${host} redirected more than ${MAX_REDIRECTS} times.`);
}

function safeHost(raw: string): string {
  try {
    return new URL(raw).host;
  } catch {
    return raw;
  }
}

async function fetchOnce(rawUrl: string, policy: FetchPolicy, deadline: number): Promise<{ bytes: Buffer; contentType: string } | { redirect: string }> {
  const host = safeHost(rawUrl);
  let url: URL;
  let addresses: string[];
  try {
    ({ url, addresses } = await checkCallbackUrl(rawUrl, { allowLoopback: policy.allowLoopback }));
  } catch (err) {
    if (err instanceof CallbackUrlError) {
      const reason = err.message.replace(/^callback_url/, 'the URL');
      throw new SourceError(/does not resolve/.test(reason) ? 'unreachable' : 'refused_url', host, `The source ${host} cannot be fetched: ${reason}`);
    }
    throw err;
  }
  const pinned = pinnedLookup(addresses);
  const maxBytes = policy.maxBytes ?? LIMITS.fileBytes;
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw new SourceError('unreachable', host, `The source ${host} did not answer within ${policy.timeoutMs} ms.`);
  const client = url.protocol === 'https:' ? https : http;
  const ca = policy.extraCa ? [...tls.rootCertificates, policy.extraCa] : undefined;
  return new Promise((resolve, reject) => {
    const fail = (err: SourceError) => {
      clearTimeout(timer);
      req.destroy();
      reject(err);
    };
    const timer = setTimeout(() => fail(new SourceError('unreachable', host, `The source ${host} did not answer within ${policy.timeoutMs} ms.`)), remaining);
    const req = client.get(url, { lookup: pinned, ca, headers: { 'User-Agent': policy.userAgent ?? 'formfill/1', Accept: policy.accept ?? '*/*' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        clearTimeout(timer);
        resolve({ redirect: res.headers.location });
        return;
      }
      if (status !== 200) {
        res.resume();
        fail(new SourceError('bad_status', host, `The source ${host} answered ${status} for ${url.pathname}.`));
        return;
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      const tooLarge = () => new SourceError('too_large', host, `The file at ${host} is larger than the ${maxBytes / (1024 * 1024)} MB upload limit.`);
      if (declared > maxBytes) return fail(tooLarge());
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return fail(tooLarge());
        chunks.push(chunk);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ bytes: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? '') });
      });
      res.on('error', (err) => fail(new SourceError('unreachable', host, `The source ${host} broke off: ${err.message}`)));
    });
    req.on('error', (err) => fail(new SourceError('unreachable', host, `The source ${host} cannot be reached: ${err.message}`)));
  });
}
