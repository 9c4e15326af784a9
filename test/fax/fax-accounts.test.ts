// Faxing for accounts against the Telnyx stand-in and the Stripe stub: a fax goes queued →
// sending → delivered (billed per transmitted page through the meter outbox) or failed (nothing
// billed), line failures are sent again, provider 5xx and timeouts are retried, the same document
// to the same number is sent once, webhooks are refused unless correctly signed and fresh, and
// the document goes under ephemeral retention while the record stays.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { startServer, dropTestEnv, eventually, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { startStripeStub, type StripeStub } from '../helpers/stripe-stub.ts';
import { startTelnyxStub, telnyxEnv, type TelnyxStub, type StubFax } from '../helpers/telnyx-stub.ts';
import { formPdf } from '../payments/helpers.ts';

let s: TestServer;
let stripe: StripeStub;
let telnyx: TelnyxStub;
let api: ReturnType<typeof client>;
let accountId: string;
const hooks: { path: string; body: string; signature: string | undefined }[] = [];
let hookUrl: string;
let hookServer: import('node:http').Server;

beforeAll(async () => {
  [stripe, telnyx] = await Promise.all([startStripeStub(), startTelnyxStub()]);
  s = await startServer({
    overrides: { ...telnyxEnv(telnyx), STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_API_BASE: stripe.url, STRIPE_METER_REPORT_INTERVAL_SECONDS: '2', MPP_SECRET_KEY: 'test-mpp-secret-0123456789abcdef0123456789' },
  });
  telnyx.target = s.url;
  const a = await s.account('fax');
  accountId = a.id;
  await s.ctx.db.account.update({ where: { id: a.id }, data: { stripeCustomerId: 'cus_fax', hasPaymentMethod: true } });
  api = client(s.url, a.key);
  hookServer = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hooks.push({ path: req.url!, body, signature: req.headers['x-service-signature'] as string | undefined });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hookServer?.close();
  await s?.close();
  if (s) await dropTestEnv(s.env);
  await Promise.all([stripe?.close(), telnyx?.close()]);
});

let n = 0;
/** A distinct document of `pages` pages each time (duplicate suppression keys on the document). */
const doc = async (pages: number) => formPdf(pages, `fax-${++n}`);

async function send(pages: number, extra: Record<string, string> = {}) {
  const r = await api.upload('/fax', { file: { bytes: await doc(pages) }, to: '(202) 555-0143', ...extra });
  expect(r.status).toBe(202);
  return r.body;
}

/** The provider's fax once the job handed it over. */
const handedOver = (faxId: string, after = 0) =>
  eventually(async () => telnyx.faxes.slice(after).find((f) => Buffer.from(String(f.body.client_state), 'base64').toString() === faxId), 10_000, 'fax at the provider');

const state = async (id: string) => (await api.get(`/fax/${id}`)).body;

