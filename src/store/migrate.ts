// Applies prisma/migrations/*/migration.sql in name order, once each, inside one transaction
// under an advisory lock, so an HTTP process and workers starting together do not race.
// A migration that changed after it was applied stops the start: history is append-only.
import { readdir, readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export interface SqlSession {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  exec(sql: string): Promise<void>;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations/', import.meta.url));

export async function listMigrations(): Promise<{ name: string; sql: string; checksum: string }[]> {
  const names = (await readdir(MIGRATIONS_DIR, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export async function applyMigrations(db: SqlSession, lockName = 'public'): Promise<{ applied: string[]; fresh: boolean }> {
  const migrations = await listMigrations();
  await db.exec('BEGIN');
  try {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`migrations:${lockName}`]);
    await db.exec(
      'CREATE TABLE IF NOT EXISTS "_migrations" (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const done = new Map((await db.query('SELECT name, checksum FROM "_migrations"')).map((r) => [String(r.name), String(r.checksum)]));
    const fresh = done.size === 0;
    const applied: string[] = [];
    for (const m of migrations) {
      const previous = done.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) throw new Error(`Migration ${m.name} was changed after it was applied; add a new migration instead.`);
        continue;
      }
      await db.exec(m.sql);
      await db.query('INSERT INTO "_migrations" (name, checksum) VALUES ($1, $2)', [m.name, m.checksum]);
      applied.push(m.name);
    }
    await db.exec('COMMIT');
    return { applied, fresh };
  } catch (err) {
    await db.exec('ROLLBACK').catch(() => undefined);
    throw err;
  }
}
