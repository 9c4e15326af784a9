// §6: form.ready / form.failed callbacks, signed; retried on 5xx; never affecting the form.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, dropTestEnv, eventually, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf, blankPdf } from '../helpers/pdfs.ts';
import { setCallbackSigning } from '../../src/store/accounts.ts';

interface Received {
  path: string;
  raw: Buffer;
  signature: string | undefined;
}

/** A loopback receiver that answers each path with a scripted list of statuses. */
async function receiver(script: Record<string, number[]> = {}) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url!, raw: Buffer.concat(chunks), signature: req.headers['x-service-signature'] as string | undefined });
      const status = script[req.url!]?.shift() ?? 200;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, received, close: () => new Promise((r) => server.close(r)) };
}

const verify = (raw: Buffer, header: string | undefined, secret: string) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  return header !== undefined && header.length === expected.length && timingSafeEqual(Buffer.from(header), expected);
};

let s: TestServer;
let hooks: Awaited<ReturnType<typeof receiver>>;
let account: { id: string; key: string };
let api: ReturnType<typeof client>;

beforeAll(async () => {
  hooks = await receiver({ '/flaky': [500, 503] });
  s = await startServer();
  account = await s.account();
  api = client(s.url, account.key);
});
afterAll(async () => {
  await s.close();
  await hooks.close();
  await dropTestEnv(s.env);
});

const secretOf = async (id: string) => (await s.ctx.db.account.findUniqueOrThrow({ where: { id } })).callbackSecret!;

describe('callbacks', () => {
  test('form.ready is POSTed once, signed with the account secret', async () => {
    const r = await api.upload('/forms', { file: { bytes: await fillableFormPdf() }, callback_url: `${hooks.base}/ready` });
    expect(r.status).toBe(202);
    const hit = await eventually(async () => hooks.received.find((h) => h.path === '/ready'));
    expect(JSON.parse(hit.raw.toString())).toEqual({ event: 'form.ready', status: 'ready', form_id: r.body.form_id });
    expect(verify(hit.raw, hit.signature, await secretOf(account.id))).toBe(true);
    expect(verify(Buffer.concat([hit.raw, Buffer.from(' ')]), hit.signature, await secretOf(account.id))).toBe(false);
  });

  test('form.failed carries the error', async () => {
    const r = await api.upload('/forms', { file: { bytes: await blankPdf() }, callback_url: `${hooks.base}/failed` });
    const hit = await eventually(async () => hooks.received.find((h) => h.path === '/failed'), 20_000);
    const body = JSON.parse(hit.raw.toString());
    expect(body).toMatchObject({ event: 'form.failed', status: 'failed', form_id: r.body.form_id, error: { code: 'form_processing_failed' } });
  });

  test('a receiver answering 5xx gets retries; the form is unaffected', async () => {
    const r = await api.upload('/forms', { file: { bytes: await fillableFormPdf() }, callback_url: `${hooks.base}/flaky` });
    await eventually(async () => (hooks.received.filter((h) => h.path === '/flaky').length >= 3 ? true : undefined), 20_000);
    expect((await api.get(`/forms/${r.body.form_id}`)).body.status).toBe('ready');
    const job = await s.ctx.db.job.findFirst({ where: { kind: 'callback.deliver', payload: { path: ['url'], equals: `${hooks.base}/flaky` } } });
    await eventually(async () => ((await s.ctx.db.job.findUnique({ where: { id: job!.id } }))?.status === 'succeeded' ? true : undefined));
  });

  test('a receiver that never answers well gives up; the form stays ready', async () => {
    const dead = await receiver({ '/down': [500, 500, 500, 500, 500, 500] });
    const r = await api.upload('/forms', { file: { bytes: await fillableFormPdf() }, callback_url: `${dead.base}/down` });
    const job = await eventually(async () => (await s.ctx.db.job.findFirst({ where: { kind: 'callback.deliver', status: 'failed', payload: { path: ['url'], equals: `${dead.base}/down` } } })) ?? undefined, 20_000);
    expect(job.attempts).toBe(5);
    expect((await api.get(`/forms/${r.body.form_id}`)).body.status).toBe('ready');
    await dead.close();
  });

  test('without signing the header is absent', async () => {
    const other = await s.account('unsigned');
    await setCallbackSigning(s.ctx.db, other.id, false);
    await client(s.url, other.key).upload('/forms', { file: { bytes: await fillableFormPdf() }, callback_url: `${hooks.base}/unsigned` });
    const hit = await eventually(async () => hooks.received.find((h) => h.path === '/unsigned'));
    expect(hit.signature).toBeUndefined();
  });
});

describe('callback_url validation at the API', () => {
  // A server with the loopback test switch off, as in production.
  let strict: TestServer;
  let a: ReturnType<typeof client>;
  beforeAll(async () => {
    strict = await startServer({ overrides: { CALLBACK_ALLOW_LOOPBACK: 'false' } });
    a = client(strict.url, (await strict.account()).key);
  });
  afterAll(async () => {
    await strict.close();
    await dropTestEnv(strict.env);
  });

  test.each(['http://example.com/hook', 'https://10.0.0.1/hook', 'https://169.254.169.254/', 'https://[::1]/x', 'nonsense', 'LOOPBACK'])('%s is 400', async (url) => {
    const target = url === 'LOOPBACK' ? `${hooks.base}/x` : url;
    const r = await a.upload('/forms', { file: { bytes: await fillableFormPdf() }, callback_url: target });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_callback_url');
    expect(await strict.ctx.db.form.count()).toBe(0);
  });
});
