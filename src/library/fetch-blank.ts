// Fetches a blank form from its official source. The same guard as callbacks (domain/callbacks.ts):
// https only, every address the host resolves to must be public, the connection goes to the
// address that was checked, and every redirect is checked again. The body is read up to the
// upload limit, the whole fetch is bounded by a timeout, and what arrives must be a PDF.
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { checkCallbackUrl, CallbackUrlError, pinnedLookup } from '../domain/callbacks.ts';
import { LIMITS } from '../limits.ts';

export interface FetchPolicy {
  timeoutMs: number;
  /** Testing only: allow loopback hosts (and plain http to them). */
  allowLoopback: boolean;
  /** Testing only: extra trusted CA certificates (PEM). */
  extraCa?: string;
  maxBytes?: number;
  /** Accept any content, not only a PDF (an A2A file part by URI may be a context document). */
  anyType?: boolean;
}

/**
 * Why a source could not give its blank. `unreachable` (no answer, timeout) is the source's
 * outage (503); the others are wrong answers (502), except `too_large` (the limits' 413).
 */
export type SourceFailure = 'unreachable' | 'bad_status' | 'not_pdf' | 'too_large' | 'refused_url' | 'too_many_redirects';

export class SourceError extends Error {
  constructor(readonly failure: SourceFailure, readonly source: string, message: string) {
    super(message);
  }
}

const MAX_REDIRECTS = 5;

export async function fetchBlank(rawUrl: string, policy: FetchPolicy): Promise<{ bytes: Buffer; finalUrl: string }> {
  const host = safeHost(rawUrl);
  const deadline = Date.now() + policy.timeoutMs;
  let url = rawUrl;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await fetchOnce(url, policy, deadline);
    if ('redirect' in answer) {
      url = new URL(answer.redirect, url).toString();
      continue;
    }
    return { bytes: answer.bytes, finalUrl: url };
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

async function fetchOnce(rawUrl: string, policy: FetchPolicy, deadline: number): Promise<{ bytes: Buffer } | { redirect: string }> {
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
    const req = client.get(url, { lookup: pinned, ca, headers: { 'User-Agent': 'formfill-library/1', Accept: 'application/pdf' } }, (res) => {
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
      const tooLarge = () => new SourceError('too_large', host, `The blank at ${host} is larger than the ${maxBytes / (1024 * 1024)} MB upload limit.`);
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
        const bytes = Buffer.concat(chunks);
        if (!policy.anyType && !bytes.subarray(0, 1024).includes('%PDF-')) {
          reject(new SourceError('not_pdf', host, `The source ${host} did not serve a PDF for ${url.pathname}.`));
          return;
        }
        resolve({ bytes });
      });
      res.on('error', (err) => fail(new SourceError('unreachable', host, `The source ${host} broke off: ${err.message}`)));
    });
    req.on('error', (err) => fail(new SourceError('unreachable', host, `The source ${host} cannot be reached: ${err.message}`)));
  });
}
