// Pay-per-call by card with MPP: the mppx client pays with a (fake) Stripe Shared Payment Token,
// the service charges it through mppx and the real Stripe SDK pointed at the local Stripe stub,
// and the tests read the stub's PaymentIntents and refunds after every call.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { Receipt } from 'mppx';
import { startPayWorld, formPdf, emptyPdf, multipart, mppFetch, type PayWorld, json } from './helpers.ts';
import { eventually } from '../helpers/server.ts';

let w: PayWorld;
let url: string;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  w = await startPayWorld({ stripe: true });
  url = `${w.s.url}/pay/make-fillable`;
});
afterAll(async () => {
  await w?.close();
});

const post = (pdf: Uint8Array, headers: Record<string, string> = {}) => fetch(url, { method: 'POST', body: multipart(pdf), headers });
const intents = () => [...w.stripe!.paymentIntents.values()];

/** A credential for the 402 of `pdf`, created by the mppx client but not sent. */
async function credentialFor(pdf: Uint8Array) {
  const r = await post(pdf);
  expect(r.status).toBe(402);
  const m = mppFetch();
  return { authorization: await m.mppx.createCredential(r), token: () => m.tokens[0] };
}

describe('paying by card', () => {
  test('the mppx client pays a 100-page document: one confirmed PaymentIntent of exactly the quote, Payment-Receipt', async () => {
    const pdf = await formPdf(100);
    const before = intents().length;
    const m = mppFetch();
    const r = await m.fetch(url, { method: 'POST', body: multipart(pdf) });
    expect(r.status).toBe(200);
    const receipt = Receipt.deserialize(r.headers.get('payment-receipt')!);
    expect(receipt).toMatchObject({ method: 'stripe', status: 'success', reference: expect.stringMatching(/^pi_/) });
    const body = await json(r);
    expect(body.contract).toMatchObject({ page_count: 100, field_count: 2 });

    expect(intents()).toHaveLength(before + 1);
    const pi = w.stripe!.paymentIntents.get(receipt.reference)!;
    expect(pi).toMatchObject({ amount: 100, currency: 'usd', status: 'succeeded', amount_refunded: 0, shared_payment_granted_token: m.tokens[0] });
    expect(pi.metadata.mpp_challenge_id).toBeTruthy();
    const req = w.stripe!.requests.find((q) => q.path === '/v1/payment_intents' && q.body.shared_payment_granted_token === m.tokens[0])!;
    expect(req.headers['idempotency-key']).toBe(`mpp_${pi.metadata.mpp_challenge_id}_${m.tokens[0]}`);
    expect(req.headers.authorization).toBe('Bearer sk_test_stub'); // our Stripe SDK client, not a hard-coded key path
    const row = await w.s.ctx.db.payment.findFirst({ where: { reference: receipt.reference } });
    expect(row).toMatchObject({ protocol: 'mpp', status: 'succeeded', chargeAmount: 100, amountMicros: 1_000_000, currency: 'usd', pages: 100, documentSha256: sha(pdf) });
  });

  test('below the 50-cent card minimum no card challenge is offered, so a card-only client cannot pay', async () => {
    const before = intents().length;
    const r = await post(await formPdf(10, 'small'));
    expect(r.status).toBe(402);
    expect(r.headers.get('www-authenticate')).toBeNull();
    const problem = await json(r);
    expect(problem.quote.card).toMatchObject({ amount_cents: 10, offered: false });
    expect(problem.accepts).toEqual([]);
    expect(problem.detail).toContain('no payment method configured for this amount');
    await expect(mppFetch().fetch(url, { method: 'POST', body: multipart(await formPdf(10, 'small')) })).rejects.toThrow();
    expect(intents()).toHaveLength(before);
  });

  test('a declined card: 402 with a fresh challenge, nothing recorded as paid', async () => {
    const pdf = await formPdf(52, 'declined');
    const m = mppFetch({ token: () => 'spt_decline_1' });
    const r = await m.fetch(url, { method: 'POST', body: multipart(pdf) });
    expect(r.status).toBe(402);
    expect((await json(r)).error.code).toBe('payment_failed');
    expect(r.headers.get('www-authenticate')).toMatch(/^Payment /);
    expect(await w.s.ctx.db.payment.count({ where: { documentSha256: sha(pdf), status: { not: 'released' } } })).toBe(0);
  });
});

