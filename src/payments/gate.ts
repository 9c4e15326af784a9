// The payment gate of the pay-per-call API (/pay/*, interface §4.9). One route definition gives
// a multipart endpoint that
//   1. reads the upload (or, for a library blank, the JSON naming it) within the same limits as
//      POST /forms and prices the document exactly
//      (page count, fillable or not; pricing/prices.json);
//   2. without a credential answers 402 with both doors: an MPP card challenge
//      (WWW-Authenticate: Payment …, from Stripe's 50-cent minimum) and an x402 "exact" challenge
//      (PAYMENT-REQUIRED), both bound to the document's SHA-256, price and expiry, plus an
//      application/problem+json body stating amount, pages and expiry;
//   3. with a credential checks it against the quote itself (amount, asset, recipient, document,
//      route, expiry), takes the replay lock (Payment.credentialKey), and then
//        x402: verify → run the handler → settle only if it succeeded → PAYMENT-RESPONSE;
//        MPP:  charge the card → run the handler → refund if it failed → Payment-Receipt;
//   4. keeps the final response for a while, so a retry after a lost response (same credential,
//      or an x402 payment-identifier) gets the same result without paying again.
// Nothing but the payment record (and that cached response) is stored: pay-per-call is ephemeral.
import { createHash } from 'node:crypto';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { ApiError, errorBody, knownApiError } from '../http/errors.ts';
import { multipartUpload, requireFile, type UploadedFile } from '../http/upload.ts';
import { admitUpload } from '../workers/offload.ts';
import { describeRoute } from '../api/openapi.ts';
import { parse } from '../api/validate.ts';
import type { Payment } from '../generated/prisma/client.ts';
import { centsToUsd, microsToUsd, priceList, quote as priceQuote, type PayRoute, type Quote } from './pricing.ts';
import { paymentDoors, type Doors } from './doors.ts';
import { authorizationOf, paymentIdentifierOf, type QuoteBinding } from './x402-payload.ts';
import { acquire, loadResponse, release, storeResponse, update, type StoredResponse } from './records.ts';
import { refundPayment, type RefundOutcome } from './refunds.ts';

export interface PaidInput<F> {
  ctx: AppContext;
  req: Request;
  document: UploadedFile;
  /** Other files of the request, by field (context documents …). */
  files: Record<string, UploadedFile[]>;
  fields: F;
  pages: number;
  fillable: boolean;
  title: string;
  quote: Quote;
  /** The payment row of this call (set once the credential's lock is taken). */
  paymentId?: string;
}

export interface PaidResult {
  status: number;
  body: unknown;
}

export interface PayRouteDefinition<F extends z.ZodObject = z.ZodObject> {
  /** The price list's name of the route. */
  route: PayRoute;
  /** Its path, spelled out so that searching for it finds the definition: `/pay/` + `route`. */
  path: `/pay/${PayRoute}`;
  summary: string;
  description: string;
  /** Multipart file fields and how many files each may carry (default: one `file`). */
  files?: Record<string, number>;
  /** The file the price is computed from (default `file`). */
  documentField?: string;
  /** Multipart text fields, validated before any payment (default none). */
  fields?: F;
  /** The 200 body, for the OpenAPI documents. */
  response: z.ZodType;
  /**
   * Validates the fields before any payment and says what the quote covers beyond the document:
   * `binding` (e.g. the fax number) is bound into the quote with the document's hash, and
   * `pages` replaces the document's page count (e.g. plus a cover page).
   */
  quoteFor?(ctx: AppContext, fields: z.infer<F>, pages: number): { binding: string; pages: number };
  /**
   * The document is the service's own (a library blank) rather than an upload: the request is
   * JSON carrying `fields`, and this finds the document the quote and the work are about.
   */
  documentOf?(ctx: AppContext, fields: z.infer<F>): Promise<UploadedFile>;
  /** The work. Throw a DomainError, ApiError or PdfError to fail: x402 is then not settled, a card is refunded. */
  run(input: PaidInput<z.infer<F>>): Promise<PaidResult>;
  /** The work was done but its x402 payment could not be settled: undo what can be undone (a fax not sent yet). */
  unpaid?(input: PaidInput<z.infer<F>>, result: PaidResult): Promise<void>;
}

