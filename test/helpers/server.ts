// A real server per test file: real database (PGlite, or PostgreSQL when DATABASE_URL is set),
// real queue (in-process, or BullMQ when REDIS_URL is set), real blob store (local disk, or S3
// when TEST_BLOB_STORE=s3: the local S3 server global-setup.ts starts), listening on a loopback
// port. Each server gets its own data folder, PostgreSQL schema, Redis key prefix and bucket.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pg from 'pg';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, inject } from 'vitest';
import { client } from './http.ts';
import { loadConfig } from '../../src/config.ts';
import { createContext, type AppContext } from '../../src/context.ts';
import { startJobWorker } from '../../src/jobs/runner.ts';
import { listen } from '../../src/http/listen.ts';
import { createApp } from '../../src/app.ts';
import { createAccount } from '../../src/store/accounts.ts';
import { s3ClientFor } from '../../src/store/s3-blobs.ts';
import { S3_TEST_CREDENTIALS } from './s3-server.ts';

export interface TestServer {
  url: string;
  ctx: AppContext;
  env: Record<string, string>;
  /** A new account; returns its id and API key. */
  account(name?: string): Promise<{ id: string; key: string }>;
  close(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.DATABASE_URL);
export const usingRedis = Boolean(process.env.REDIS_URL);
export const usingS3 = process.env.TEST_BLOB_STORE === 's3';

/** A client for the test's own bucket chores (create, empty, drop); the service makes its own. */
function s3Admin(env: Record<string, string>): S3Client {
  return s3ClientFor({ region: env.S3_REGION, endpoint: env.S3_ENDPOINT, forcePathStyle: true });
}

/**
 * Settings shared by servers that must see the same state (restart tests): a data directory,
 * schema and queue prefix of their own, on the suite's database, Redis and object store (or the
 * embedded defaults). `embedded` asks for the embedded defaults whatever the suite runs on: for
 * tests of what `npm start` itself does.
 */
export async function testEnv(overrides: Record<string, string> = {}, options: { embedded?: boolean } = {}): Promise<Record<string, string>> {
  const id = randomBytes(4).toString('hex');
  const env: Record<string, string> = {
    DATA_DIR: await mkdtemp(join(tmpdir(), 'formfill-test-')),
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RETRY_BASE_MS: '50',
    CALLBACK_ALLOW_LOOPBACK: 'true',
    CALLBACK_TIMEOUT_MS: '2000',
    BOOTSTRAP_ACCOUNT: 'false',
    QUEUE_PREFIX: `t${id}`,
    DATABASE_SCHEMA: `t_${id}`,
    ...overrides,
  };
  if (process.env.DATABASE_URL && !options.embedded) env.DATABASE_URL = process.env.DATABASE_URL;
  else await cp(inject('pgliteTemplate'), join(env.DATA_DIR, 'pgdata'), { recursive: true });
  if (process.env.REDIS_URL && !options.embedded) env.REDIS_URL = process.env.REDIS_URL;
  if (usingS3 && !options.embedded) {
    // Credentials reach the SDK through its default chain: this process's environment, and the
    // env of any child process started with `env`.
    Object.assign(process.env, S3_TEST_CREDENTIALS);
    Object.assign(env, S3_TEST_CREDENTIALS, { S3_BUCKET: `t-${id}`, S3_ENDPOINT: inject('s3Endpoint'), S3_REGION: 'us-east-1' });
    const admin = s3Admin(env);
    await admin.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
    admin.destroy();
  }
  return env;
}

export async function startServer(options: { env?: Record<string, string>; overrides?: Record<string, string>; worker?: boolean } = {}): Promise<TestServer> {
  const env = options.env ?? (await testEnv(options.overrides));
  const config = loadConfig(env);
  const ctx = await createContext(config);
  ctx.tools.warm(); // as src/main.ts does
  if (options.worker !== false) await startJobWorker(ctx);
  const server: Server = await listen(createApp(ctx), 0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    ctx,
    env,
    async account(name = 'test') {
      const { account, key } = await createAccount(ctx.db, name);
      return { id: account.id, key };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await ctx.close();
    },
  };
}

/** Removes what testEnv made: the data folder and, on PostgreSQL, the schema, on S3 the bucket. */
export async function dropTestEnv(env: Record<string, string>): Promise<void> {
  await rm(env.DATA_DIR, { recursive: true, force: true });
  if (env.S3_BUCKET) await dropBucket(s3Admin(env), env.S3_BUCKET);
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${env.DATABASE_SCHEMA}" CASCADE`);
    await client.end();
  }
}

/**
 * Empties and deletes a test bucket, so a long run does not pile up documents. Best effort:
 * s3rver's listing sometimes answers InternalError (seen once after test/api/batch.test.ts, whose
 * servers close with work in flight); what is left then goes with the server's folder at the
 * end of the run.
 */
async function dropBucket(admin: S3Client, bucket: string): Promise<void> {
  try {
    for (;;) {
      const page = await admin.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (!keys.length) break;
      await admin.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
    }
    await admin.send(new DeleteBucketCommand({ Bucket: bucket }));
  } catch {
    // left for the end of the run (above)
  } finally {
    admin.destroy();
  }
}

/**
 * Polls until `check` returns a value other than undefined, or fails after `ms`. The pause grows
 * from 50 ms to 500 ms, so a check that calls the API stays under the account's rate limit
 * (120 requests a minute by default) while slow work (a worker thread's first start) finishes.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, ms = 15_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (let pause = 50; ; pause = Math.min(500, pause * 1.5)) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, pause));
  }
}

/**
 * A server for the whole test file, with one account: registers beforeAll/afterAll and returns
 * an object whose fields are filled once the server is up.
 */
export function useServer(options: Parameters<typeof startServer>[0] = {}) {
  const h = {} as { s: TestServer; api: ReturnType<typeof client>; key: string; accountId: string };
  beforeAll(async () => {
    h.s = await startServer(options);
    const a = await h.s.account();
    h.key = a.key;
    h.accountId = a.id;
    h.api = client(h.s.url, a.key);
  });
  afterAll(async () => {
    await h.s.close();
    await dropTestEnv(h.s.env);
  });
  return h;
}