describe('delivery', () => {
  test('queued → sending → delivered: the provider gets E.164, a signed media URL and the webhook address; billed per page once', async () => {
    const before = telnyx.faxes.length;
    const queued = await send(3);
    expect(queued).toMatchObject({ status: 'queued', to: '+1 ••• ••• 0143', pages: 3, attempts: 0, duplicate: false, price: { per_page_usd: '0.03', charged_usd: null } });
    const fax = await handedOver(queued.fax_id, before);
    expect(fax.body).toMatchObject({ to: '+12025550143', from: '+12025550100', connection_id: 'conn_test_1' });
    expect(String(fax.body.webhook_url)).toMatch(/\/fax\/webhooks\/telnyx$/);
    const media = await telnyx.fetchMedia(fax);
    expect(media.status).toBe(200);
    expect((await PDFDocument.load(new Uint8Array(await media.arrayBuffer()))).getPageCount()).toBe(3);
    // The media URL is bound to its signature.
    const forged = new URL(String(fax.body.media_url));
    forged.searchParams.set('expires', String(Number(forged.searchParams.get('expires')) + 1));
    expect((await fetch(`${s.url}${forged.pathname}${forged.search}`)).status).toBe(404);

    expect(await eventually(async () => ((await state(queued.fax_id)).status === 'sending' ? true : undefined))).toBe(true);
    expect((await telnyx.webhook(fax, 'fax.sending.started')).status).toBe(200);
    expect(await s.ctx.db.usageEvent.count({ where: { subjectId: queued.fax_id } })).toBe(0); // nothing billed before delivery
    expect((await telnyx.webhook(fax, 'fax.delivered', { pages: 3 })).status).toBe(200);
    const done = await state(queued.fax_id);
    expect(done).toMatchObject({ status: 'delivered', pages_sent: 3, attempts: 1, price: { charged_usd: '0.09' } });
    expect(done.delivered_at).toBeTruthy();
    const usage = await s.ctx.db.usageEvent.findFirstOrThrow({ where: { subjectId: queued.fax_id } });
    expect(usage).toMatchObject({ kind: 'fax_page', units: 3, ownerId: accountId });
    const event = await eventually(async () => stripe.meterEvents.get(`use_${usage.id}`), 15_000, 'meter event');
    expect(event).toMatchObject({ event_name: 'formfill_fax_page', payload: { stripe_customer_id: 'cus_fax', value: '3' } });
    // After delivery the provider can no longer fetch the document.
    expect((await telnyx.fetchMedia(fax)).status).toBe(410);
  });

  test('partial pages: a delivered fax is billed for the pages the provider transmitted', async () => {
    const queued = await send(4);
    const fax = await handedOver(queued.fax_id);
    await telnyx.webhook(fax, 'fax.delivered', { pages: 2 });
    expect(await state(queued.fax_id)).toMatchObject({ status: 'delivered', pages: 4, pages_sent: 2, price: { charged_usd: '0.06' } });
    expect((await s.ctx.db.usageEvent.findFirstOrThrow({ where: { subjectId: queued.fax_id } })).units).toBe(2);
  });

  test('a fax that fails for good costs nothing, keeps the reason, and sends a signed fax.failed callback', async () => {
    const secret = (await s.ctx.db.account.findUniqueOrThrow({ where: { id: accountId } })).callbackSecret;
    const queued = await send(2, { callback_url: `${hookUrl}/failed` });
    const fax = await handedOver(queued.fax_id);
    await telnyx.webhook(fax, 'fax.failed', { reason: 'receiver_unallocated_number', pages: 1 });
    expect(await state(queued.fax_id)).toMatchObject({ status: 'failed', failure_reason: 'receiver_unallocated_number', attempts: 1, price: { charged_usd: '0.00' } });
    expect(await s.ctx.db.usageEvent.count({ where: { subjectId: queued.fax_id } })).toBe(0);
    const hook = await eventually(async () => hooks.find((h) => h.path === '/failed'), 10_000, 'callback');
    expect(JSON.parse(hook.body)).toMatchObject({ event: 'fax.failed', status: 'failed', fax_id: queued.fax_id, failure_reason: 'receiver_unallocated_number', error: { code: 'fax_failed' } });
    if (secret) expect(hook.signature).toBe(`sha256=${createHmac('sha256', secret).update(hook.body).digest('hex')}`);
  });

  test('a busy line is sent again (a new provider fax), up to the attempt limit, then delivered', async () => {
    const queued = await send(1, { callback_url: `${hookUrl}/delivered` });
    const first = await handedOver(queued.fax_id);
    const before = telnyx.faxes.length;
    await telnyx.webhook(first, 'fax.failed', { reason: 'user_busy' });
    const second = await handedOver(queued.fax_id, before);
    expect(second.id).not.toBe(first.id);
    // A late event of the first attempt changes nothing.
    await telnyx.webhook(first, 'fax.delivered', { pages: 1 });
    expect((await state(queued.fax_id)).status).toBe('sending');
    await telnyx.webhook(second, 'fax.delivered', { pages: 1 });
    expect(await state(queued.fax_id)).toMatchObject({ status: 'delivered', attempts: 2, failure_reason: null });
    const hook = await eventually(async () => hooks.find((h) => h.path === '/delivered'), 10_000, 'callback');
    expect(JSON.parse(hook.body)).toMatchObject({ event: 'fax.delivered', fax_id: queued.fax_id, pages_sent: 1 });
  });

  test('a line failure on the last allowed attempt ends the fax', async () => {
    const queued = await send(1);
    let fax = await handedOver(queued.fax_id);
    for (let attempt = 1; attempt < 3; attempt++) {
      const before = telnyx.faxes.length;
      await telnyx.webhook(fax, 'fax.failed', { reason: 'receiver_no_answer' });
      fax = await handedOver(queued.fax_id, before);
    }
    await telnyx.webhook(fax, 'fax.failed', { reason: 'receiver_no_answer' });
    expect(await state(queued.fax_id)).toMatchObject({ status: 'failed', attempts: 3, failure_reason: 'receiver_no_answer' });
  });
});