const PAYMENT_HEADERS_DOC = {
  'PAYMENT-SIGNATURE': { description: 'x402 v2 payment payload (base64 JSON) for the quote in PAYMENT-REQUIRED of the 402.' },
  'Payment-Authorization': { description: 'MPP credential "Payment <base64url>" for the challenge in WWW-Authenticate of the 402 (Authorization: Payment … works too).' },
};

export const PaymentRequiredSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.literal(402),
    detail: z.string(),
    error: z.object({ code: z.string(), message: z.string() }),
    challengeId: z.string().optional().describe('id of the MPP challenge in WWW-Authenticate, when card payment is offered'),
    quote: z.object({
      route: z.string(),
      pages: z.number().int(),
      fillable: z.boolean(),
      document_sha256: z.string(),
      amount: z.object({ micro_usd: z.number().int(), usd: z.string(), usdc_atomic: z.string() }),
      card: z.object({ amount_cents: z.number().int(), usd: z.string(), offered: z.boolean(), note: z.string().optional() }),
      breakdown: z.array(z.object({ kind: z.string(), micro_usd: z.number().int() })),
      expires_at: z.string(),
    }),
    accepts: z.array(z.record(z.string(), z.unknown())),
    docs: z.string(),
  })
  .describe('application/problem+json; the headers WWW-Authenticate (MPP) and PAYMENT-REQUIRED (x402) carry the challenges');

/** Declares a /pay route: documents it and returns the definition for `payRouteHandlers`. */
export function definePayRoute<F extends z.ZodObject>(def: PayRouteDefinition<F>): PayRouteDefinition<F> {
  if (def.path !== `/pay/${def.route}`) throw new Error(`pay route ${def.route}: path ${def.path} does not name it`);
  const files = def.files ?? { file: 1 };
  const documentField = def.documentField ?? 'file';
  const multipartFields: Record<string, z.ZodType | 'file' | 'files'> = {};
  for (const [name, count] of Object.entries(files)) multipartFields[name] = count > 1 ? 'files' : 'file';
  Object.assign(multipartFields, def.fields?.shape ?? {});
  describeRoute({
    method: 'post',
    path: def.path,
    tag: 'Pay per call',
    auth: false,
    summary: def.summary,
    description: `${def.description} No account: the first request answers 402 with the exact price for this document (x402 and MPP challenges); resend the same request with the credential.`,
    ...(def.documentOf ? { json: def.fields } : { multipart: { fields: multipartFields, required: [documentField] } }),
    headers: PAYMENT_HEADERS_DOC,
    responses: {
      200: { description: 'Paid and done. x402: PAYMENT-RESPONSE header; MPP: Payment-Receipt header.', body: def.response },
      400: { description: 'Not a readable PDF, bad fields, or both kinds of credential at once.' },
      402: { description: 'Payment required, or the credential does not pay for this document (see error.code).', body: PaymentRequiredSchema },
      409: { description: 'The same credential is still being processed; retry after Retry-After.' },
      413: { description: 'File over 10 MB, request over 30 MB, or more than 100 pages.' },
      422: { description: 'The document could not be processed: nothing is charged (x402 not settled, card refunded).' },
    },
  });
  return def;
}

