// Callbacks (§6): public https URLs only, signed with the account's secret, delivered with
// retries. The URL is checked when it is given and again at delivery, against the addresses the
// name resolves to then (DNS rebinding), and the connection goes to the address that was checked.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { DomainError } from './errors.ts';

/**
 * Whether an address is a public unicast one a callback (or any URL the service fetches) may
 * reach. ipaddr.js classifies the ranges (private, loopback, link-local, CGNAT, documentation,
 * reserved…); an IPv6 address that carries an IPv4 one (mapped, IPv4-compatible, 6to4, NAT64
 * well-known and local-use prefixes) is judged by the IPv4 inside, and Teredo is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIpv4(v6);
  if (embedded) return isPublicAddress(embedded);
  return v6.range() === 'unicast';
}

/** The IPv4 address an IPv6 one carries, when it carries one. */
function embeddedIpv4(v6: ipaddr.IPv6): string | null {
  const p = v6.parts;
  const last32 = () => `${p[6] >> 8}.${p[6] & 255}.${p[7] >> 8}.${p[7] & 255}`;
  const range = v6.range();
  if (range === 'ipv4Mapped') return v6.toIPv4Address().toString();
  if (range === 'rfc6052' || range === 'rfc6145') return last32(); // NAT64 prefixes: the last 32 bits
  if (range === '6to4') return `${p[1] >> 8}.${p[1] & 255}.${p[2] >> 8}.${p[2] & 255}`; // 2002:AABB:CCDD::/48
  if (p.slice(0, 6).every((x) => x === 0) && (p[6] || p[7] > 1)) return last32(); // IPv4-compatible ::a.b.c.d
  return null;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const isLoopback = (address: string) => loopback.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

export interface CallbackPolicy {
  /** Testing only: allow http:// to loopback receivers. */
  allowLoopback: boolean;
}

export class CallbackUrlError extends Error {}

/** Checks a URL's form and every address its host resolves to; returns the addresses allowed. */
export async function checkCallbackUrl(raw: string, policy: CallbackPolicy): Promise<{ url: URL; addresses: string[] }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CallbackUrlError('callback_url is not a valid URL.');
  }
  if (url.username || url.password) throw new CallbackUrlError('callback_url must not contain credentials.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new CallbackUrlError(`callback_url host "${host}" does not resolve.`);
    }
  }
  if (addresses.length === 0) throw new CallbackUrlError(`callback_url host "${host}" does not resolve.`);
  const loopbackTest = policy.allowLoopback && addresses.every(isLoopback);
  if (url.protocol !== 'https:' && !(loopbackTest && url.protocol === 'http:')) throw new CallbackUrlError('callback_url must use https.');
  if (!loopbackTest && !addresses.every(isPublicAddress)) {
    throw new CallbackUrlError('callback_url must point to a public address (not private, loopback, link-local or reserved).');
  }
  return { url, addresses };
}

/** A callback URL a caller gives (form, context job), checked now: invalid_callback_url if it may not be called. */
export async function acceptCallbackUrl(raw: string, policy: CallbackPolicy): Promise<string> {
  try {
    return (await checkCallbackUrl(raw, policy)).url.toString();
  } catch (err) {
    if (err instanceof CallbackUrlError) throw new DomainError('invalid', 'invalid_callback_url', err.message);
    throw err;
  }
}

export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface DeliveryResult {
  status: number | null;
  error?: string;
}

/**
 * A DNS lookup that answers with the address just checked, so the connection goes there and never
 * to a fresh resolution of the name (DNS rebinding). For every outbound fetch of a caller's URL.
 */
export function pinnedLookup(addresses: string[]): LookupFunction {
  return (_host, options, cb) => {
    const address = addresses[0];
    const family = isIP(address);
    if ((options as { all?: boolean }).all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
}

/**
 * One POST of the event. Resolves with the receiver's status, or null on network failure.
 * `extraHeaders` carry what a protocol adds to the signed body (an A2A push's notification token).
 */
export async function postCallback(rawUrl: string, body: string, secret: string | null, policy: CallbackPolicy, timeoutMs: number, extraHeaders: Record<string, string> = {}): Promise<DeliveryResult> {
  const { url, addresses } = await checkCallbackUrl(rawUrl, policy);
  const pinned = pinnedLookup(addresses);
  const headers: Record<string, string> = {
    ...extraHeaders,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    'User-Agent': 'formfill-callbacks/1',
  };
  if (secret) headers['X-Service-Signature'] = signBody(body, secret);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(url, { method: 'POST', headers, lookup: pinned, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? null }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: null, error: err.message }));
    req.end(body);
  });
}
