// The x402 door: stablecoin payments with the "exact" scheme (EIP-3009 transferWithAuthorization).
// By default verification and settlement run in this process (an x402 facilitator with viem
// signature checks, settling through X402_RPC_URL with the facilitator key paying gas); with
// X402_FACILITATOR_URL a remote facilitator does both. Never a silent public default.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { x402Facilitator } from '@x402/core/facilitator';
import { x402ResourceServer, HTTPFacilitatorClient, type FacilitatorClient } from '@x402/core/server';
import { decodePaymentSignatureHeader, encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired, PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme as FacilitatorExactEvmScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmScheme as ServerExactEvmScheme } from '@x402/evm/exact/server';
import { createWalletClient, defineChain, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { X402Settings } from './settings.ts';
import type { Quote } from './pricing.ts';
import { authorizationOf, PAYMENT_IDENTIFIER, type QuoteBinding } from './x402-payload.ts';

export class X402Door {
  readonly settings: X402Settings;
  private readonly server: x402ResourceServer;
  private ready: Promise<void> | undefined;

  constructor(settings: X402Settings, private readonly secret: string) {
    this.settings = settings;
    this.server = new x402ResourceServer(facilitatorFor(settings)).register(settings.network, new ServerExactEvmScheme());
  }

  /** Loads what the facilitator supports; retried on the next request if it failed. */
  private init(): Promise<void> {
    this.ready ??= this.server.initialize().catch((err) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  /** HMAC over everything the quote promises, so a client cannot move its expiry or document. */
  quoteSignature(quote: Quote, b: QuoteBinding): string {
    const s = this.settings;
    const input = ['x402', b.route, b.sha256, b.pages, quote.micros, s.network, s.asset.toLowerCase(), s.payTo.toLowerCase(), b.expires].join('|');
    return createHmac('sha256', this.secret).update(input).digest('base64url');
  }

  /** The payment requirement for a quote: exact amount in atomic units, bound to the document. */
  async requirements(quote: Quote, b: QuoteBinding): Promise<PaymentRequirements> {
    await this.init();
    const s = this.settings;
    const [req] = await this.server.buildPaymentRequirements({
      scheme: 'exact',
      network: s.network,
      payTo: s.payTo,
      maxTimeoutSeconds: s.maxTimeoutSeconds,
      price: { asset: s.asset, amount: String(quote.micros), extra: { name: s.assetName, version: s.assetVersion } },
      extra: {
        route: b.route,
        document_sha256: b.sha256,
        pages: b.pages,
        quote_expires: b.expires,
        quote_signature: this.quoteSignature(quote, b),
      },
    });
    return req;
  }

  async paymentRequired(requirements: PaymentRequirements, resource: { url: string; description: string }, error: string): Promise<PaymentRequired> {
    return this.server.createPaymentRequiredResponse(
      [requirements],
      { url: resource.url, description: resource.description, mimeType: 'application/json' },
      error,
      {
        [PAYMENT_IDENTIFIER]: {
          info: { required: false },
          schema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            properties: { required: { type: 'boolean' }, id: { type: 'string', minLength: 16, maxLength: 128, pattern: '^[a-zA-Z0-9_-]+$' } },
            required: ['required'],
          },
        },
      },
    );
  }

  encodeRequired(pr: PaymentRequired): string {
    return encodePaymentRequiredHeader(pr);
  }

  /** The PAYMENT-RESPONSE header; failure details are reduced to their code (no RPC internals). */
  encodeResponse(sr: SettleResponse): string {
    const { errorMessage: _dropped, ...rest } = sr;
    return encodePaymentResponseHeader(rest as SettleResponse);
  }

  decode(header: string): PaymentPayload {
    return decodePaymentSignatureHeader(header);
  }

  verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> {
    return this.server.verifyPayment(payload, requirements);
  }

  settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
    return this.server.settlePayment(payload, requirements);
  }

  /**
   * The gate's own checks of a payment against the quote for the uploaded document: scheme,
   * network, asset, recipient, amount, document, route, quote signature and expiry, and the
   * signed authorization's recipient, value and validity window. Returns an error code or null.
   */
  check(payload: PaymentPayload, quote: Quote, doc: { route: string; sha256: string; pages: number }, nowSeconds: number): { code: string; message: string } | null {
    const s = this.settings;
    const a = payload.accepted;
    if (payload.x402Version !== 2 || !a) return { code: 'invalid_payment', message: 'Only x402 version 2 payment payloads are accepted.' };
    if (a.scheme !== 'exact' || a.network !== s.network) return { code: 'invalid_payment', message: `This service takes the "exact" scheme on ${s.network}.` };
    if (!sameAddress(a.asset, s.asset)) return { code: 'asset_mismatch', message: `The payment is in ${a.asset}; this service takes ${s.asset}.` };
    if (!sameAddress(a.payTo, s.payTo)) return { code: 'recipient_mismatch', message: 'The payment is not addressed to this service.' };
    if (a.amount !== String(quote.micros)) return { code: 'amount_mismatch', message: `The payment is for ${a.amount} atomic units; this document costs ${quote.micros}.` };
    const extra = a.extra ?? {};
    if (extra.route !== doc.route) return { code: 'route_mismatch', message: `The payment was quoted for /pay/${String(extra.route)}, not /pay/${doc.route}.` };
    if (extra.document_sha256 !== doc.sha256) return { code: 'document_mismatch', message: 'The payment was quoted for another document; request a new quote for this one.' };
    const expires = Number(extra.quote_expires);
    const binding: QuoteBinding = { route: doc.route, sha256: doc.sha256, pages: doc.pages, expires };
    if (!Number.isInteger(expires) || typeof extra.quote_signature !== 'string' || !safeEqual(extra.quote_signature, this.quoteSignature(quote, binding))) {
      return { code: 'invalid_quote', message: 'The quote in the payment was not issued by this service for this document.' };
    }
    if (expires < nowSeconds) return { code: 'quote_expired', message: 'The quote has expired; pay the new quote in this response.' };
    const auth = authorizationOf(payload);
    if (!auth) return { code: 'invalid_payment', message: 'The payment carries no EIP-3009 authorization.' };
    if (!sameAddress(auth.to, s.payTo)) return { code: 'recipient_mismatch', message: 'The signed authorization pays someone else.' };
    if (auth.value !== String(quote.micros)) return { code: 'amount_mismatch', message: 'The signed amount differs from the quote.' };
    if (Number(auth.validBefore) < nowSeconds + 6) return { code: 'quote_expired', message: 'The signed authorization has expired (or expires within 6 seconds).' };
    if (Number(auth.validAfter) > nowSeconds) return { code: 'invalid_payment', message: 'The signed authorization is not valid yet.' };
    return null;
  }
}

const sameAddress = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function facilitatorFor(s: X402Settings): FacilitatorClient {
  if (s.facilitator.kind === 'remote') return new HTTPFacilitatorClient({ url: s.facilitator.url });
  const account = privateKeyToAccount(s.facilitator.privateKey);
  const chain = defineChain({
    id: s.chainId,
    name: s.network,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [s.facilitator.rpcUrl] } },
  });
  const wallet = createWalletClient({ account, chain, transport: http(s.facilitator.rpcUrl, { retryCount: 1 }) }).extend(publicActions);
  const signer = toFacilitatorEvmSigner({ ...wallet, address: account.address } as unknown as Parameters<typeof toFacilitatorEvmSigner>[0]);
  const local = new x402Facilitator().register(s.network, new FacilitatorExactEvmScheme(signer));
  return {
    verify: (payload, requirements) => local.verify(payload, requirements),
    settle: (payload, requirements) => local.settle(payload, requirements),
    getSupported: async () => local.getSupported() as Awaited<ReturnType<FacilitatorClient["getSupported"]>>,
  };
}
