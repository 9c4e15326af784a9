// Discovery for agents that never saw this service: GET /openapi.json (the pay-per-call manifest,
// OpenAPI 3.1 with x-service-info and per-operation x-payment-info as read by MPP discovery
// tools) and GET /pay/llms.txt (plain text: how to quote, pay with x402 or MPP, which libraries).
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { buildOpenApi, describeRoute } from './openapi.ts';
import { liveRoutes } from './pay.ts';
import { SERVICE_VERSION } from '../version.ts';
import { paymentCors } from '../payments/cors.ts';
import type { PayRouteDefinition } from '../payments/gate.ts';
import { paymentDoors } from '../payments/doors.ts';
import { centsToUsd, microsToUsd, priceList, type PayRoute } from '../payments/pricing.ts';

const PUBLIC_PATHS = /^\/(pay\/|pricing$|library\/search$)/;

describeRoute({
  method: 'get', path: '/openapi.json', tag: 'Pay per call', auth: false, summary: 'Pay-per-call manifest',
  description: 'OpenAPI 3.1 document of the /pay routes with their payment info (x-payment-info: price from, protocols, networks) and x-service-info.',
  responses: { 200: { description: 'The manifest.', body: z.object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }).catchall(z.unknown()), paths: z.record(z.string(), z.unknown()) }).catchall(z.unknown()) } },
});
describeRoute({
  method: 'get', path: '/pay/llms.txt', tag: 'Pay per call', auth: false, summary: 'Guide for agents (text/plain)',
  description: 'How to quote, pay with x402 or MPP, which client libraries to use, spend caps and error codes.',
  responses: { 200: { description: 'text/plain guide.' } },
});

function priceFromText(route: PayRoute): string {
  const list = priceList();
  const spec = list.pay_per_call.routes[route];
  const parts = spec.kinds.map((k) => {
    const p = list.kinds[k];
    return p.included_pages > 0 && p.per_extra_page > 0
      ? `${microsToUsd(p.base)} USD for up to ${p.included_pages} page(s), then ${microsToUsd(p.per_extra_page)} USD per extra page`
      : `${microsToUsd(p.base)} USD`;
  });
  return `From ${microsToUsd(spec.floor)} USD (${parts.join(' + ')}${spec.needs_fillable ? '; a flat PDF adds make_fillable' : ''}); at most ${microsToUsd(list.pay_per_call.ceiling)} USD.`;
}