/** The Express handlers of one /pay route. */
export function payRouteHandlers(ctx: AppContext, def: PayRouteDefinition): RequestHandler[] {
  const files = def.files ?? { file: 1 };
  const documentField = def.documentField ?? 'file';
  return [
    def.documentOf ? express.json({ limit: '16kb' }) : multipartUpload({ files }),
    async (req, res) => {
      const uploaded = def.documentOf ? undefined : requireFile(req, documentField);
      const fields = parse(def.fields ?? z.object({}), uploaded ? req.upload!.fields : (req.body ?? {}));
      const document = uploaded ?? (await def.documentOf!(ctx, fields));
      // The limits of POST /forms, and whether it is fillable, read in the request pool.
      const { info, title, fillable } = await admitUpload(ctx, document);
      const extra = def.quoteFor?.(ctx, fields, info.page_count);
      const pages = extra?.pages ?? info.page_count;
      const quote = priceQuote(priceList(), def.route, pages, fillable);
      // What the quote is bound to: the document, and whatever else the route binds (a fax number).
      const subject = extra ? createHash('sha256').update(`${document.sha256}\n${extra.binding}`).digest('hex') : document.sha256;
      const gate: Gate = {
        ctx,
        def,
        doors: paymentDoors(ctx.config),
        quote,
        document,
        subject,
        input: { ctx, req, document, files: req.upload?.files ?? {}, fields, pages, fillable, title, quote },
        url: `${ctx.config.PUBLIC_BASE_URL}${def.path}`,
        description: `${def.summary}: ${pages} page${pages === 1 ? '' : 's'}`,
      };
      const credential = credentialOf(req);
      if (credential.kind === 'both') throw new ApiError(400, 'multiple_payment_credentials', 'Send one credential: either PAYMENT-SIGNATURE (x402) or Authorization: Payment (MPP), not both.');
      if (credential.kind === 'none') return await challenge(res, gate, { code: 'payment_required', message: `Payment required: ${gate.description}.` });
      if (credential.kind === 'x402') return await payX402(res, gate, credential.header);
      return await payMpp(res, gate, credential.header);
    },
  ];
}

interface Gate {
  ctx: AppContext;
  def: PayRouteDefinition;
  doors: Doors;
  quote: Quote;
  document: UploadedFile;
  /** The SHA-256 the quote is bound to: the document's, or with the route's binding mixed in. */
  subject: string;
  input: PaidInput<Record<string, unknown>>;
  url: string;
  description: string;
}

interface Failure {
  code: string;
  message: string;
}

type CredentialRef = { kind: 'none' } | { kind: 'both' } | { kind: 'x402'; header: string } | { kind: 'mpp'; header: string };

function credentialOf(req: Request): CredentialRef {
  const isPayment = (v: string | undefined) => (v && /^Payment\s+\S/i.test(v.trim()) ? v.trim() : undefined);
  const mpp = isPayment(req.get('payment-authorization')) ?? isPayment(req.get('authorization'));
  const x402 = req.get('payment-signature') ?? req.get('x-payment');
  if (mpp && x402) return { kind: 'both' };
  if (x402) return { kind: 'x402', header: x402.trim() };
  if (mpp) return { kind: 'mpp', header: mpp };
  return { kind: 'none' };
}

const bindingOf = (g: Gate, expires: number): QuoteBinding => ({ route: g.def.route, sha256: g.subject, pages: g.quote.pages, expires });

const PROBLEM_TYPES: Record<string, string> = {
  payment_required: 'payment-required',
  quote_expired: 'payment-expired',
  malformed_payment: 'malformed-credential',
  invalid_quote: 'invalid-challenge',
  amount_mismatch: 'invalid-challenge',
  asset_mismatch: 'invalid-challenge',
  recipient_mismatch: 'invalid-challenge',
  document_mismatch: 'invalid-challenge',
  route_mismatch: 'invalid-challenge',
};

