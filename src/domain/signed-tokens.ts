// HMAC-signed capabilities: fax document links, and the short-lived upload and download links of
// the MCP door. A token names its purpose inside the signature, so one kind of link never opens
// another.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** Constant-time comparison of two signatures. */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `<base64url JSON>.<signature>`: the payload with its expiry (`exp`, Unix seconds). */
export function signToken(secret: string, purpose: string, payload: Record<string, string | number>, ttlSeconds: number, now = Date.now()): { token: string; expiresAt: Date } {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const body = Buffer.from(JSON.stringify({ ...payload, exp })).toString('base64url');
  return { token: `${body}.${hmac(secret, `${purpose}|${body}`)}`, expiresAt: new Date(exp * 1000) };
}

/** The payload of a token signed for `purpose` that has not expired, or null. */
export function readToken(secret: string, purpose: string, token: string, now = Date.now()): Record<string, string | number> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || !sameText(signature, hmac(secret, `${purpose}|${body}`))) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object') return null;
  const exp = (payload as { exp?: unknown }).exp;
  if (typeof exp !== 'number' || exp * 1000 < now) return null;
  return payload as Record<string, string | number>;
}
