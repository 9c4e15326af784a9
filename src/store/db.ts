// Opens the database: embedded PGlite under DATA_DIR by default, a PostgreSQL server when
// DATABASE_URL is set. Both run the same migrations and the same Prisma Client (driver adapters,
// no native query engine).
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { Config } from '../config.ts';
import { applyMigrations, type SqlSession } from './migrate.ts';
import { lockEmbeddedDatabase } from './embedded-lock.ts';

export type Prisma = PrismaClient;

/** The change notifications the migrations' triggers send (see Database.watch). */
export type WatchedChannel = 'api_key_changed' | 'form_changed' | 'session_changed' | 'batch_changed';

export interface Database {
  prisma: PrismaClient;
  kind: 'pglite' | 'postgres';
  /** True when this start created the schema from nothing (first start). */
  fresh: boolean;
  /**
   * Calls `onChange` with the row's key whenever a change the channel's trigger reports commits:
   * "api_key_changed" with a key's hash (its status changed or it was deleted, migration 0015),
   * "form_changed" with a form's id (its state or contract changed or it was deleted), and
   * "session_changed" / "batch_changed" with a session's or batch's id (any change or its
   * deletion; migration 0016). Only
   * where this process is the database's only client (embedded PGlite): elsewhere undefined, since
   * a notification lost while a listening connection is down would leave a stale row in use.
   */
  watch?(channel: WatchedChannel, onChange: (key: string) => void): Promise<void>;
  /**
   * Bytes of this process's memory the database holds: the embedded database's WebAssembly memory,
   * which grows with its largest queries and is never given back (undefined for PostgreSQL).
   */
  memoryBytes?(): number;
  close(): Promise<void>;
}

export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_SCHEMA' | 'DATA_DIR'>): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL, config.DATABASE_SCHEMA) : openPglite(config.DATA_DIR);
}

/**
 * PostgreSQL settings of the embedded database, which lives in this process's memory. Its shared
 * buffers are kept at 16 MB instead of PostgreSQL's 128 MB: the service's rows are small, pages
 * beyond the buffers come back from the operating system's file cache, and the 112 MB are resident
 * for the life of the process (docs/decisions.md, "Memory on the embedded defaults").
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB'];

async function openPglite(dataDir: string): Promise<Database> {
  const dir = join(dataDir, 'pgdata');
  await mkdir(dir, { recursive: true });
  // One process at a time (embedded-lock.ts): a second one is refused instead of losing work.
  const unlock = await lockEmbeddedDatabase(dataDir);
  const client = await createDataFolder(dir)
    .then(() => PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS] }))
    .catch(async (err) => {
      await unlock();
      throw err;
    });
  const session: SqlSession = {
    query: async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows,
    exec: async (sql) => {
      await client.exec(sql);
    },
  };
  const { applied, fresh } = await applyMigrations(session);
  void applied;
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  return {
    prisma,
    kind: 'pglite',
    fresh,
    watch: async (channel, onChange) => {
      await client.listen(channel, onChange);
    },
    memoryBytes: () => (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0,
    close: async () => {
      await prisma.$disconnect();
      await client.close();
      await unlock();
    },
  };
}

/**
 * A new data folder is created (PostgreSQL's initdb) in a thread of its own that exits after it:
 * PGlite runs initdb in a WebAssembly instance of its own, whose ~430 MB stay in the heap of the
 * thread that ran it until a later collection, up to a minute after the start.
 */
async function createDataFolder(dir: string): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const code = `const { parentPort, workerData } = require('node:worker_threads');
    require(workerData.pglite).PGlite.create(workerData.dir).then((db) => db.close()).then(() => parentPort.postMessage('created'));`;
  const worker = new Worker(code, { eval: true, workerData: { dir, pglite } });
  try {
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`Creating the embedded database stopped (exit code ${code}).`)));
    });
  } finally {
    await worker.terminate();
  }
}

async function openPostgres(url: string, schema: string): Promise<Database> {
  const quoted = `"${schema}"`;
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${quoted}` });
  const conn = await pool.connect();
  let fresh: boolean;
  try {
    await conn.query(`CREATE SCHEMA IF NOT EXISTS ${quoted}`);
    const session: SqlSession = {
      query: async (sql, params) => (await conn.query(sql, params)).rows,
      exec: async (sql) => {
        await conn.query(sql);
      },
    };
    ({ fresh } = await applyMigrations(session, schema));
  } finally {
    conn.release();
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { schema }) });
  return {
    prisma,
    kind: 'postgres',
    fresh,
    close: async () => {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}
