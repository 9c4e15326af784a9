// `npm run account` against the embedded database: beside a running server it refuses with a
// clear message and changes nothing (it used to write unseen by the server and lose the account);
// once the server has stopped, it works, and so does a restart after a crash (the lock of a dead
// process is taken over at once).
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { dropTestEnv, startServer, testEnv, usingPostgres } from '../helpers/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function account(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/account.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (err += b));
    child.on('close', (code) => done({ code, out, err }));
  });
}

test.skipIf(usingPostgres)('beside a running server the CLI refuses and changes nothing; after it stops, the CLI works', async () => {
  const env = await testEnv();
  try {
    const s = await startServer({ env });
    try {
      const refused = await account(env, 'create', 'Beside a server');
      expect(refused.code).toBe(3);
      expect(refused.err).toContain('in use by another process');
      expect(refused.err).toContain(`pid ${process.pid}`);
      expect(refused.err).toContain('/dashboard');
      expect(refused.out).not.toMatch(/sk_live_/);
      expect(await s.ctx.db.account.count()).toBe(0);
    } finally {
      await s.close();
    }
    const created = await account(env, 'create', 'After the server');
    expect(created.code).toBe(0);
    const key = created.out.match(/sk_live_[A-Za-z0-9]{32}/)?.[0];
    expect(key).toBeDefined();

    // A lock left by a process that died is no obstacle.
    await writeFile(join(env.DATA_DIR, 'formfill.lock'), '999999999');
    const s2 = await startServer({ env });
    try {
      const res = await fetch(`${s2.url}/usage`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
    } finally {
      await s2.close();
    }
  } finally {
    await dropTestEnv(env);
  }
}, 120_000);
