// Pay-per-call with x402: a real EVM chain (Hardhat EDR in this process, TestUSDC with EIP-3009),
// the service's in-process facilitator settling through the chain's RPC URL, and @x402/fetch
// paying. Balances are read from the chain after every call. The Stripe stub is up too, so the
// 402 carries both challenges.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { x402Client } from '@x402/fetch';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { toClientEvmSigner } from '@x402/evm';
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { Challenge, PaymentRequest } from 'mppx';
import { validate as validateDiscovery } from 'mppx/discovery';
import type { PrivateKeyAccount } from 'viem/accounts';
import { startPayWorld, formPdf, emptyPdf, multipart, x402Fetch, type PayWorld, json } from './helpers.ts';

let w: PayWorld;
let url: string;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  w = await startPayWorld({ x402: true, stripe: true });
  url = `${w.s.url}/pay/make-fillable`;
  const c = w.chain!;
  await Promise.all([c.mint(c.accounts.payer.address, 20_000_000n), c.mint(c.accounts.payer2.address, 20_000_000n)]);
});
afterAll(async () => {
  await w?.close();
});

const post = (pdf: Uint8Array, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', body: multipart(pdf), headers });
const balances = async () => {
  const c = w.chain!;
  return { payer: await c.balanceOf(c.accounts.payer.address), merchant: await c.balanceOf(c.accounts.merchant.address) };
};

/** A client that signs by hand: for credentials the tests replay, swap or send late. */
function signer(account: PrivateKeyAccount) {
  const c = new x402Client();
  registerExactEvmScheme(c, { signer: toClientEvmSigner(account) });
  c.setSpendControls({ allowedAssets: [{ network: w.chain!.network, asset: w.chain!.usdc, maxAmountPerPayment: '5000000' }] });
  return c;
}
async function quoteAndSign(pdf: Uint8Array, account = w.chain!.accounts.payer) {
  const r = await post(pdf);
  expect(r.status).toBe(402);
  const required: PaymentRequired = decodePaymentRequiredHeader(r.headers.get('payment-required')!);
  const payload = await signer(account).createPaymentPayload(required);
  return { header: encodePaymentSignatureHeader(payload), payload, required, problem: await json(r) };
}

describe('the 402 quote', () => {
  test.each([
    [1, 50_000, 5],
    [5, 50_000, 5],
    [6, 60_000, 6],
    [100, 1_000_000, 100],
  ])('%i page(s): exactly %i micro-dollars, bound to the document, with both challenges from the card minimum', async (pages, micros, cents) => {
    const pdf = await formPdf(pages);
    const r = await post(pdf);
    expect(r.status).toBe(402);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('access-control-expose-headers')).toMatch(/PAYMENT-REQUIRED.*WWW-Authenticate.*Payment-Receipt/);
    const problem = await json(r);
    expect(problem).toMatchObject({
      status: 402,
      error: { code: 'payment_required' },
      quote: { route: 'make-fillable', pages, fillable: true, document_sha256: sha(pdf), amount: { micro_usd: micros, usdc_atomic: String(micros) }, card: { amount_cents: cents } },
    });
    const expiresAt = Date.parse(problem.quote.expires_at);
    expect(expiresAt).toBeGreaterThan(Date.now() + 250_000);
    expect(expiresAt).toBeLessThan(Date.now() + 301_000);

    const required = decodePaymentRequiredHeader(r.headers.get('payment-required')!);
    expect(required.x402Version).toBe(2);
    expect(required.accepts).toHaveLength(1);
    expect(required.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: w.chain!.network,
      asset: w.chain!.usdc,
      amount: String(micros),
      payTo: w.chain!.accounts.merchant.address,
      extra: { name: 'USD Coin', version: '2', document_sha256: sha(pdf), pages, quote_expires: Math.floor(expiresAt / 1000) },
    });

    const www = r.headers.get('www-authenticate');
    if (cents < 50) {
      expect(www).toBeNull();
      expect(problem.quote.card).toMatchObject({ offered: false, note: expect.stringContaining('0.50') });
      expect(problem.accepts.map((a: { protocol: string }) => a.protocol)).toEqual(['x402']);
    } else {
      const ch = Challenge.deserialize(www!);
      expect(ch).toMatchObject({ method: 'stripe', intent: 'charge', request: { amount: String(cents), currency: 'usd' } });
      expect(PaymentRequest.deserialize(ch.opaque!)).toMatchObject({ document_sha256: sha(pdf), pages: String(pages), route: 'make-fillable' });
      expect(Date.parse(ch.expires!)).toBe(expiresAt);
      expect(problem.challengeId).toBe(ch.id);
      expect(problem.accepts.map((a: { protocol: string }) => a.protocol)).toEqual(['x402', 'mpp']);
    }
  });

  test('a flat PDF is quoted as not fillable; a broken one is 400 before any payment', async () => {
    const flat = await post(await emptyPdf(2));
    expect((await json(flat)).quote).toMatchObject({ pages: 2, fillable: false, amount: { micro_usd: 50_000 } });
    const bad = await post(new TextEncoder().encode('not a pdf at all'));
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('not_a_pdf');
  });
});

