// The MPP door: card payments through Stripe Shared Payment Tokens (mppx "stripe" charge method,
// with our Stripe SDK client so STRIPE_API_BASE reaches a stub in tests). Challenges are
// stateless: their id is an HMAC (MPP_SECRET_KEY) over realm, amount, expiry and our metadata
// (document hash, pages, route), so a credential only pays for the quote it was issued for.
import type Stripe from 'stripe';
import { Challenge, Credential, PaymentRequest, Receipt } from 'mppx';
import { Mppx, stripe as mppStripe } from 'mppx/server';
import type { MppSettings } from './settings.ts';
import { centsToUsd, type Quote } from './pricing.ts';
import type { QuoteBinding } from './x402-payload.ts';

export interface ParsedMppCredential {
  challenge: Challenge.Challenge;
  meta: Record<string, string>;
}

export type MppChargeResult =
  | { ok: true; receiptHeader: string; reference: string }
  | { ok: false; code: string; message: string };

export class MppDoor {
  readonly settings: MppSettings;
  private readonly mppx;

  constructor(settings: MppSettings, private readonly secret: string, client: Stripe) {
    this.settings = settings;
    this.mppx = Mppx.create({
      methods: [
        mppStripe.spt({
          client: client as never,
          networkId: settings.networkId,
          currency: 'usd',
          decimals: 2,
          paymentMethodTypes: ['card'],
        }),
      ],
      secretKey: secret,
      realm: settings.realm,
    });
  }

  private options(quote: Quote, b: QuoteBinding, description: string, expires: string) {
    return {
      amount: centsToUsd(quote.cents),
      description,
      expires,
      meta: { route: b.route, document_sha256: b.sha256, pages: String(b.pages) },
      scope: `POST /pay/${b.route}`,
    };
  }

  /** The WWW-Authenticate value of a card challenge for this quote. */
  async challengeHeader(quote: Quote, b: QuoteBinding, description: string): Promise<{ header: string; id: string }> {
    const challenge = await this.mppx.challenge.stripe.charge(this.options(quote, b, description, new Date(b.expires * 1000).toISOString()));
    return { header: Challenge.serialize(challenge), id: challenge.id };
  }

  /** Decodes "Payment <credential>"; throws on anything malformed. */
  parse(header: string): ParsedMppCredential {
    const raw = Credential.extractPaymentScheme(header);
    if (!raw) throw new Error('not a Payment credential');
    const credential = Credential.deserialize(raw);
    const challenge = credential.challenge;
    const meta = challenge.meta ?? (challenge.opaque ? (PaymentRequest.deserialize(challenge.opaque) as Record<string, string>) : {});
    return { challenge, meta };
  }

  /**
   * The gate's own checks of a credential against the quote for the uploaded document: issued by
   * us (HMAC), card charge, amount, currency, route, document and expiry. Error code or null.
   */
  check(c: ParsedMppCredential, quote: Quote, doc: { route: string; sha256: string }, nowMs: number): { code: string; message: string } | null {
    const ch = c.challenge;
    if (ch.method !== 'stripe' || ch.intent !== 'charge') return { code: 'invalid_payment', message: `This service takes MPP method "stripe", intent "charge" (got ${ch.method}/${ch.intent}).` };
    if (!Challenge.verify(ch, { secretKey: this.secret })) return { code: 'invalid_quote', message: 'The challenge in the credential was not issued by this service.' };
    if (ch.realm !== this.settings.realm) return { code: 'invalid_quote', message: 'The challenge was issued for another realm.' };
    const request = ch.request as { amount?: unknown; currency?: unknown };
    if (request.amount !== String(quote.cents) || request.currency !== 'usd') {
      return { code: 'amount_mismatch', message: `The credential pays ${String(request.amount)} ${String(request.currency)} (minor units); this document costs ${quote.cents} usd cents.` };
    }
    if (c.meta.route !== doc.route) return { code: 'route_mismatch', message: `The credential was quoted for /pay/${c.meta.route}, not /pay/${doc.route}.` };
    if (c.meta.document_sha256 !== doc.sha256) return { code: 'document_mismatch', message: 'The credential was quoted for another document; request a new quote for this one.' };
    if (!ch.expires || !(Date.parse(ch.expires) > nowMs)) return { code: 'quote_expired', message: 'The challenge has expired; pay the new quote in this response.' };
    return null;
  }

  /** Charges the card (one Stripe PaymentIntent, idempotent per challenge and token). */
  async charge(authorization: string, url: string, quote: Quote, b: QuoteBinding, description: string, expires: string): Promise<MppChargeResult> {
    const request = new Request(url, { method: 'POST', headers: { Authorization: authorization } });
    const result = await this.mppx.stripe.charge(this.options(quote, b, description, expires))(request);
    if (result.status === 402) {
      const problem = (await result.challenge.json().catch(() => ({}))) as { type?: string; detail?: string; title?: string };
      const kind = (problem.type ?? '').split('/').pop() || 'verification-failed';
      return { ok: false, code: kind === 'payment-expired' ? 'quote_expired' : 'payment_failed', message: problem.detail ?? problem.title ?? 'The card payment failed.' };
    }
    const receiptHeader = result.withReceipt(new Response(null)).headers.get('Payment-Receipt');
    if (!receiptHeader) throw new Error('mppx returned no receipt');
    const receipt = Receipt.deserialize(receiptHeader);
    return { ok: true, receiptHeader, reference: receipt.reference };
  }
}