export function discoveryDocument(ctx: AppContext) {
  const base = ctx.config.PUBLIC_BASE_URL;
  const doors = paymentDoors(ctx.config);
  const list = priceList();
  const internal = buildOpenApi(base, SERVICE_VERSION);
  const paths: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, item] of Object.entries(internal.paths)) {
    if (PUBLIC_PATHS.test(path)) paths[path] = item as Record<string, Record<string, unknown>>;
  }
  for (const def of liveRoutes(ctx)) {
    const op = paths[def.path]?.post;
    if (!op) continue;
    const offers: Record<string, unknown>[] = [];
    if (doors.mpp) {
      offers.push({
        method: 'stripe',
        intent: 'charge',
        currency: 'usd',
        amount: null,
        description: `Card through a Stripe Shared Payment Token (MPP), from ${centsToUsd(list.pay_per_call.card_minimum_cents)} USD; credential in Authorization: Payment.`,
      });
    }
    if (doors.x402) {
      const s = doors.x402.settings;
      offers.push({
        method: 'x402',
        intent: 'charge',
        scheme: 'exact',
        network: s.network,
        asset: s.asset,
        currency: 'USDC',
        amount: null,
        description: `x402 v2 "exact" (EIP-3009) on ${s.network}, amount in atomic units (6 decimals); credential in PAYMENT-SIGNATURE.`,
      });
    }
    const price = `${priceFromText(def.route)} The exact price depends on the page count: the 402 states it for the uploaded document; POST /pay/quote gives it in advance.`;
    for (const o of offers) o.description = `${String(o.description)} ${price}`;
    op['x-payment-info'] = {
      // MPP discovery: with offers, the flat fields (amount, currency, description …) live in each offer.
      ...(offers.length ? { offers } : { intent: 'charge', amount: null, currency: 'usd', description: `${price} No payment method is configured on this server.` }),
      price_from_usd: microsToUsd(list.pay_per_call.routes[def.route].floor),
      pricing: { route: def.route, ...list.pay_per_call.routes[def.route], unit: 'micro_usd', kinds: Object.fromEntries(list.pay_per_call.routes[def.route].kinds.map((k) => [k, list.kinds[k]])) },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Form-filling service: pay per call',
      version: SERVICE_VERSION,
      description:
        'PDF form tools without an account. Send the request; the 402 answer quotes the exact price for your document with two ways to pay: ' +
        'x402 (stablecoin; PAYMENT-REQUIRED header, pay with PAYMENT-SIGNATURE) and MPP (card through Stripe; WWW-Authenticate: Payment, pay with Authorization: Payment). ' +
        'Resend the same request with the credential. Results are never stored beyond a short retry window. ' +
        `Agent guide: ${base}/pay/llms.txt. Price list: ${base}/pricing.`,
    },
    servers: [{ url: base }],
    externalDocs: { url: `${base}/agentic-access.json`, description: 'Every way in: pay per call, REST with an API key, MCP (OAuth) and A2A, with prices and limits.' },
    'x-service-info': {
      categories: ['documents', 'pdf', 'forms'],
      docs: { llms: `${base}/pay/llms.txt`, apiReference: `${base}/docs`, homepage: base },
      payment: {
        protocols: [...(doors.x402 ? ['x402'] : []), ...(doors.mpp ? ['mpp'] : [])],
        x402: doors.x402 ? { x402Version: 2, scheme: 'exact', network: doors.x402.settings.network, asset: doors.x402.settings.asset, payTo: doors.x402.settings.payTo, extensions: ['payment-identifier'] } : null,
        mpp: doors.mpp ? { method: 'stripe', intent: 'charge', realm: doors.mpp.settings.realm, card_minimum_cents: list.pay_per_call.card_minimum_cents } : null,
      },
    },
    paths,
  };
}

/** A route's multipart parts as an agent writes them: its files, then its text fields (required ones first, with what they take). */
function multipartText(def: PayRouteDefinition): string {
  const files = Object.entries(def.files ?? { file: 1 }).map(([name, count]) => (count > 1 ? `${name}=@doc (up to ${count})` : `${name}=@your.pdf`));
  const fields = Object.entries(def.fields?.shape ?? {}).map(([name, schema]) => {
    const type = schema as z.ZodType;
    return { name, required: !type.safeParse(undefined).success, about: type.description };
  });
  fields.sort((a, b) => Number(b.required) - Number(a.required));
  const texts = fields.map((f) => `${f.name}${f.required ? '' : ' (optional)'}${f.about ? `: ${f.about}` : ''}`);
  return [...files, ...texts].join('; ');
}

