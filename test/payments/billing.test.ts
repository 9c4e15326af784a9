// Account billing against the Stripe stub: the free tier (402 with detail.billing_url), usage
// reported as Stripe meter events through the outbox (surviving a Stripe outage), voided usage
// cancelled, and the webhook that records whether an account has a payment method.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Stripe from 'stripe';
import { startPayWorld, formPdf, emptyPdf, WEBHOOK_SECRET, type PayWorld, json } from './helpers.ts';
import { client } from '../helpers/http.ts';
import { eventually } from '../helpers/server.ts';
import { assertBillable, BillingRequiredError } from '../../src/billing/allowance.ts';
import { periodOf } from '../../src/store/usage.ts';
import { priceList } from '../../src/payments/pricing.ts';

let w: PayWorld;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  w = await startPayWorld({ stripe: true, env: { LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent' } });
});
afterAll(async () => {
  await w?.close();
});

async function account(opts: { customer?: string; paymentMethod?: boolean } = {}) {
  const a = await w.s.account();
  if (opts.customer || opts.paymentMethod) {
    await w.s.ctx.db.account.update({ where: { id: a.id }, data: { stripeCustomerId: opts.customer ?? null, hasPaymentMethod: opts.paymentMethod ?? false } });
  }
  return { ...a, api: client(w.s.url, a.key) };
}

function webhook(event: Record<string, unknown>, opts: { secret?: string; timestamp?: number; tamper?: boolean } = {}) {
  const payload = JSON.stringify({ id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, ...event });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp });
  return fetch(`${w.s.url}/billing/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
    body: opts.tamper ? payload.replace('"livemode":false', '"livemode":true ') : payload,
  });
}

/** Waits until a form left processing. */
const processed = (formId: string) =>
  eventually(async () => {
    const f = await w.s.ctx.db.form.findUnique({ where: { id: formId } });
    return f && f.status !== 'processing' ? f : undefined;
  }, 20_000, `form ${formId} processed`);

const usageOfForm = (formId: string) => w.s.ctx.db.usageEvent.findFirstOrThrow({ where: { subjectId: formId } });
const outbox = (id: string) => w.s.ctx.db.meterOutbox.findUnique({ where: { id } });

describe('free tier (no payment method)', () => {
  test('over the monthly free allowance: 402 with detail {code, message, billing_url}; nothing billed; a payment method lifts it', async () => {
    const a = await account({ customer: `cus_${randomUUID().slice(0, 8)}` });
    const allowance = priceList().accounts.monthly_free_allowance.make_fillable;
    await w.s.ctx.db.usageEvent.createMany({
      data: Array.from({ length: allowance }, () => ({ id: randomUUID(), ownerId: a.id, kind: 'create', subjectId: randomUUID(), units: 1, period: periodOf(new Date()) })),
    });
    const pdf = await formPdf(2);
    const r = await a.api.upload('/forms', { file: { bytes: pdf } }, { 'Idempotency-Key': 'over-allowance' });
    expect(r.status).toBe(402);
    expect(r.body).toEqual({
      error: { code: 'payment_required', message: expect.stringContaining(`free allowance of ${allowance}`) },
      detail: { code: 'free_allowance_used', message: expect.any(String), billing_url: 'http://localhost:0/dashboard/billing' },
    });
    expect((await a.api.get('/usage')).body.create).toBe(allowance);

    // The account adds a card in Stripe: the webhook records it and the same request now goes through
    // (the 402 did not consume the Idempotency-Key).
    const customer = (await w.s.ctx.db.account.findUniqueOrThrow({ where: { id: a.id } })).stripeCustomerId!;
    w.stripe!.paymentMethods.set(customer, ['pm_card_visa']);
    const hook = await webhook({ type: 'payment_method.attached', data: { object: { id: 'pm_card_visa', object: 'payment_method', customer } } });
    expect(hook.status).toBe(200);
    const ok = await a.api.upload('/forms', { file: { bytes: pdf } }, { 'Idempotency-Key': 'over-allowance' });
    expect(ok.status).toBe(202);
    await processed(ok.body.form_id);
  });

  test('prepare and verify over the 5-page cap are refused; other kinds and paying accounts are not capped', async () => {
    const free = await account();
    const paying = await account({ customer: 'cus_paying', paymentMethod: true });
    for (const kind of ['verify', 'fill_with_context'] as const) {
      const err = await assertBillable(w.s.ctx, free.id, kind, 6).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BillingRequiredError);
      expect((err as BillingRequiredError).body()).toEqual({
        error: { code: 'payment_required', message: expect.stringContaining('up to 5 pages') },
        detail: { code: 'free_tier_page_cap', message: expect.stringContaining('6'), billing_url: expect.stringMatching(/^http/) },
      });
      await expect(assertBillable(w.s.ctx, free.id, kind, 5)).resolves.toBeUndefined();
      await expect(assertBillable(w.s.ctx, paying.id, kind, 100)).resolves.toBeUndefined();
    }
    await expect(assertBillable(w.s.ctx, free.id, 'make_fillable', 100)).resolves.toBeUndefined();
    // POST /forms of 100 pages on the free tier is fine (the cap is for prepare and verify).
    const created = await free.api.upload('/forms', { file: { bytes: await formPdf(6) } });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const form = await processed(created.body.form_id);
    expect(form.status).toBe('ready');
    // Through the API: verifying the 6-page form on the free tier is a 402 with the documented body.
    const fillable = (await free.api.get(`/forms/${form.id}/fillable`)).bytes;
    const verify = await free.api.upload(`/forms/${form.id}/verify`, { file: { bytes: fillable } });
    expect(verify.status).toBe(402);
    expect(verify.body.detail).toMatchObject({ code: 'free_tier_page_cap', billing_url: expect.stringMatching(/^http/) });
    expect((await paying.api.upload(`/forms/${form.id}/verify`, { file: { bytes: fillable } })).status).toBe(404); // not theirs
    // Prepare counts the form's pages and the documents': 6 + 1 is over the cap, and nothing is billed.
    const before = (await free.api.get('/usage')).body.with_context;
    const notes = { bytes: new Uint8Array(Buffer.from('Full name: Jane Doe\n')), filename: 'notes.txt', type: 'text/plain' };
    const prepare = await free.api.upload(`/forms/${form.id}/prepare`, { context: notes });
    expect(prepare.status).toBe(402);
    expect(prepare.body.detail).toMatchObject({ code: 'free_tier_page_cap', billing_url: expect.stringMatching(/^http/) });
    const fresh = await free.api.upload('/forms/prepare', { file: { bytes: await formPdf(5) }, context: notes });
    expect(fresh.status).toBe(402); // 5 form pages + 1 document page
    expect((await free.api.get('/usage')).body.with_context).toBe(before);
  });
});

describe('usage reported to Stripe billing meters', () => {
  test('each billed action becomes one meter event with an idempotent identifier', async () => {
    const a = await account({ customer: 'cus_meter1', paymentMethod: true });
    const r = await a.api.upload('/forms', { file: { bytes: await formPdf(1, 'meter') } });
    expect(r.status).toBe(202);
    await processed(r.body.form_id);
    const usage = await usageOfForm(r.body.form_id);
    const event = await eventually(async () => w.stripe!.meterEvents.get(`use_${usage.id}`), 15_000, 'meter event');
    expect(event).toMatchObject({ event_name: 'formfill_make_fillable', payload: { stripe_customer_id: 'cus_meter1', value: '1' }, timestamp: Math.floor(usage.createdAt.getTime() / 1000) });
    // The row is marked sent once Stripe's answer is back (just after the stub saw the event).
    expect(await eventually(async () => ((await outbox(`use_${usage.id}`))?.status === 'sent' ? outbox(`use_${usage.id}`) : undefined), 10_000, 'row sent')).toMatchObject({ status: 'sent', action: 'report', attempts: 1 });
    const post = w.stripe!.requests.find((q) => q.path === '/v1/billing/meter_events' && q.body.identifier === `use_${usage.id}`)!;
    expect(post.headers['idempotency-key']).toBe(`meter-use_${usage.id}`);
  });

  test('a Stripe outage loses nothing: the outbox keeps the event and sends it once Stripe answers', async () => {
    const a = await account({ customer: 'cus_outage', paymentMethod: true });
    w.stripe!.outage = /^\/v1\/billing\/meter_events$/;
    let id: string;
    try {
      const r = await a.api.upload('/forms', { file: { bytes: await formPdf(1, 'outage') } });
      expect(r.status).toBe(202); // billing trouble never fails the request
      await processed(r.body.form_id);
      id = `use_${(await usageOfForm(r.body.form_id)).id}`;
      const row = await eventually(async () => {
        const o = await outbox(id);
        return o && o.attempts >= 2 && o.lastError ? o : undefined;
      }, 20_000, 'failed attempts');
      expect(row.status).toBe('pending');
      expect(w.stripe!.meterEvents.has(id)).toBe(false);
      expect(w.stripe!.requests.filter((q) => q.path === '/v1/billing/meter_events' && q.body.identifier === id && q.status === 500).length).toBeGreaterThanOrEqual(2);
    } finally {
      w.stripe!.outage = false;
    }
    await eventually(async () => ((await outbox(id))?.status === 'sent' ? true : undefined), 20_000, 'sent after the outage');
    expect(w.stripe!.meterEvents.get(id)).toMatchObject({ payload: { stripe_customer_id: 'cus_outage', value: '1' } });
    expect(w.stripe!.duplicateMeterEvents).toBe(0);
  });

  test('a failed action is not billed: its event is never sent, or cancelled if it was', async () => {
    const a = await account({ customer: 'cus_void', paymentMethod: true });
    const r = await a.api.upload('/forms', { file: { bytes: await emptyPdf(1) } });
    expect(r.status).toBe(202);
    expect((await processed(r.body.form_id)).status).toBe('failed');
    const usage = await usageOfForm(r.body.form_id);
    const cancel = await eventually(async () => {
      const o = await outbox(`void_${usage.id}`);
      return o && o.status !== 'pending' ? o : undefined;
    }, 20_000, 'void handled');
    const report = (await outbox(`use_${usage.id}`))!;
    if (report.status === 'sent') {
      expect(cancel.status).toBe('sent');
      expect(w.stripe!.adjustments).toContainEqual({ event_name: 'formfill_make_fillable', identifier: `use_${usage.id}` });
    } else {
      expect(report).toMatchObject({ status: 'skipped', note: 'voided_before_report' });
      expect(cancel.status).toBe('skipped');
      expect(w.stripe!.meterEvents.has(`use_${usage.id}`)).toBe(false);
    }
  });

  test('an account without a Stripe customer is skipped, not retried', async () => {
    const a = await account();
    const r = await a.api.upload('/forms', { file: { bytes: await formPdf(1, 'nocus') } });
    await processed(r.body.form_id);
    const id = `use_${(await usageOfForm(r.body.form_id)).id}`;
    const row = await eventually(async () => {
      const o = await outbox(id);
      return o?.status === 'skipped' ? o : undefined;
    }, 15_000, 'skipped');
    expect(row.note).toBe('no_stripe_customer');
    expect(w.stripe!.meterEvents.has(id)).toBe(false);
  });
});

describe('Stripe webhooks', () => {
  test('unsigned, wrongly signed, tampered and stale events are rejected and change nothing', async () => {
    const a = await account({ customer: 'cus_sig' });
    w.stripe!.paymentMethods.set('cus_sig', ['pm_1']);
    const event = { type: 'payment_method.attached', data: { object: { id: 'pm_1', object: 'payment_method', customer: 'cus_sig' } } };
    const unsigned = await fetch(`${w.s.url}/billing/stripe/webhook`, { method: 'POST', body: JSON.stringify(event), headers: { 'Content-Type': 'application/json' } });
    expect(unsigned.status).toBe(400);
    expect((await json(unsigned)).error.code).toBe('missing_signature');
    for (const opts of [{ secret: 'whsec_wrong' }, { tamper: true }, { timestamp: Math.floor(Date.now() / 1000) - 3600 }]) {
      const r = await webhook(event, opts);
      expect(r.status, JSON.stringify(opts)).toBe(400);
      expect((await json(r)).error.code).toBe('invalid_signature');
    }
    expect((await w.s.ctx.db.account.findUniqueOrThrow({ where: { id: a.id } })).hasPaymentMethod).toBe(false);
  });

  test('a customer is linked by metadata.account_id; gaining and losing a payment method is recorded; duplicates are ignored', async () => {
    const a = await account();
    const cus = `cus_${randomUUID().slice(0, 10)}`;
    const created = await webhook({ type: 'customer.created', data: { object: { id: cus, object: 'customer', metadata: { account_id: a.id } } } });
    expect(await json(created)).toMatchObject({ received: true, handled: true });
    expect(await w.s.ctx.db.account.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ stripeCustomerId: cus, hasPaymentMethod: false });

    w.stripe!.paymentMethods.set(cus, ['pm_9']);
    const attached = { id: `evt_attach_${cus}`, type: 'setup_intent.succeeded', data: { object: { id: 'seti_1', object: 'setup_intent', customer: cus, payment_method: 'pm_9' } } };
    expect((await webhook(attached)).status).toBe(200);
    expect((await w.s.ctx.db.account.findUniqueOrThrow({ where: { id: a.id } })).hasPaymentMethod).toBe(true);
    expect(await json((await webhook(attached)))).toMatchObject({ received: true, duplicate: true });

    w.stripe!.paymentMethods.set(cus, []);
    const detached = await webhook({ type: 'payment_method.detached', data: { object: { id: 'pm_9', object: 'payment_method', customer: null }, previous_attributes: { customer: cus } } });
    expect(detached.status).toBe(200);
    expect((await w.s.ctx.db.account.findUniqueOrThrow({ where: { id: a.id } })).hasPaymentMethod).toBe(false);
  });

  test('when Stripe cannot be asked, the webhook fails with 503 so Stripe retries it', async () => {
    const a = await account({ customer: 'cus_retry' });
    w.stripe!.paymentMethods.set('cus_retry', ['pm_2']);
    const event = { id: 'evt_retry_1', type: 'payment_method.attached', data: { object: { id: 'pm_2', object: 'payment_method', customer: 'cus_retry' } } };
    w.stripe!.outage = /^\/v1\/customers\//;
    try {
      expect((await webhook(event)).status).toBe(503);
    } finally {
      w.stripe!.outage = false;
    }
    expect((await w.s.ctx.db.account.findUniqueOrThrow({ where: { id: a.id } })).hasPaymentMethod).toBe(false);
    expect((await webhook(event)).status).toBe(200);
    expect((await w.s.ctx.db.account.findUniqueOrThrow({ where: { id: a.id } })).hasPaymentMethod).toBe(true);
  });
});