/** 402 with fresh challenges for this document on every configured door. */
async function challenge(res: Response, g: Gate, failure: Failure, extraHeaders: Record<string, string> = {}): Promise<void> {
  const { ctx, quote, doors } = g;
  const now = Date.now();
  const expires = Math.floor(now / 1000) + doors.settings.quoteTtlSeconds;
  const binding = bindingOf(g, expires);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...extraHeaders };
  const accepts: Record<string, unknown>[] = [];
  let challengeId: string | undefined;

  if (doors.x402) {
    try {
      const requirements = await doors.x402.requirements(quote, binding);
      const pr = await doors.x402.paymentRequired(requirements, { url: g.url, description: g.description }, failure.code);
      headers['PAYMENT-REQUIRED'] = doors.x402.encodeRequired(pr);
      accepts.push({
        protocol: 'x402',
        x402Version: 2,
        scheme: 'exact',
        network: requirements.network,
        asset: requirements.asset,
        amount: requirements.amount,
        pay_to: requirements.payTo,
        max_timeout_seconds: requirements.maxTimeoutSeconds,
        send: 'PAYMENT-SIGNATURE: <base64 PaymentPayload for the PAYMENT-REQUIRED header>',
        extensions: ['payment-identifier'],
      });
    } catch (err) {
      ctx.log.error({ err: (err as Error).message }, 'x402 facilitator unavailable: 402 without x402');
    }
  }
  let cardNote: string | undefined;
  if (doors.mpp && quote.cardAllowed) {
    const ch = await doors.mpp.challengeHeader(quote, binding, g.description);
    headers['WWW-Authenticate'] = ch.header;
    challengeId = ch.id;
    accepts.push({
      protocol: 'mpp',
      method: 'stripe',
      intent: 'charge',
      amount: String(quote.cents),
      currency: 'usd',
      payment_method_types: ['card'],
      send: 'Authorization: Payment <credential> (or Payment-Authorization)',
    });
  } else if (doors.mpp) {
    cardNote = `Card payments start at ${centsToUsd(priceList().pay_per_call.card_minimum_cents)} USD (Stripe's minimum); pay this one with x402.`;
  } else {
    cardNote = 'Card payments (MPP) are not configured on this server.';
  }

  const usd = microsToUsd(quote.micros);
  const offers = accepts.map((a) => (a.protocol === 'x402' ? `x402 (USDC, ${String(a.network)})` : 'MPP (card via Stripe)')).join(' or ');
  const detail =
    `${g.description} costs ${usd} USD, quoted for document sha256 ${g.document.sha256.slice(0, 12)}… until ${new Date(expires * 1000).toISOString()}. ` +
    (accepts.length
      ? `Pay with ${offers} and resend the same request with the credential.`
      : 'This server has no payment method configured for this amount, so the request cannot be paid here.');
  const body: z.infer<typeof PaymentRequiredSchema> = {
    type: `https://paymentauth.org/problems/${PROBLEM_TYPES[failure.code] ?? 'verification-failed'}`,
    title: 'Payment Required',
    status: 402,
    detail: failure.code === 'payment_required' ? detail : `${failure.message} ${detail}`,
    error: failure,
    ...(challengeId ? { challengeId } : {}),
    quote: {
      route: g.def.route,
      pages: quote.pages,
      fillable: quote.fillable,
      document_sha256: g.document.sha256,
      amount: { micro_usd: quote.micros, usd, usdc_atomic: String(quote.micros) },
      card: { amount_cents: quote.cents, usd: centsToUsd(quote.cents), offered: Boolean(challengeId), ...(cardNote ? { note: cardNote } : {}) },
      breakdown: quote.breakdown.map((b) => ({ kind: b.kind, micro_usd: b.micros })),
      expires_at: new Date(expires * 1000).toISOString(),
    },
    accepts,
    docs: `${ctx.config.PUBLIC_BASE_URL}/pay/llms.txt`,
  };
  res.status(402).set(headers).type('application/problem+json').send(JSON.stringify(body));
}

function send(res: Response, r: StoredResponse, replayed = false): void {
  res.status(r.status).set(r.headers);
  if (replayed) res.setHeader('Payment-Replayed', 'true');
  res.json(r.body);
}

