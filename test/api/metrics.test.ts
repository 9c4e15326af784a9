// GET /metrics: Prometheus text behind a token of its own — request latency by route pattern, job
// outcomes by kind, the worker pools' load and the event-loop delay; no token configured, no path.
import { afterAll, describe, expect, test } from 'vitest';
import { dropTestEnv, eventually, startServer, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';

const TOKEN = 'metrics-token-0123456789';
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) {
    await s.close();
    await dropTestEnv(s.env);
  }
});

describe('GET /metrics', () => {
  test('without METRICS_TOKEN the path does not exist', async () => {
    const s = await startServer({ worker: false });
    servers.push(s);
    expect((await client(s.url).get('/metrics')).status).toBe(404);
  });

  test('with a token: 401 without it; with it, latency per route, jobs per kind, pools and the event loop', async () => {
    const s = await startServer({ overrides: { METRICS_TOKEN: TOKEN } });
    servers.push(s);
    expect((await client(s.url).get('/metrics')).status).toBe(401);
    expect((await client(s.url).get('/metrics', { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);

    const api = client(s.url, (await s.account()).key);
    const created = await api.upload('/forms', { file: { bytes: await fillableFormPdf() } });
    await eventually(async () => ((await api.get(`/forms/${created.body.form_id}`)).body.status === 'ready' ? true : undefined), 60_000);

    const r = await fetch(`${s.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await r.text();
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/forms\/:id",status="200"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="POST",route="\/forms",status="202"\} 1$/m);
    expect(text).toMatch(/^job_duration_seconds_count\{kind="form.process",outcome="succeeded"\} 1$/m);
    expect(text).toMatch(/^worker_pool_jobs\{pool="engine",state="running"\} 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [0-9.e-]+$/m);
    // The embedded database's memory, where it is the embedded one (PGlite starts at tens of MiB).
    if (s.ctx.database.kind === 'pglite') expect(Number(/^embedded_database_memory_bytes (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(16 * 1024 * 1024);
    else expect(text).not.toContain('embedded_database_memory_bytes');
    expect(text).not.toContain(created.body.form_id); // ids never become labels
  }, 120_000);

  test('queue depth and payments are read from the database, so they count every process', async () => {
    // No worker here: the form's job stays queued, as it would behind busy workers elsewhere.
    const s = await startServer({ worker: false, overrides: { METRICS_TOKEN: TOKEN } });
    servers.push(s);
    const api = client(s.url, (await s.account()).key);
    for (let i = 0; i < 2; i++) expect((await api.upload('/forms', { file: { bytes: await fillableFormPdf() } })).status).toBe(202);
    const payment = { protocol: 'x402', route: 'fill', documentSha256: 'ab'.repeat(32), pages: 2, chargeAmount: 40_000, currency: '0xasset' };
    await s.ctx.db.payment.create({ data: { ...payment, id: 'pay-1', credentialKey: 'k1', amountMicros: 40_000, status: 'succeeded' } });
    await s.ctx.db.payment.create({ data: { ...payment, id: 'pay-2', credentialKey: 'k2', amountMicros: 60_000, status: 'refunded' } });

    const text = await (await fetch(`${s.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
    expect(text).toMatch(/^job_queue_depth\{kind="form.process",state="queued"\} 2$/m);
    expect(text).toMatch(/^payments_recorded\{protocol="x402",route="fill",status="succeeded"\} 1$/m);
    expect(text).toMatch(/^payments_recorded\{protocol="x402",route="fill",status="refunded"\} 1$/m);
    expect(text).toMatch(/^payments_amount_usd\{protocol="x402",route="fill",status="refunded"\} 0.06$/m);
  }, 60_000);
});