describe('money safe both ways', () => {
  test('a handler failure after the charge is refunded in full', async () => {
    const pdf = await emptyPdf(50); // 50 pages: 0.50 USD, nothing to detect
    const m = mppFetch();
    const r = await m.fetch(url, { method: 'POST', body: multipart(pdf) });
    expect(r.status).toBe(422);
    const body = await json(r);
    expect(body.error).toMatchObject({ code: 'no_fields_detected', payment: { protocol: 'mpp', charged: true, refund: { status: 'succeeded', id: expect.stringMatching(/^re_/) } } });
    const pi = w.stripe!.paymentIntents.get(body.error.payment.payment_intent)!;
    expect(pi).toMatchObject({ amount: 50, amount_refunded: 50 });
    expect(w.stripe!.refunds.filter((x) => x.payment_intent === pi.id)).toHaveLength(1);
    const row = await w.s.ctx.db.payment.findFirst({ where: { reference: pi.id }, include: { refunds: true } });
    expect(row).toMatchObject({ status: 'refunded' });
    expect(row!.refunds).toMatchObject([{ status: 'succeeded', amount: 50, reason: 'no_fields_detected', stripeRefundId: body.error.payment.refund.id }]);
  });

  test('a refund that Stripe cannot take now is retried by a job until it is done', async () => {
    w.stripe!.outage = /^\/v1\/refunds$/;
    let piId: string;
    try {
      const r = await mppFetch().fetch(url, { method: 'POST', body: multipart(await emptyPdf(51)) });
      expect(r.status).toBe(422);
      const body = await json(r);
      expect(body.error.payment).toMatchObject({ charged: true, refund: { status: 'pending' } });
      piId = body.error.payment.payment_intent;
      expect(w.stripe!.paymentIntents.get(piId)!.amount_refunded).toBe(0);
      expect(await w.s.ctx.db.payment.findFirst({ where: { reference: piId } })).toMatchObject({ status: 'refund_pending' });
    } finally {
      w.stripe!.outage = false;
    }
    await eventually(async () => ((await w.s.ctx.db.payment.findFirst({ where: { reference: piId } }))?.status === 'refunded' ? true : undefined), 20_000, 'refund retried');
    expect(w.stripe!.paymentIntents.get(piId)!.amount_refunded).toBe(51);
    expect(w.stripe!.refunds.filter((x) => x.payment_intent === piId)).toHaveLength(1);
  });

  test('a credential for one document does not pay for another', async () => {
    const a = await formPdf(53, 'A');
    const b = await formPdf(53, 'B');
    const { authorization } = await credentialFor(a);
    const before = intents().length;
    const r = await post(b, { Authorization: authorization });
    expect(r.status).toBe(402);
    const problem = await json(r);
    expect(problem.error.code).toBe('document_mismatch');
    expect(problem.quote.document_sha256).toBe(sha(b));
    expect(intents()).toHaveLength(before);
    // Sent with Payment-Authorization instead of Authorization, for the right document: paid.
    const ok = await post(a, { 'Payment-Authorization': authorization });
    expect(ok.status).toBe(200);
    expect(intents()).toHaveLength(before + 1);
  });

  test('replays, sequential and concurrent: one PaymentIntent, the first result returned again', async () => {
    const pdf = await formPdf(54, 'replay');
    const { authorization } = await credentialFor(pdf);
    const before = intents().length;
    const replies = await Promise.all([1, 2, 3].map(() => post(pdf, { Authorization: authorization })));
    const fresh = replies.filter((r) => r.status === 200 && r.headers.get('payment-replayed') !== 'true');
    expect(fresh).toHaveLength(1);
    for (const r of replies.filter((x) => x !== fresh[0])) expect([409, 200], r.status === 402 ? await r.clone().text() : '').toContain(r.status);
    const freshBody = await fresh[0].text();
    const again = await post(pdf, { Authorization: authorization });
    expect(again.status).toBe(200);
    expect(again.headers.get('payment-replayed')).toBe('true');
    expect(again.headers.get('payment-receipt')).toBe(fresh[0].headers.get('payment-receipt'));
    expect(await again.text()).toBe(freshBody);
    expect(intents()).toHaveLength(before + 1);
  });

  test('an expired challenge is refused before Stripe is called', async () => {
    const pdf = await formPdf(55, 'late');
    const { authorization } = await credentialFor(pdf);
    const before = w.stripe!.requests.length;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 301_000);
    let r;
    try {
      r = await post(pdf, { Authorization: authorization });
    } finally {
      vi.useRealTimers();
    }
    expect(r.status).toBe(402);
    const problem = await json(r);
    expect(problem.error.code).toBe('quote_expired');
    expect(r.headers.get('www-authenticate')).toMatch(/^Payment /);
    expect(w.stripe!.requests.length).toBe(before);
  });

  test('a forged challenge (not issued by us) or a garbled credential is refused', async () => {
    const pdf = await formPdf(56, 'forged');
    const { authorization } = await credentialFor(pdf);
    const decoded = JSON.parse(Buffer.from(authorization.replace(/^Payment /, ''), 'base64url').toString());
    decoded.challenge.request = Buffer.from(JSON.stringify({ amount: '1', currency: 'usd', methodDetails: { networkId: 'internal', paymentMethodTypes: ['card'] } })).toString('base64url');
    const forged = `Payment ${Buffer.from(JSON.stringify(decoded)).toString('base64url')}`;
    const r = await post(pdf, { Authorization: forged });
    expect(r.status).toBe(402);
    expect(['invalid_quote', 'amount_mismatch']).toContain((await json(r)).error.code);
    const garbled = await post(pdf, { Authorization: 'Payment %%%not-base64%%%' });
    expect(garbled.status).toBe(402);
    expect((await json(garbled)).error.code).toBe('malformed_payment');
  });
});