describe('paying with @x402/fetch', () => {
  test('pays exactly the quote, settles on chain, answers the result with PAYMENT-RESPONSE', async () => {
    const pdf = await formPdf(6);
    const before = await balances();
    const client = x402Fetch(w.chain!, w.chain!.accounts.payer);
    const r = await client.fetch(url, { method: 'POST', body: multipart(pdf) });
    expect(r.status).toBe(200);
    const settlement = decodePaymentResponseHeader(r.headers.get('payment-response')!);
    expect(settlement).toMatchObject({ success: true, network: w.chain!.network, transaction: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    const body = await json(r);
    expect(body.contract).toMatchObject({ page_count: 6, field_count: 2 });
    expect(body.fillable_pdf.sha256).toBe(sha(Buffer.from(body.fillable_pdf.base64, 'base64')));
    expect(body.fillable_pdf.sha256).toBe(sha(pdf)); // already fillable: the file itself

    const after = await balances();
    expect(before.payer - after.payer).toBe(60_000n);
    expect(after.merchant - before.merchant).toBe(60_000n);
    const row = await w.s.ctx.db.payment.findFirst({ where: { reference: settlement.transaction } });
    expect(row).toMatchObject({ protocol: 'x402', status: 'succeeded', route: 'make-fillable', pages: 6, amountMicros: 60_000, documentSha256: sha(pdf), payer: w.chain!.accounts.payer.address.toLowerCase() });
    // Ephemeral: nothing but the payment record and the short-lived cached response.
    expect(await w.s.ctx.db.form.count()).toBe(0);
  });

  test('a payer without funds is refused at verification: 402, nothing runs, nothing moves', async () => {
    const c = w.chain!;
    const broke = c.accounts.deployer; // has ETH, no TestUSDC
    const before = await balances();
    const r = await x402Fetch(c, broke).fetch(url, { method: 'POST', body: multipart(await formPdf(1, 'broke')) });
    expect(r.status).toBe(402);
    expect((await json(r)).error.code).toBe('payment_invalid');
    expect(await balances()).toEqual(before);
  });

  test('a handler failure is not settled: 422, balances unchanged, the credential released', async () => {
    const before = await balances();
    const client = x402Fetch(w.chain!, w.chain!.accounts.payer);
    const r = await client.fetch(url, { method: 'POST', body: multipart(await emptyPdf(1)) });
    expect(r.status).toBe(422);
    const body = await json(r);
    expect(body.error).toMatchObject({ code: 'no_fields_detected', payment: { protocol: 'x402', charged: false } });
    expect(r.headers.get('payment-response')).toBeNull();
    expect(await balances()).toEqual(before);
    const payload = JSON.parse(client.payments[0]);
    const nonce = payload.payload.authorization.nonce.toLowerCase();
    const row = await w.s.ctx.db.payment.findFirst({ where: { credentialKey: { endsWith: nonce } } });
    expect(row).toMatchObject({ status: 'released', error: { code: 'no_fields_detected' } });
  });
});

describe('money safe both ways', () => {
  test('a credential for one document does not pay for another (same price or not)', async () => {
    const a = await formPdf(3, 'A');
    const b = await formPdf(3, 'B');
    const { header } = await quoteAndSign(a);
    const before = await balances();
    const swapped = await post(b, { 'PAYMENT-SIGNATURE': header });
    expect(swapped.status).toBe(402);
    const problem = await json(swapped);
    expect(problem.error.code).toBe('document_mismatch');
    expect(problem.quote.document_sha256).toBe(sha(b)); // a fresh quote for what was uploaded
    const bigger = await post(await formPdf(7, 'A'), { 'PAYMENT-SIGNATURE': header });
    expect((await json(bigger)).error.code).toBe('amount_mismatch');
    expect(await balances()).toEqual(before);
    // The credential still pays for the document it was quoted for.
    const right = await post(a, { 'PAYMENT-SIGNATURE': header });
    expect(right.status).toBe(200);
    expect((await balances()).payer).toBe(before.payer - 50_000n);
  });

  test('a tampered payment (expiry, recipient, asset, signed amount) is refused by the gate itself', async () => {
    const pdf = await formPdf(2, 'tamper');
    const { payload } = await quoteAndSign(pdf);
    const cases: [string, (p: typeof payload) => void][] = [
      ['invalid_quote', (p) => (p.accepted.extra.quote_expires = Number(p.accepted.extra.quote_expires) + 3600)],
      ['recipient_mismatch', (p) => (p.accepted.payTo = w.chain!.accounts.payer2.address)],
      ['asset_mismatch', (p) => (p.accepted.asset = '0x' + '22'.repeat(20))],
      ['recipient_mismatch', (p) => ((p.payload.authorization as { to: string }).to = w.chain!.accounts.payer2.address)],
      ['amount_mismatch', (p) => ((p.payload.authorization as { value: string }).value = '1')],
    ];
    const before = await balances();
    for (const [code, tamper] of cases) {
      const copy = structuredClone(payload);
      tamper(copy);
      const r = await post(pdf, { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(copy) });
      expect(r.status, code).toBe(402);
      expect((await json(r)).error.code).toBe(code);
    }
    expect(await balances()).toEqual(before);
    expect(await w.s.ctx.db.payment.count({ where: { documentSha256: sha(pdf) } })).toBe(0); // refused before the lock
  });

  test('a replayed credential runs nothing and pays nothing again: the first result is returned', async () => {
    const pdf = await formPdf(4, 'replay');
    const { header } = await quoteAndSign(pdf);
    const before = await balances();
    const first = await post(pdf, { 'PAYMENT-SIGNATURE': header });
    expect(first.status).toBe(200);
    const firstBody = await first.text();
    const again = await post(pdf, { 'PAYMENT-SIGNATURE': header });
    expect(again.status).toBe(200);
    expect(again.headers.get('payment-replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get('payment-response')).toBe(first.headers.get('payment-response'));
    expect((await balances()).payer).toBe(before.payer - 50_000n);
    // Replayed for another document: refused.
    const other = await post(await formPdf(4, 'other'), { 'PAYMENT-SIGNATURE': header });
    expect(other.status).toBe(402);
  });

  test('concurrent replays: the handler runs once, the payment settles once', async () => {
    const pdf = await formPdf(5, 'race');
    const { header } = await quoteAndSign(pdf);
    const before = await balances();
    const replies = await Promise.all([1, 2, 3, 4].map(() => post(pdf, { 'PAYMENT-SIGNATURE': header })));
    const fresh = replies.filter((r) => r.status === 200 && r.headers.get('payment-replayed') !== 'true');
    expect(fresh).toHaveLength(1);
    for (const r of replies) {
      if (r === fresh[0]) continue;
      expect([409, 200]).toContain(r.status);
      if (r.status === 409) {
        expect((await json(r)).error.code).toBe('payment_in_progress');
        expect(r.headers.get('retry-after')).toBe('2');
      } else expect(r.headers.get('payment-replayed')).toBe('true');
    }
    expect((await balances()).payer).toBe(before.payer - 50_000n);
    const auth = decodePaymentResponseHeader(fresh[0].headers.get('payment-response')!);
    expect(await w.s.ctx.db.payment.count({ where: { reference: auth.transaction } })).toBe(1);
  });

  test('an expired quote is refused with a fresh one, before anything is verified', async () => {
    const pdf = await formPdf(2, 'late');
    const { header } = await quoteAndSign(pdf);
    const before = await balances();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    let r;
    try {
      r = await post(pdf, { 'PAYMENT-SIGNATURE': header });
    } finally {
      vi.useRealTimers();
    }
    expect(r.status).toBe(402);
    const problem = await json(r);
    expect(problem.error.code).toBe('quote_expired');
    expect(problem.type).toBe('https://paymentauth.org/problems/payment-expired');
    expect(r.headers.get('payment-required')).toBeTruthy();
    expect(await balances()).toEqual(before);
  });

  test('payment-identifier: a retry after a lost response gets the first result without paying again', async () => {
    const pdf = await formPdf(3, 'lost');
    const id = `pay_${Date.now()}_retry_test`;
    const before = await balances();
    const first = await x402Fetch(w.chain!, w.chain!.accounts.payer, { paymentId: id }).fetch(url, { method: 'POST', body: multipart(pdf) });
    expect(first.status).toBe(200);
    const firstBody = await json(first);
    // The response was "lost": the client retries from scratch, signing a new authorization under the same id.
    const retry = x402Fetch(w.chain!, w.chain!.accounts.payer, { paymentId: id });
    const second = await retry.fetch(url, { method: 'POST', body: multipart(pdf) });
    expect(second.status).toBe(200);
    expect(second.headers.get('payment-replayed')).toBe('true');
    expect(await json(second)).toEqual(firstBody);
    expect(retry.payments).toHaveLength(1); // it did sign, but that authorization is never settled
    expect((await balances()).payer).toBe(before.payer - 50_000n);
    // The same id from another payer, or for another document, is a conflict.
    const thief = await x402Fetch(w.chain!, w.chain!.accounts.payer2, { paymentId: id }).fetch(url, { method: 'POST', body: multipart(pdf) });
    expect(thief.status).toBe(409);
    const other = await x402Fetch(w.chain!, w.chain!.accounts.payer, { paymentId: id }).fetch(url, { method: 'POST', body: multipart(await formPdf(3, 'x')) });
    expect(other.status).toBe(409);
    expect((await json(other)).error.code).toBe('payment_identifier_conflict');
  });

  test('both credentials at once are refused', async () => {
    const pdf = await formPdf(1, 'both');
    const { header } = await quoteAndSign(pdf);
    const r = await post(pdf, { 'PAYMENT-SIGNATURE': header, Authorization: 'Payment abc' });
    expect(r.status).toBe(400);
    expect((await json(r)).error.code).toBe('multiple_payment_credentials');
  });
});

describe('discovery', () => {
  test('/openapi.json describes the paid routes, their prices and both protocols (valid MPP discovery)', async () => {
    const r = await fetch(`${w.s.url}/openapi.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const doc = await json(r);
    expect(validateDiscovery(doc).filter((e) => e.severity === 'error'), JSON.stringify(validateDiscovery(doc))).toEqual([]);
    const op = doc.paths['/pay/make-fillable'].post;
    expect(op.responses['402']).toBeTruthy();
    expect(op.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(op['x-payment-info'].price_from_usd).toBe('0.05');
    for (const o of op['x-payment-info'].offers) expect(o.description).toContain('From 0.05 USD');
    expect(op['x-payment-info'].offers.map((o: { method: string }) => o.method).sort()).toEqual(['stripe', 'x402']);
    expect(op['x-payment-info'].offers.find((o: { method: string }) => o.method === 'x402')).toMatchObject({ network: w.chain!.network, asset: w.chain!.usdc });
    expect(doc['x-service-info'].docs.llms).toMatch(/\/pay\/llms\.txt$/);
    expect(doc.paths['/pay/quote'].post).toBeTruthy();
    // Only what a caller without an account may use: the paid routes, the price list and the free library search.
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/pay/') && p !== '/pricing')).toEqual(['/library/search']);
  });

  test('/pay/llms.txt tells an agent how to quote and pay', async () => {
    const r = await fetch(`${w.s.url}/pay/llms.txt`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await r.text();
    for (const s of ['/pay/quote', '/pay/make-fillable', '@x402/fetch', '$1', 'setSpendControls', 'mppx', 'PAYMENT-SIGNATURE', 'Authorization: Payment', w.chain!.network, 'payment-identifier']) {
      expect(text, s).toContain(s);
    }
  });
});
