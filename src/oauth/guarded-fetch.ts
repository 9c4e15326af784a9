// The `fetch` oidc-provider uses for every URL a client hands it (its Client ID Metadata
// Document above all, also a jwks_uri or request_uri), held to the guard the service puts on
// every caller-given URL (domain/callbacks.ts): https only, every address the name resolves to
// must be public, and the connection goes to the address that was checked (pinned lookup: no DNS
// rebinding). Redirects are not followed: the library asks for redirect: 'manual' and refuses
// anything but a 200.
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { Readable } from 'node:stream';
import { checkCallbackUrl, pinnedLookup } from '../domain/callbacks.ts';

export interface GuardedFetchPolicy {
  /** Testing only: allow loopback hosts (a local stand-in for a client's web site). */
  allowLoopback: boolean;
  /** Testing only: extra trusted CA certificates (PEM). */
  extraCa?: string;
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

export function guardedFetch(policy: GuardedFetchPolicy) {
  const ca = policy.extraCa ? [...tls.rootCertificates, policy.extraCa] : undefined;
  return async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const { url, addresses } = await checkCallbackUrl(String(input), { allowLoopback: policy.allowLoopback });
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    return new Promise((resolve, reject) => {
      const req = client.request(url, { method: init.method ?? 'GET', headers, lookup: pinnedLookup(addresses), ca, signal: init.signal ?? undefined }, (res) => {
        const status = res.statusCode ?? 502;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, v);
        }
        if (NO_BODY.has(status)) {
          res.resume();
          resolve(new Response(null, { status, headers: responseHeaders }));
          return;
        }
        resolve(new Response(Readable.toWeb(res) as ReadableStream, { status, headers: responseHeaders }));
      });
      req.on('error', reject);
      req.end(typeof init.body === 'string' ? init.body : undefined);
    });
  };
}