const inProgress = () =>
  new ApiError(409, 'payment_in_progress', 'A request paid with this credential is still being processed; retry shortly to receive its result.', {}, { 'Retry-After': '2' });

/** The credential's lock is held by an earlier attempt. */
async function answerHeld(res: Response, g: Gate, existing: Payment): Promise<void> {
  if (existing.status === 'pending') throw inProgress();
  if (existing.status === 'succeeded' && existing.route === g.def.route && existing.documentSha256 === g.subject) {
    const cached = await loadResponse(g.ctx, existing);
    if (cached) return send(res, cached, true);
  }
  const why =
    existing.status === 'succeeded'
      ? 'This credential already paid for a request.'
      : existing.status === 'refunded' || existing.status === 'refund_pending'
        ? 'This credential was charged and refunded for a failed request; it cannot be used again.'
        : 'This credential cannot be used again.';
  return challenge(res, g, { code: 'payment_already_used', message: why });
}

type HandlerOutcome = { ok: true; result: PaidResult } | { ok: false; error: ApiError };

async function runHandler(g: Gate): Promise<HandlerOutcome> {
  try {
    const result = await g.def.run(g.input);
    if (result.status >= 400) return { ok: false, error: new ApiError(result.status, 'request_failed', 'The request failed.') };
    return { ok: true, result };
  } catch (err) {
    const known = knownApiError(err);
    if (known) return { ok: false, error: known };
    g.ctx.log.error({ err: (err as Error).message, stack: (err as Error).stack }, 'paid handler threw');
    return { ok: false, error: new ApiError(500, 'internal_error', 'Something went wrong on our side.') };
  }
}

function sendFailure(res: Response, err: ApiError, payment: Record<string, unknown>): void {
  res.status(err.status).set({ 'Cache-Control': 'no-store', ...err.headers }).json(errorBody(err.code, err.message, { ...err.extra, payment }));
}

// ── x402 ─────────────────────────────────────────────────────────────────────────────────────

