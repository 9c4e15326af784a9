// Capability links of a fax, signed with FAX_URL_SECRET: the short-lived URL the provider fetches
// the document from, and the status link a pay-per-call caller (who has no account) reads.
import { hmac as sign, sameText as same } from '../domain/signed-tokens.ts';

/** GET /fax/media/{id}?expires=…&signature=…, valid for `ttlSeconds`. */
export function mediaUrl(baseUrl: string, secret: string, faxId: string, ttlSeconds: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return `${baseUrl}/fax/media/${faxId}?expires=${expires}&signature=${sign(secret, `media|${faxId}|${expires}`)}`;
}

export function mediaUrlValid(secret: string, faxId: string, expires: string | undefined, signature: string | undefined, now = Date.now()): boolean {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 < now) return false;
  return same(signature, sign(secret, `media|${faxId}|${expires}`));
}

/** The token of GET /pay/fax/{id}: whoever paid for the fax got it in the paid response. */
export const statusToken = (secret: string, faxId: string) => sign(secret, `status|${faxId}`);

export const statusTokenValid = (secret: string, faxId: string, token: string | undefined) => Boolean(token) && same(token!, statusToken(secret, faxId));
