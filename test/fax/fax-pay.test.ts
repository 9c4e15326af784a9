// POST /pay/fax against the local chain (x402, in-process facilitator), the Stripe stub (MPP card)
// and the Telnyx stand-in: the 402 quotes pages × per-page price bound to the document and the
// number; x402 settles only once the provider accepted the fax; a fax that finally fails is
// refunded (card: a Stripe refund; x402: a transfer back to the payer); a provider failure
// inside the paid request charges nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWalletClient, http } from 'viem';
import { hardhat } from 'viem/chains';
import { KEYS, testUsdcAbi } from '../helpers/chain.ts';
import { eventually } from '../helpers/server.ts';
import { startTelnyxStub, telnyxEnv, type TelnyxStub } from '../helpers/telnyx-stub.ts';
import { startPayWorld, formPdf, x402Fetch, mppFetch, decodeB64Json, json, type PayWorld } from '../payments/helpers.ts';

let w: PayWorld;
let telnyx: TelnyxStub;
let url: string;

beforeAll(async () => {
  telnyx = await startTelnyxStub();
  w = await startPayWorld({ x402: true, stripe: true, env: { ...telnyxEnv(telnyx), X402_REFUND_PRIVATE_KEY: KEYS.merchant } });
  telnyx.target = w.s.url;
  url = `${w.s.url}/pay/fax`;
  const c = w.chain!;
  await Promise.all([c.mint(c.accounts.payer.address, 20_000_000n), c.mint(c.accounts.payer2.address, 20_000_000n), c.mint(c.accounts.merchant.address, 20_000_000n)]);
});
afterAll(async () => {
  await w?.close();
  await telnyx?.close();
});

let n = 0;
const doc = (pages: number) => formPdf(pages, `payfax-${++n}`);
function form(pdf: Uint8Array, to = '+12025550143', extra: Record<string, string> = {}): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'letter.pdf');
  fd.append('to', to);
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  return fd;
}
const providerFax = (faxId: string) => telnyx.faxes.find((f) => Buffer.from(String(f.body.client_state), 'base64').toString() === faxId)!;