export function llmsText(ctx: AppContext): string {
  const base = ctx.config.PUBLIC_BASE_URL;
  const doors = paymentDoors(ctx.config);
  const list = priceList();
  const x = doors.x402?.settings;
  const routes = liveRoutes(ctx).map((d) => `- POST ${base}${d.path} (${d.documentOf ? 'JSON: {"library_id": "uscis-i765"}' : `multipart: ${multipartText(d)}`}) — ${d.summary}. ${priceFromText(d.route)}`).join('\n');
  return `# Form-filling service — pay per call

> PDF form tools for agents without an account. POST your document; the service answers
> HTTP 402 with the exact price for that document and two ways to pay. Pay, then resend the
> same request (same file) with the credential. Prices are in USD and scale with page count.

## Routes
${routes}
- POST ${base}/pay/quote — free price check: JSON {"pages": 6, "fillable": false} → exact price of every route;
  {"library_id": "uscis-i765"} prices that library blank.
- GET ${base}/library/search?q=passport+application — free search of the library of official blank
  forms (IRS, USCIS, SSA, …; no payment, no key); a result's id goes to /pay/library-create.
- GET ${base}/pricing — the whole price list (cached one hour).
- GET ${base}/openapi.json — this API as OpenAPI 3.1 with x-payment-info.
- GET ${base}/agentic-access.json (or .yml) — every way in: pay per call, REST with an API key,
  MCP at ${base}/mcp (OAuth), the A2A agent (${base}/.well-known/agent-card.json), prices, limits.

Limits: one PDF ≤ 10 MB, ≤ 100 pages. Ceiling per call: ${microsToUsd(list.pay_per_call.ceiling)} USD.
Results come back in the response (make-fillable: {contract, fillable_pdf: {base64, bytes, sha256}});
nothing is stored beyond a ${Math.round(ctx.config.PAY_RESPONSE_CACHE_SECONDS / 60)}-minute retry window.

## The 402
- Body (application/problem+json): quote.amount (micro_usd, usd, usdc_atomic), quote.pages,
  quote.document_sha256, quote.expires_at (pay within ${ctx.config.PAY_QUOTE_TTL_SECONDS} s), accepts[] (the offers), error.code.
- Header PAYMENT-REQUIRED: the x402 v2 challenge (base64 JSON).${x ? '' : ' (not configured on this server)'}
- Header WWW-Authenticate: Payment …: the MPP card challenge, offered from ${centsToUsd(list.pay_per_call.card_minimum_cents)} USD (Stripe's minimum).${doors.mpp ? '' : ' (not configured on this server)'}
- The quote is bound to the document's SHA-256: pay for the file you resend.

## Pay with x402 (USDC${x ? ` on ${x.network}, asset ${x.asset}, paid to ${x.payTo}` : ''})
Libraries: @x402/fetch + @x402/evm (TypeScript), x402 (Python), or any x402 v2 client.

    import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
    import { registerExactEvmScheme } from '@x402/evm/exact/client';
    import { toClientEvmSigner } from '@x402/evm';
    import { privateKeyToAccount } from 'viem/accounts';

    const client = new x402Client();
    registerExactEvmScheme(client, { signer: toClientEvmSigner(privateKeyToAccount(KEY)) });
    // @x402/fetch pays at most $1 per request by default and only well-known assets:
    // raise the cap for large documents (atomic units, 6 decimals):
    client.setSpendControls({ maxAmountPerPayment: '$5' });
    const pay = wrapFetchWithPayment(fetch, client);
    const form = new FormData(); form.append('file', new Blob([pdfBytes], { type: 'application/pdf' }), 'form.pdf');
    const res = await pay('${base}/pay/make-fillable', { method: 'POST', body: form });

The result carries PAYMENT-RESPONSE (settlement, base64 JSON). Settlement happens only after the
work succeeded: a failed request costs nothing. Idempotent retries: add the x402 extension
"payment-identifier" (extensions["payment-identifier"].info.id, 16-128 chars) and reuse the id
when you retry; or resend the identical PAYMENT-SIGNATURE. Either returns the first result
(header Payment-Replayed: true) without paying twice.

## Pay with MPP (card through Stripe)
Libraries: mppx (TypeScript: mppx/client with stripe.charge and a Stripe Shared Payment Token),
or any client of the "Payment" HTTP authentication scheme (paymentauth.org).

    import { Mppx, stripe } from 'mppx/client';
    const mppx = Mppx.create({ polyfill: false, methods: [stripe.charge({ paymentMethod, createToken })] });
    const res = await mppx.fetch('${base}/pay/make-fillable', { method: 'POST', body: form });

Send the credential as Authorization: Payment <credential> (or Payment-Authorization). The
response carries Payment-Receipt. If the work fails after the card was charged, the charge is
refunded in full and the error body says so (error.payment.refund).

## Errors
402 error.code: payment_required, quote_expired, document_mismatch, amount_mismatch,
route_mismatch, asset_mismatch, recipient_mismatch, invalid_quote, malformed_payment,
payment_invalid, payment_failed, payment_already_used, settlement_failed. Each 402 carries fresh
challenges for the uploaded document. 409 payment_in_progress: the same credential is still
being processed; retry after Retry-After to get its result. 400 multiple_payment_credentials.
Other errors: {"error": {"code", "message", "payment": {...}}} — a failed request is not charged.
`;
}

export function discoveryRouter(ctx: AppContext): Router {
  const r = Router();
  let doc: unknown;
  let text: string | undefined;
  r.get('/openapi.json', paymentCors, (_req, res) => {
    doc ??= discoveryDocument(ctx);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(doc);
  });
  r.get('/pay/llms.txt', paymentCors, (_req, res) => {
    text ??= llmsText(ctx);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('text/plain; charset=utf-8').send(text);
  });
  return r;
}