async function payX402(res: Response, g: Gate, header: string): Promise<void> {
  const { ctx, quote } = g;
  const door = g.doors.x402;
  if (!door) return challenge(res, g, { code: 'invalid_payment', message: 'x402 payments are not accepted on this server.' });
  let payload;
  try {
    payload = door.decode(header);
  } catch {
    return challenge(res, g, { code: 'malformed_payment', message: 'PAYMENT-SIGNATURE is not a base64-encoded x402 payment payload.' });
  }
  const bad = door.check(payload, quote, { route: g.def.route, sha256: g.subject, pages: quote.pages }, Math.floor(Date.now() / 1000));
  if (bad) return challenge(res, g, bad);
  const auth = authorizationOf(payload)!;
  const identifier = paymentIdentifierOf(payload);
  if (identifier === 'invalid') throw new ApiError(400, 'invalid_payment_identifier', 'The payment-identifier id must be 16 to 128 letters, digits, "-" or "_".');
  const requirements = await door.requirements(quote, bindingOf(g, Number(payload.accepted.extra.quote_expires)));
  const s = door.settings;
  const credentialKey = `x402:${s.network}:${s.asset}:${auth.from}:${auth.nonce}`.toLowerCase();

  // A retry under the same payment-identifier with a freshly signed payment: the earlier result.
  if (identifier) {
    const holder = await ctx.db.payment.findUnique({ where: { paymentIdentifier: identifier } });
    if (holder && holder.credentialKey !== credentialKey) {
      if (holder.route !== g.def.route || holder.documentSha256 !== g.subject || holder.amountMicros !== quote.micros || holder.payer?.toLowerCase() !== auth.from.toLowerCase()) {
        throw new ApiError(409, 'payment_identifier_conflict', 'This payment-identifier was used for a different request or payer; use a new id for a new request.');
      }
      if (holder.status === 'pending') throw inProgress();
      if (holder.status === 'released') {
        await ctx.db.payment.updateMany({ where: { id: holder.id, status: 'released' }, data: { paymentIdentifier: null } });
      } else if (holder.status === 'succeeded') {
        const cached = await loadResponse(ctx, holder);
        if (!cached) throw new ApiError(409, 'payment_identifier_expired', 'The result paid under this payment-identifier is no longer kept; use a new id to pay again.');
        // Prove the caller holds the payer's key; the new authorization is never settled.
        const vr = await door.verify(payload, requirements).catch(() => ({ isValid: false, invalidReason: 'verification_unavailable' }));
        if (!vr.isValid) return challenge(res, g, { code: 'payment_invalid', message: `The payment was rejected: ${vr.invalidReason ?? 'invalid'}.` });
        return send(res, cached, true);
      } else {
        return answerHeld(res, g, holder);
      }
    }
  }

  const lock = await acquire(ctx, {
    protocol: 'x402',
    credentialKey,
    paymentIdentifier: identifier,
    route: g.def.route,
    documentSha256: g.subject,
    pages: quote.pages,
    amountMicros: quote.micros,
    chargeAmount: quote.micros,
    currency: s.asset.toLowerCase(),
    network: s.network,
    payer: auth.from.toLowerCase(),
  });
  if (!lock.acquired) return answerHeld(res, g, lock.existing);
  const id = lock.payment.id;

  let verified;
  try {
    verified = await door.verify(payload, requirements);
  } catch (err) {
    ctx.log.error({ payment: id, err: (err as Error).message }, 'x402 verify failed');
    await release(ctx, id, { code: 'verification_unavailable', message: 'The payment could not be verified.' });
    throw new ApiError(503, 'payment_verification_unavailable', 'The payment could not be verified right now; nothing was charged. Retry shortly.', {}, { 'Retry-After': '5' });
  }
  if (!verified.isValid) {
    await release(ctx, id, { code: verified.invalidReason ?? 'invalid', message: 'verification failed' });
    return challenge(res, g, { code: 'payment_invalid', message: `The payment was rejected: ${verified.invalidReason ?? 'invalid'}.` });
  }

  g.input.paymentId = id;
  const outcome = await runHandler(g);
  if (!outcome.ok) {
    await release(ctx, id, { code: outcome.error.code, message: outcome.error.message });
    return sendFailure(res, outcome.error, { protocol: 'x402', charged: false, note: 'The payment was not settled: nothing was charged.' });
  }

  let settled;
  try {
    settled = await door.settle(payload, requirements);
  } catch (err) {
    ctx.log.error({ payment: id, err: (err as Error).message }, 'x402 settle threw');
    settled = { success: false, errorReason: 'settlement_error', transaction: '', network: s.network };
  }
  const paymentResponse = door.encodeResponse(settled);
  if (!settled.success) {
    if (settled.transaction) {
      // Broadcast but not confirmed in time: the money may still move. Keep the lock.
      await update(ctx, id, { status: 'settlement_unknown', reference: settled.transaction, receipt: paymentResponse, error: { code: settled.errorReason ?? 'settlement_pending', message: 'settlement not confirmed' } });
      throw new ApiError(503, 'settlement_pending', 'The payment was broadcast but not confirmed in time; contact support with the transaction hash in PAYMENT-RESPONSE.', {}, { 'PAYMENT-RESPONSE': paymentResponse });
    }
    await release(ctx, id, { code: settled.errorReason ?? 'settlement_failed', message: 'settlement failed' });
    await g.def.unpaid?.(g.input, outcome.result).catch((err) => ctx.log.error({ payment: id, err: (err as Error).message }, 'could not undo unpaid work'));
    return challenge(res, g, { code: 'settlement_failed', message: `The payment could not be settled (${settled.errorReason ?? 'unknown reason'}); nothing was charged.` }, { 'PAYMENT-RESPONSE': paymentResponse });
  }
  const response: StoredResponse = {
    status: outcome.result.status,
    headers: { 'PAYMENT-RESPONSE': paymentResponse, 'Cache-Control': 'private, no-store' },
    body: outcome.result.body,
  };
  // The response is kept before the payment shows as succeeded: a concurrent copy of the request
  // then sees either "pending" (409, retry) or "succeeded" with the response to replay, never a gap.
  await storeResponse(ctx, id, response, g.doors.settings.responseCacheSeconds).catch((err) => ctx.log.warn({ payment: id, err: (err as Error).message }, 'could not keep the paid response'));
  await update(ctx, id, { status: 'succeeded', reference: settled.transaction, receipt: paymentResponse, payer: (settled.payer ?? auth.from).toLowerCase() });
  send(res, response);
}