describe('quote', () => {
  test('402: pages × 0.03 USD, cover page counted; /pay/quote prices fax; a bad number is 400 before any quote', async () => {
    const r = await fetch(url, { method: 'POST', body: form(await doc(4), '+12025550143', { cover_subject: 'Records request' }) });
    expect(r.status).toBe(402);
    const body = await json(r);
    expect(body.quote).toMatchObject({ route: 'fax', pages: 5, amount: { micro_usd: 150_000, usd: '0.15' } });
    expect(decodeB64Json(r.headers.get('payment-required')).accepts[0]).toMatchObject({ amount: '150000' });
    const q = await fetch(`${w.s.url}/pay/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pages: 4, fillable: false }) });
    expect((await json(q)).routes.fax).toMatchObject({ available: true, micro_usd: 120_000, usd: '0.12' });
    const bad = await fetch(url, { method: 'POST', body: form(await doc(1), '+44 20 7946 0958') });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('fax_country_not_allowed');
  });
});

test('/pay/llms.txt lists /pay/fax with its fields: the number `to` (required) and the cover page', async () => {
  const text = await (await fetch(`${w.s.url}/pay/llms.txt`)).text();
  const line = text.split('\n').find((l) => l.includes('/pay/fax '));
  expect(line).toMatch(/multipart: file=@your\.pdf; to: fax number/);
  expect(line).toContain('cover_subject (optional)');
  // The other routes keep their own fields.
  expect(text.split('\n').find((l) => l.includes('/pay/fill-with-context '))).toMatch(/context=@doc \(up to \d+\)/);
});

describe('x402', () => {
  test('paid, accepted by the provider, settled, delivered; the quote does not pay for another number', async () => {
    const pdf = await doc(2);
    const payer = x402Fetch(w.chain!, w.chain!.accounts.payer);
    const before = await w.chain!.balanceOf(w.chain!.accounts.payer.address);
    const r = await payer.fetch(url, { method: 'POST', body: form(pdf) });
    expect(r.status).toBe(200);
    expect(decodeB64Json(r.headers.get('payment-response'))).toMatchObject({ success: true });
    const body = await json(r);
    expect(body.fax).toMatchObject({ status: 'sending', pages: 2, attempts: 1, to: '+1 ••• ••• 0143' });
    expect(await w.chain!.balanceOf(w.chain!.accounts.payer.address)).toBe(before - 60_000n);
    const fax = providerFax(body.fax.fax_id);
    expect(fax.body.to).toBe('+12025550143');

    await telnyx.webhook(fax, 'fax.delivered', { pages: 2 });
    const status = await (await fetch(body.status_url.replace(/^http:\/\/localhost:\d+/, w.s.url))).json();
    expect(status).toMatchObject({ status: 'delivered', pages_sent: 2, price: { charged_usd: '0.06' }, documents_deleted: true });
    expect((await fetch(`${w.s.url}/pay/fax/${body.fax.fax_id}?token=wrong`)).status).toBe(404);

    // The payment for this document and number, presented with another number.
    const paid = JSON.parse(payer.payments[0]);
    const other = await fetch(url, { method: 'POST', body: form(pdf, '+14165550199'), headers: { 'PAYMENT-SIGNATURE': Buffer.from(JSON.stringify(paid)).toString('base64') } });
    expect(other.status).toBe(402);
    expect((await json(other)).error.code).toBe('document_mismatch');
  });

  test('a fax that finally fails is refunded by a transfer back to the payer', async () => {
    const payer = x402Fetch(w.chain!, w.chain!.accounts.payer2);
    const before = await w.chain!.balanceOf(w.chain!.accounts.payer2.address);
    const r = await payer.fetch(url, { method: 'POST', body: form(await doc(3)) });
    expect(r.status).toBe(200);
    const body = await json(r);
    expect(await w.chain!.balanceOf(w.chain!.accounts.payer2.address)).toBe(before - 90_000n);
    await telnyx.webhook(providerFax(body.fax.fax_id), 'fax.failed', { reason: 'receiver_decline' });
    const fax = await w.s.ctx.db.fax.findUniqueOrThrow({ where: { id: body.fax.fax_id } });
    expect(fax).toMatchObject({ status: 'failed', failureReason: 'receiver_decline', chargedMicros: 0 });
    const payment = await eventually(async () => {
      const p = await w.s.ctx.db.payment.findUniqueOrThrow({ where: { id: fax.paymentId! }, include: { refunds: true } });
      return p.status === 'refunded' ? p : undefined;
    }, 20_000, 'x402 refund');
    expect(payment.refunds[0]).toMatchObject({ status: 'succeeded', amount: 90_000, transaction: expect.stringMatching(/^0x/) });
    expect(await w.chain!.balanceOf(w.chain!.accounts.payer2.address)).toBe(before);
  });

  test('delivered in part: the pages not transmitted are refunded, the payment stays paid', async () => {
    const payer = x402Fetch(w.chain!, w.chain!.accounts.payer2);
    const before = await w.chain!.balanceOf(w.chain!.accounts.payer2.address);
    const r = await payer.fetch(url, { method: 'POST', body: form(await doc(3)) });
    expect(r.status).toBe(200);
    const body = await json(r);
    await telnyx.webhook(providerFax(body.fax.fax_id), 'fax.delivered', { pages: 1 });
    const fax = await w.s.ctx.db.fax.findUniqueOrThrow({ where: { id: body.fax.fax_id } });
    expect(fax).toMatchObject({ status: 'delivered', pagesSent: 1, chargedMicros: 30_000 });
    const refund = await eventually(async () => (await w.s.ctx.db.paymentRefund.findFirst({ where: { paymentId: fax.paymentId!, status: 'succeeded' } })) ?? undefined, 20_000, 'partial refund');
    expect(refund.amount).toBe(60_000);
    expect((await w.s.ctx.db.payment.findUniqueOrThrow({ where: { id: fax.paymentId! } })).status).toBe('succeeded');
    expect(await w.chain!.balanceOf(w.chain!.accounts.payer2.address)).toBe(before - 30_000n);
  });

  test('settlement fails after the provider accepted: the fax is cancelled at the provider, nothing charged', async () => {
    const c = w.chain!;
    const payer = c.accounts.payer2;
    const balance = await c.balanceOf(payer.address);
    // While the provider takes the fax, the payer moves its money away: the payment verified, the settlement then fails.
    telnyx.answers.push({
      before: async () => {
        const wallet = createWalletClient({ account: payer, chain: hardhat, transport: http(c.rpcUrl) });
        await wallet.writeContract({ address: c.usdc, abi: testUsdcAbi, functionName: 'transfer', args: [c.accounts.deployer.address, balance] });
      },
    });
    const r = await x402Fetch(c, payer).fetch(url, { method: 'POST', body: form(await doc(1)) });
    expect(r.status).toBe(402);
    expect((await json(r)).error.code).toBe('settlement_failed');
    const fax = await w.s.ctx.db.fax.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
    expect(fax).toMatchObject({ status: 'failed', failureReason: 'payment_not_settled' });
    expect(telnyx.cancelled).toContain(fax.providerFaxId);
    expect((await w.s.ctx.db.payment.findUniqueOrThrow({ where: { id: fax.paymentId! } })).status).toBe('released');
    await c.mint(payer.address, 20_000_000n);
  });

  test('the provider failing inside the paid request: 503, nothing settled; the same document is then refused as a duplicate only while a fax is alive', async () => {
    const pdf = await doc(1);
    const payer = x402Fetch(w.chain!, w.chain!.accounts.payer);
    const before = await w.chain!.balanceOf(w.chain!.accounts.payer.address);
    telnyx.answers.push({ status: 500 });
    const r = await payer.fetch(url, { method: 'POST', body: form(pdf) });
    expect(r.status).toBe(503);
    expect((await json(r)).error).toMatchObject({ code: 'provider_unavailable', payment: { protocol: 'x402', charged: false } });
    expect(await w.chain!.balanceOf(w.chain!.accounts.payer.address)).toBe(before);

    // Timeout: the same, nothing charged.
    telnyx.answers.push('hang');
    const t = await x402Fetch(w.chain!, w.chain!.accounts.payer).fetch(url, { method: 'POST', body: form(await doc(1)) });
    expect(t.status).toBe(503);
    expect((await json(t)).error.code).toBe('provider_timeout');
    expect(await w.chain!.balanceOf(w.chain!.accounts.payer.address)).toBe(before);

    // The failed fax does not block a new one; a live one does (409, nothing settled).
    const ok = await x402Fetch(w.chain!, w.chain!.accounts.payer).fetch(url, { method: 'POST', body: form(pdf) });
    expect(ok.status).toBe(200);
    const dup = await x402Fetch(w.chain!, w.chain!.accounts.payer).fetch(url, { method: 'POST', body: form(pdf) });
    expect(dup.status).toBe(409);
    expect((await json(dup)).error.code).toBe('fax_duplicate');
    expect(await w.chain!.balanceOf(w.chain!.accounts.payer.address)).toBe(before - 30_000n);
  });
});

describe('card (MPP)', () => {
  test('paid by card; a fax that finally fails is refunded in full through Stripe', async () => {
    const m = mppFetch();
    const r = await m.fetch(url, { method: 'POST', body: form(await doc(20)) });
    expect(r.status).toBe(200);
    expect(r.headers.get('payment-receipt')).toBeTruthy();
    const body = await json(r);
    const fax = await w.s.ctx.db.fax.findUniqueOrThrow({ where: { id: body.fax.fax_id } });
    const payment = await w.s.ctx.db.payment.findUniqueOrThrow({ where: { id: fax.paymentId! } });
    expect(payment).toMatchObject({ protocol: 'mpp', status: 'succeeded', chargeAmount: 60, amountMicros: 600_000 });
    expect(w.stripe!.paymentIntents.get(payment.reference!)).toMatchObject({ amount: 60, status: 'succeeded' });

    await telnyx.webhook(providerFax(fax.id), 'fax.failed', { reason: 'receiver_unallocated_number' });
    const refund = await eventually(async () => w.stripe!.refunds.find((x) => x.payment_intent === payment.reference), 20_000, 'card refund');
    expect(refund.amount).toBe(60);
    // Stripe answers before the payment row is marked: the row follows.
    const settled = await eventually(async () => {
      const row = await w.s.ctx.db.payment.findUniqueOrThrow({ where: { id: payment.id } });
      return row.status === 'refund_pending' ? undefined : row;
    }, 20_000, 'payment marked');
    expect(settled.status).toBe('refunded');
  });

  test('a card-paid fax that is delivered stays charged', async () => {
    const m = mppFetch();
    const r = await m.fetch(url, { method: 'POST', body: form(await doc(17)) });
    expect(r.status).toBe(200);
    const body = await json(r);
    await telnyx.webhook(providerFax(body.fax.fax_id), 'fax.delivered', { pages: 17 });
    const fax = await w.s.ctx.db.fax.findUniqueOrThrow({ where: { id: body.fax.fax_id } });
    expect(fax).toMatchObject({ status: 'delivered', chargedMicros: 510_000 });
    await new Promise((r) => setTimeout(r, 300)); // no refund job follows a full delivery
    const payment = await w.s.ctx.db.payment.findUniqueOrThrow({ where: { id: fax.paymentId! } });
    expect(payment.status).toBe('succeeded');
    expect(w.stripe!.refunds.find((x) => x.payment_intent === payment.reference)).toBeUndefined();
  });
});
