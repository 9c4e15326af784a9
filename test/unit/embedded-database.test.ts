// The embedded database lives in the service's own memory: its PostgreSQL settings keep it small.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src/store/db.ts';

test('embedded PGlite runs with 16 MB of shared buffers, not PostgreSQL’s 128 MB', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'embedded-db-'));
  const database = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined, DATABASE_SCHEMA: 'public' });
  try {
    expect(database.kind).toBe('pglite');
    const [row] = await database.prisma.$queryRawUnsafe<{ shared_buffers: string }[]>('SHOW shared_buffers');
    expect(row.shared_buffers).toBe('16MB');
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);
