// Callbacks (§6): public https URLs only, signed with the account's secret, delivered with
// retries. The URL is checked when it is given and again at delivery, against the addresses the
// name resolves to then (DNS rebinding), and the connection goes to the address that was checked.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64], ['2001::', 23],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** An IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4) is judged by the IPv4 inside. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return isPublicAddress(v4);
    return !blocked.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}

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

export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface DeliveryResult {
  status: number | null;
  error?: string;
}

/** One POST of the event. Resolves with the receiver's status, or null on network failure. */
export async function postCallback(rawUrl: string, body: string, secret: string | null, policy: CallbackPolicy, timeoutMs: number): Promise<DeliveryResult> {
  const { url, addresses } = await checkCallbackUrl(rawUrl, policy);
  // Connect to the address that was just checked, never to a fresh resolution of the name.
  const pinned: LookupFunction = (_host, options, cb) => {
    const address = addresses[0];
    const family = isIP(address);
    if ((options as { all?: boolean }).all) (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const headers: Record<string, string> = {
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