describe('the provider misbehaving', () => {
  test('a 5xx and then a timeout are retried until the provider accepts', async () => {
    telnyx.answers.push({ status: 503 }, 'hang');
    const queued = await send(1);
    const fax = await handedOver(queued.fax_id);
    expect(telnyx.answers).toHaveLength(0);
    expect(await eventually(async () => ((await state(queued.fax_id)).status === 'sending' ? true : undefined))).toBe(true);
    await telnyx.webhook(fax, 'fax.delivered', { pages: 1 });
    expect((await state(queued.fax_id)).status).toBe('delivered');
  });

  test('a provider that keeps failing: the fax ends failed after the job retries, nothing billed', async () => {
    telnyx.answers.push(...Array.from({ length: 5 }, () => ({ status: 500 })));
    const queued = await send(1);
    const failed = await eventually(async () => {
      const f = await state(queued.fax_id);
      return f.status === 'failed' ? f : undefined;
    }, 20_000, 'failed fax');
    expect(failed).toMatchObject({ failure_reason: 'provider_unavailable', attempts: 0 });
    expect(await s.ctx.db.usageEvent.count({ where: { subjectId: queued.fax_id } })).toBe(0);
  });

  test('a refusal (4xx) ends the fax at once', async () => {
    telnyx.answers.push({ status: 422 });
    const queued = await send(1);
    const failed = await eventually(async () => {
      const f = await state(queued.fax_id);
      return f.status === 'failed' ? f : undefined;
    }, 10_000, 'failed fax');
    expect(failed.failure_reason).toBe('provider_rejected');
  });
});

