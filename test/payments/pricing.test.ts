// The price list (validated at load), exact quotes, GET /pricing, POST /pay/quote, and the
// embedded default: no payment configured, /pay still quotes but offers no way to pay, and
// accounts are not held to the free tier.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { useServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { formPdf, multipart, json } from './helpers.ts';
import { loadPriceList, microsToUsd, priceList, quote, type PayRoute } from '../../src/payments/pricing.ts';
import { paymentSettings } from '../../src/payments/settings.ts';
import { loadConfig } from '../../src/config.ts';
import { periodOf } from '../../src/store/usage.ts';

const h = useServer();

describe('the price list', () => {
  const shipped = JSON.parse(readFileSync(new URL('../../pricing/prices.json', import.meta.url), 'utf8'));
  const broken = (mutate: (p: typeof shipped) => void) => {
    const copy = structuredClone(shipped);
    mutate(copy);
    const file = join(mkdtempSync(join(tmpdir(), 'prices-')), 'prices.json');
    writeFileSync(file, JSON.stringify(copy));
    return () => loadPriceList(file);
  };

  test('the shipped list is valid and carries the interface floors (§4.9)', () => {
    const list = priceList();
    const floors = Object.fromEntries(Object.entries(list.pay_per_call.routes).map(([r, s]) => [r, s.floor]));
    expect(floors).toEqual({ 'make-fillable': 50_000, 'fill-with-context': 80_000, fill: 70_000, read: 10_000, fax: 30_000, 'library-create': 50_000 });
    expect(list.kinds.fax_page).toMatchObject({ base: 30_000, included_pages: 1, per_extra_page: 30_000 });
    expect(list.accounts.free_tier_page_cap).toBe(5);
  });

  test('amounts must be integers, a floor may not exceed the ceiling, every kind must be priced', () => {
    expect(broken((p) => (p.kinds.read.base = 0.5))).toThrow(/kinds\.read\.base/);
    expect(broken((p) => (p.kinds.fill.per_extra_page = -1))).toThrow(/per_extra_page/);
    expect(broken((p) => (p.pay_per_call.routes.fax.floor = p.pay_per_call.ceiling + 1))).toThrow(/floor above the ceiling/);
    expect(broken((p) => delete p.kinds.verify)).toThrow(/kinds\.verify/);
    expect(broken((p) => (p.accounts.monthly_free_allowance.read = '100'))).toThrow(/monthly_free_allowance\.read/);
  });

  test.each([
    ['make-fillable', 1, true, 50_000],
    ['make-fillable', 5, false, 50_000],
    ['make-fillable', 6, false, 60_000],
    ['make-fillable', 100, false, 1_000_000],
    ['fill', 1, true, 70_000],
    ['fill', 6, true, 75_000],
    ['fill', 6, false, 135_000], // a flat PDF is made fillable first
    ['fill-with-context', 100, false, 80_000 + 950_000 + 1_000_000],
    ['read', 7, true, 14_000],
    ['fax', 1, true, 30_000],
    ['fax', 4, true, 120_000],
  ] as [PayRoute, number, boolean, number][])('%s, %i page(s), fillable %s: %i micro-dollars', (route, pages, fillable, micros) => {
    const q = quote(priceList(), route, pages, fillable);
    expect(q.micros).toBe(micros);
    expect(q.cents).toBe(Math.ceil(micros / 10_000));
    expect(q.cardAllowed).toBe(q.cents >= 50);
  });

  test('the ceiling caps, the floor raises, cards round up to the cent', () => {
    const list = structuredClone(priceList());
    list.kinds.read = { ...list.kinds.read, base: 1_234, included_pages: 1, per_extra_page: 1 };
    expect(quote(list, 'read', 3, true)).toMatchObject({ micros: 10_000, floorApplied: true });
    list.pay_per_call.routes.read.floor = 0;
    expect(quote(list, 'read', 3, true)).toMatchObject({ micros: 1_236, cents: 1, floorApplied: false });
    list.pay_per_call.ceiling = 1_000;
    expect(quote(list, 'read', 3, true)).toMatchObject({ micros: 1_000, ceilingApplied: true });
    expect(microsToUsd(1_000_000)).toBe('1.00');
    expect(microsToUsd(60_000)).toBe('0.06');
    expect(microsToUsd(1_234)).toBe('0.001234');
  });
});

