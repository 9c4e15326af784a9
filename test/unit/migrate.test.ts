// Migrations apply once, in order, and refuse a history that was edited after the fact.
import { expect, test } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations, listMigrations, type SqlSession } from '../../src/store/migrate.ts';

function session(db: PGlite): SqlSession {
  return { query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows, exec: async (sql) => void (await db.exec(sql)) };
}

test('applies every migration on an empty database, then nothing', async () => {
  const db = new PGlite();
  const first = await applyMigrations(session(db));
  expect(first.fresh).toBe(true);
  expect(first.applied).toEqual((await listMigrations()).map((m) => m.name));
  const tables = (await db.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows.map((r) => r.tablename);
  expect(tables).toEqual(expect.arrayContaining(['Account', 'ApiKey', 'Form', 'Job', 'IdempotencyRecord', 'UsageEvent', '_migrations']));
  const second = await applyMigrations(session(db));
  expect(second).toEqual({ applied: [], fresh: false });
  await db.close();
});

test('a changed migration stops the start', async () => {
  const db = new PGlite();
  await applyMigrations(session(db));
  const [m] = await listMigrations();
  await db.query('UPDATE "_migrations" SET checksum = $1 WHERE name = $2', ['tampered', m.name]);
  await expect(applyMigrations(session(db))).rejects.toThrow(/changed after it was applied/);
  await db.close();
});
