// The embedded database lives in the service's own memory: its PostgreSQL settings keep it small,
// and a new data folder is created in a thread that exits after it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src/store/db.ts';

test('embedded PGlite runs with 16 MB of shared buffers, and creating its folder leaves no initdb memory behind', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'embedded-db-'));
  const before = process.memoryUsage().external;
  const database = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined, DATABASE_SCHEMA: 'public' });
  try {
    expect(database.kind).toBe('pglite');
    expect(database.fresh).toBe(true);
    const [row] = await database.prisma.$queryRawUnsafe<{ shared_buffers: string }[]>('SHOW shared_buffers');
    expect(row.shared_buffers).toBe('16MB');
    // initdb run in this thread left ~630 MB of external memory here; the database alone takes ~200 MB.
    expect(process.memoryUsage().external - before).toBeLessThan(400 * 1024 * 1024);
  } finally {
    await database.close();
  }
  // Opened again: the folder exists, nothing is created, the rows are there.
  const again = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined, DATABASE_SCHEMA: 'public' });
  try {
    expect(again.fresh).toBe(false);
  } finally {
    await again.close();
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);