describe('GET /pricing and POST /pay/quote', () => {
  test('/pricing needs no key, is cacheable for an hour and publishes kinds, free tier, floors and ceiling', async () => {
    const r = await client(h.s.url).get('/pricing');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.body.unit).toBe('micro_usd');
    expect(r.body.kinds.make_fillable).toMatchObject({ base_micro_usd: 50_000, included_pages: 5, per_extra_page_micro_usd: 10_000, base_usd: '0.05' });
    expect(r.body.free_tier).toMatchObject({ page_cap: 5, page_capped_kinds: ['fill_with_context', 'verify'], monthly_free_allowance: priceList().accounts.monthly_free_allowance });
    expect(r.body.pay_per_call).toMatchObject({ ceiling_micro_usd: priceList().pay_per_call.ceiling, card_minimum_cents: 50 });
    expect(r.body.pay_per_call.routes['make-fillable']).toMatchObject({ path: '/pay/make-fillable', price_from_usd: '0.05' });
    expect(r.body.pay_per_call.routes.fax.price_from_usd).toBe('0.03');
  });

  test('/pay/quote returns the exact price of every route; bad input is 400', async () => {
    const anon = client(h.s.url);
    const r = await anon.post('/pay/quote', { pages: 6, fillable: false });
    expect(r.status).toBe(200);
    expect(r.body.routes['make-fillable']).toMatchObject({ available: true, micro_usd: 60_000, usd: '0.06', usdc_atomic: '60000', card: { amount_cents: 6, offered: false } });
    expect(r.body.routes.fill).toMatchObject({ available: true, micro_usd: 135_000, breakdown: [{ kind: 'make_fillable', micro_usd: 60_000 }, { kind: 'fill', micro_usd: 75_000 }] });
    expect(r.body.routes.fax).toMatchObject({ available: false });
    expect(r.body.payment).toEqual({ x402: null, mpp: null });
    for (const bad of [{ pages: 0, fillable: true }, { pages: 101, fillable: true }, { pages: 2.5, fillable: true }, { pages: 3 }]) {
      const b = await anon.post('/pay/quote', bad);
      expect(b.status, JSON.stringify(bad)).toBe(400);
      expect(b.body.error.code).toBe('invalid_request');
    }
  });

  test('the internal OpenAPI document describes every new route', async () => {
    const doc = (await client(h.s.url).get('/internal/openapi.json')).body;
    for (const [path, method] of [['/pricing', 'get'], ['/pay/quote', 'post'], ['/pay/make-fillable', 'post'], ['/openapi.json', 'get'], ['/pay/llms.txt', 'get'], ['/billing/stripe/webhook', 'post']]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
      expect(doc.paths[path][method].security).toEqual([]);
    }
    expect(Object.keys(doc.paths['/pay/make-fillable'].post.responses)).toEqual(expect.arrayContaining(['200', '402', '409', '413', '422']));
  });
});

describe('embedded default: no payment configured', () => {
  test('/pay quotes the document but offers nothing to pay with, and says so', async () => {
    const r = await fetch(`${h.s.url}/pay/make-fillable`, { method: 'POST', body: multipart(await formPdf(6)) });
    expect(r.status).toBe(402);
    expect(r.headers.get('payment-required')).toBeNull();
    expect(r.headers.get('www-authenticate')).toBeNull();
    const body = await json(r);
    expect(body).toMatchObject({ accepts: [], quote: { pages: 6, amount: { micro_usd: 60_000 } } });
    expect(body.detail).toContain('no payment method configured');
  });

  test('one definition of fillable prices the document: push buttons alone are no form (make_fillable is added)', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.getForm().createButton('print').addToPage('Print', page, { x: 72, y: 700, width: 80, height: 20, font });
    const quoteOf = async (pdf: Uint8Array) => {
      const body = multipart(pdf);
      body.append('values', '{}');
      return (await json(await fetch(`${h.s.url}/pay/fill`, { method: 'POST', body }))).quote;
    };
    const buttons = await quoteOf(await doc.save());
    expect(buttons).toMatchObject({ fillable: false });
    expect(buttons.breakdown.map((b: { kind: string }) => b.kind)).toEqual(['make_fillable', 'fill']);
    const form = await quoteOf(await formPdf(1));
    expect(form).toMatchObject({ fillable: true });
    expect(form.breakdown.map((b: { kind: string }) => b.kind)).toEqual(['fill']);
  });

  test('CORS preflight for the payment headers', async () => {
    const r = await fetch(`${h.s.url}/pay/make-fillable`, { method: 'OPTIONS', headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'payment-signature' } });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-headers')).toMatch(/PAYMENT-SIGNATURE/);
    expect(r.headers.get('access-control-allow-headers')).toMatch(/Payment-Authorization/);
    expect(r.headers.get('access-control-expose-headers')).toMatch(/PAYMENT-RESPONSE/);
  });

  test('accounts are not held to the free tier when Stripe billing is not configured', async () => {
    const a = await h.s.account();
    await h.s.ctx.db.usageEvent.createMany({
      data: Array.from({ length: 40 }, () => ({ id: randomUUID(), ownerId: a.id, kind: 'create', subjectId: randomUUID(), units: 1, period: periodOf(new Date()) })),
    });
    const r = await client(h.s.url, a.key).upload('/forms', { file: { bytes: await formPdf(1) } });
    expect(r.status).toBe(202);
    expect(await h.s.ctx.db.meterOutbox.count({ where: { status: { not: 'pending' } } })).toBe(0); // nothing sent without Stripe
  });

  test('a half-configured payment door stops the start with what is missing', async () => {
    const base = { DATA_DIR: '/tmp/x', MPP_SECRET_KEY: 'x'.repeat(32) };
    await expect(paymentSettings(loadConfig({ ...base, X402_NETWORK: 'eip155:31337' }))).rejects.toThrow(/X402_PAY_TO.*X402_FACILITATOR_URL, or X402_RPC_URL and X402_FACILITATOR_PRIVATE_KEY.*X402_ASSET/);
    await expect(paymentSettings(loadConfig({ DATA_DIR: '/tmp/x', STRIPE_SECRET_KEY: 'sk_test_1' }))).rejects.toThrow(/MPP_SECRET_KEY/);
    const base8453 = await paymentSettings(loadConfig({ ...base, X402_NETWORK: 'eip155:8453', X402_PAY_TO: '0x' + '1'.repeat(40), X402_FACILITATOR_URL: 'https://facilitator.example' }));
    expect(base8453.x402).toMatchObject({ asset: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), facilitator: { kind: 'remote' } });
    expect(await paymentSettings(loadConfig({ DATA_DIR: '/tmp/x' }))).toMatchObject({ x402: null, mpp: null });
  });
});
