// What the payment gate reads of an x402 payment without the x402 libraries (x402.ts, loaded only
// when the x402 door is configured): the quote binding, the signed authorization, the idempotency key.
import type { PaymentPayload } from '@x402/core/types';

export const PAYMENT_IDENTIFIER = 'payment-identifier';
const PAYMENT_ID_RE = /^[A-Za-z0-9_-]{16,128}$/;

/** What a quote is bound to, beyond its amount. */
export interface QuoteBinding {
  route: string;
  sha256: string;
  pages: number;
  /** Unix seconds after which the quote can no longer be paid. */
  expires: number;
}

export interface EIP3009Authorization {
  from: string;
  to: string;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: string;
}

export function authorizationOf(payload: PaymentPayload): EIP3009Authorization | null {
  const auth = (payload.payload as { authorization?: EIP3009Authorization } | undefined)?.authorization;
  if (!auth || typeof auth.from !== 'string' || typeof auth.nonce !== 'string') return null;
  return auth;
}

/** The client's payment-identifier (idempotency key), undefined when absent, or 'invalid'. */
export function paymentIdentifierOf(payload: PaymentPayload): string | undefined | 'invalid' {
  const ext = payload.extensions?.[PAYMENT_IDENTIFIER] as { info?: { id?: unknown } } | undefined;
  const id = ext?.info?.id;
  if (id === undefined) return undefined;
  return typeof id === 'string' && PAYMENT_ID_RE.test(id) ? id : 'invalid';
}