describe('webhooks', () => {
  test('tampered, stale and replayed webhooks change nothing', async () => {
    const queued = await send(2);
    const fax = await handedOver(queued.fax_id);
    expect((await telnyx.webhook(fax, 'fax.failed', { reason: 'receiver_decline', tamper: true })).status).toBe(400);
    expect((await telnyx.webhook(fax, 'fax.delivered', { pages: 2, timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    const unsigned = await fetch(`${s.url}/fax/webhooks/telnyx`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":{}}' });
    expect(unsigned.status).toBe(400);
    expect((await state(queued.fax_id)).status).toBe('sending');

    const first = await telnyx.webhook(fax, 'fax.delivered', { pages: 1 });
    expect(first.body).toMatchObject({ outcome: 'applied' });
    const replay = await telnyx.webhook(fax, 'fax.delivered', { pages: 2, eventId: first.eventId });
    expect(replay).toMatchObject({ status: 200, body: { outcome: 'replayed' } });
    expect(await state(queued.fax_id)).toMatchObject({ status: 'delivered', pages_sent: 1 });
    expect(await s.ctx.db.usageEvent.count({ where: { subjectId: queued.fax_id } })).toBe(1);
  });
});

describe('requests', () => {
  test('the same document to the same number within 10 minutes is sent once; another number is a new fax', async () => {
    const pdf = await doc(1);
    const before = telnyx.faxes.length;
    const a = await api.upload('/fax', { file: { bytes: pdf }, to: '+1 202 555 0143' });
    const b = await api.upload('/fax', { file: { bytes: pdf }, to: '(202) 555-0143' });
    expect(a.status).toBe(202);
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ fax_id: a.body.fax_id, duplicate: true });
    const c = await api.upload('/fax', { file: { bytes: pdf }, to: '+1 416 555 0199' });
    expect(c.status).toBe(202);
    await handedOver(a.body.fax_id, before);
    await handedOver(c.body.fax_id, before);
    expect(telnyx.faxes.length - before).toBe(2);
  });

  test('Idempotency-Key replays the answer; numbers are checked and normalised; countries limited', async () => {
    const pdf = await doc(1);
    const r1 = await api.upload('/fax', { file: { bytes: pdf }, to: '+1 613 555 0142' }, { 'Idempotency-Key': 'fax-key-1' });
    const r2 = await api.upload('/fax', { file: { bytes: pdf }, to: '+1 613 555 0142' }, { 'Idempotency-Key': 'fax-key-1' });
    expect(r1.status).toBe(202);
    expect(r2.status).toBe(200);
    expect(r2.body.fax_id).toBe(r1.body.fax_id);
    expect((await api.upload('/fax', { file: { bytes: pdf }, to: '12345' })).body.error.code).toBe('invalid_fax_number');
    const uk = await api.upload('/fax', { file: { bytes: pdf }, to: '+44 20 7946 0958' });
    expect(uk.status).toBe(400);
    expect(uk.body.error.code).toBe('fax_country_not_allowed');
    expect((await api.post('/fax', { to: '+12025550143' })).body.error.code).toBe('invalid_fax_source');
  });

  test('an artifact with a cover page: one more page, the cover first', async () => {
    const { createArtifact } = await import('../../src/store/artifacts.ts');
    const art = await createArtifact(s.ctx, accountId, { bytes: await doc(2), name: 'letter.pdf', pageCount: 2, origin: 'upload' });
    const r = await api.post('/fax', { artifact_id: art.id, to: '+12025550143', cover_to: 'Records Office', cover_note: 'Two pages follow.' });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ pages: 3, cover_page: true });
    const fax = await handedOver(r.body.fax_id);
    const pdf = await PDFDocument.load(new Uint8Array(await (await telnyx.fetchMedia(fax)).arrayBuffer()));
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect((await client(s.url, (await s.account('other')).key).get(`/fax/${r.body.fax_id}`)).status).toBe(404);
  });

  test('a filled session is faxed as its filled PDF; an unfilled one is 409', async () => {
    const { fillableFormPdf } = await import('../helpers/pdfs.ts');
    const up = await api.upload('/forms', { file: { bytes: await fillableFormPdf() } });
    const formId = up.body.form_id;
    await eventually(async () => ((await api.get(`/forms/${formId}`)).body.status === 'ready' ? true : undefined), 90_000, 'form ready');
    const session = (await api.post('/sessions', { form_id: formId })).body.session_id;
    expect((await api.post('/fax', { session_id: session, to: '+12025550143' })).status).toBe(409);
    expect((await api.post(`/sessions/${session}/fill`, {})).status).toBe(200);
    const filled = (await api.get(`/sessions/${session}/pdf`)).bytes;
    const r = await api.post('/fax', { session_id: session, to: '+12025550143' });
    expect(r.status).toBe(202);
    const fax = await handedOver(r.body.fax_id);
    expect(Buffer.from(await (await telnyx.fetchMedia(fax)).arrayBuffer()).equals(Buffer.from(filled))).toBe(true);
  }, 120_000); // the form's contract is built in a worker thread that starts cold

  test('ephemeral retention: after delivery the document and full number are gone, the record stays', async () => {
    const queued = await send(1, { retention: 'ephemeral' });
    const fax = await handedOver(queued.fax_id);
    const row = await s.ctx.db.fax.findUniqueOrThrow({ where: { id: queued.fax_id } });
    expect(row.destination).toBe('+12025550143');
    await telnyx.webhook(fax, 'fax.delivered', { pages: 1 });
    const after = await s.ctx.db.fax.findUniqueOrThrow({ where: { id: queued.fax_id } });
    expect(after).toMatchObject({ documentBlob: null, destination: null, destinationMasked: '+1 ••• ••• 0143', status: 'delivered', pagesSent: 1 });
    await expect(s.ctx.blobs.get(row.documentBlob!)).rejects.toThrow();
    expect(await state(queued.fax_id)).toMatchObject({ status: 'delivered', documents_deleted: true, to: '+1 ••• ••• 0143' });
  });
});
