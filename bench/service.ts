// The whole service in this process for a benchmark: embedded PGlite in a temporary DATA_DIR (or
// DATABASE_URL / REDIS_URL when set, in a schema of its own dropped at the end), the worker
// started, one account, and small HTTP helpers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { createContext, type AppContext } from '../src/context.ts';
import { startJobWorker } from '../src/jobs/runner.ts';
import { createApp } from '../src/app.ts';
import { createAccount } from '../src/store/accounts.ts';

export interface BenchService {
  base: string;
  ctx: AppContext;
  key: string;
  /** JSON request with the account key; throws on a non-2xx answer. */
  json(path: string, init?: RequestInit): Promise<any>;
  /** Raw request with the account key. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** POST /forms and wait until the form is ready; returns its id. */
  createForm(pdf: Uint8Array, filename?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startBenchService(label: string): Promise<BenchService> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${label}-`));
  const id = randomBytes(4).toString('hex');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    BOOTSTRAP_ACCOUNT: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_IP_PER_MINUTE: '1000000',
    QUEUE_PREFIX: `bench${id}`,
    DATABASE_SCHEMA: process.env.DATABASE_URL ? `bench_${id}` : 'public',
  });
  const ctx = await createContext(config);
  await startJobWorker(ctx);
  const server: Server = await new Promise((resolve) => {
    const s = createApp(ctx).listen(0, '127.0.0.1', () => resolve(s));
    // Longer than any pause of the polling client: with Node's 5 s default, a poll sent just as the
    // server closes an idle keep-alive socket fails with ECONNRESET.
    s.keepAliveTimeout = 60_000;
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { key } = await createAccount(ctx.db, 'bench');
  const authed = (path: string, init: RequestInit = {}) => fetch(base + path, { ...init, headers: { Authorization: `Bearer ${key}`, ...(init.headers ?? {}) } });
  const json = async (path: string, init: RequestInit = {}): Promise<any> => {
    const r = await authed(path, init);
    const body = await r.json();
    if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${r.status} ${JSON.stringify(body)}`);
    return body;
  };
  return {
    base,
    ctx,
    key,
    json,
    fetch: authed,
    async createForm(pdf, filename = 'form.pdf') {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), filename);
      const { form_id: formId } = await json('/forms', { method: 'POST', body });
      for (;;) {
        const f = await json(`/forms/${formId}`);
        if (f.status === 'ready') return formId as string;
        if (f.status === 'failed') throw new Error(`form failed: ${JSON.stringify(f.error)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await ctx.close();
      if (config.DATABASE_URL && config.DATABASE_SCHEMA !== 'public') {
        const c = new pg.Client({ connectionString: config.DATABASE_URL });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS "${config.DATABASE_SCHEMA}" CASCADE`);
        await c.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