// ── MPP (card through Stripe) ────────────────────────────────────────────────────────────────

async function payMpp(res: Response, g: Gate, header: string): Promise<void> {
  const { ctx, quote } = g;
  const door = g.doors.mpp;
  if (!door) return challenge(res, g, { code: 'invalid_payment', message: 'Card payments (MPP) are not accepted on this server.' });
  let parsed;
  try {
    parsed = door.parse(header);
  } catch {
    return challenge(res, g, { code: 'malformed_payment', message: 'The Payment credential is malformed.' });
  }
  const bad = door.check(parsed, quote, { route: g.def.route, sha256: g.subject }, Date.now());
  if (bad) return challenge(res, g, bad);
  if (!quote.cardAllowed) return challenge(res, g, { code: 'card_not_offered', message: 'This amount is below the card minimum; pay with x402.' });
  const ch = parsed.challenge;

  const lock = await acquire(ctx, {
    protocol: 'mpp',
    credentialKey: `mpp:${ch.id}`,
    route: g.def.route,
    documentSha256: g.subject,
    pages: quote.pages,
    amountMicros: quote.micros,
    chargeAmount: quote.cents,
    currency: 'usd',
  });
  if (!lock.acquired) return answerHeld(res, g, lock.existing);
  const id = lock.payment.id;

  let charged;
  try {
    charged = await door.charge(header, g.url, quote, bindingOf(g, Math.floor(Date.parse(ch.expires!) / 1000)), g.description, ch.expires!);
  } catch (err) {
    ctx.log.error({ payment: id, err: (err as Error).message }, 'MPP charge threw');
    await release(ctx, id, { code: 'payment_provider_error', message: 'The card payment could not be completed.' });
    throw new ApiError(502, 'payment_provider_error', 'The card payment could not be completed; nothing was charged. Retry shortly.');
  }
  if (!charged.ok) {
    await release(ctx, id, { code: charged.code, message: charged.message });
    return challenge(res, g, { code: charged.code, message: charged.message });
  }
  await update(ctx, id, { reference: charged.reference, receipt: charged.receiptHeader });

  g.input.paymentId = id;
  const outcome = await runHandler(g);
  if (!outcome.ok) {
    const refund: RefundOutcome = await refundPayment(ctx, id, outcome.error.code);
    return sendFailure(res, outcome.error, {
      protocol: 'mpp',
      charged: true,
      payment_intent: charged.reference,
      refund: { id: refund.stripeRefundId ?? refund.id, status: refund.status },
      note: refund.status === 'failed' ? 'The card was charged and the refund failed; contact support.' : 'The card charge is refunded in full.',
    });
  }
  const response: StoredResponse = {
    status: outcome.result.status,
    headers: { 'Payment-Receipt': charged.receiptHeader, 'Cache-Control': 'private, no-store' },
    body: outcome.result.body,
  };
  await storeResponse(ctx, id, response, g.doors.settings.responseCacheSeconds).catch((err) => ctx.log.warn({ payment: id, err: (err as Error).message }, 'could not keep the paid response'));
  await update(ctx, id, { status: 'succeeded' });
  send(res, response);
}
