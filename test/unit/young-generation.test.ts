// Issue #17: `npm start` caps the HTTP thread's young generation (it otherwise grows to 32 MiB and is
// never given back) and leaves worker threads V8's default, which the detector and the fill engine
// need (src/start.mjs). Started here with the node flags of package.json's start script.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MiB = 1024 * 1024;

test('npm start runs its main thread with a small young generation and its worker threads with the default one', async () => {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const nodeFlags = start.split(' ').filter((w) => w.startsWith('--'));
  expect(nodeFlags.some((f) => f.startsWith('--max-semi-space-size='))).toBe(true);
  const { stdout } = await promisify(execFile)(process.execPath, [...nodeFlags, 'src/start.mjs', 'test/helpers/young-generation-entry.ts'], { cwd: ROOT });
  const { main, worker } = JSON.parse(stdout.trim().split('\n').pop()!) as { main: number; worker: number };
  expect(main).toBeLessThanOrEqual(8 * MiB);
  expect(worker).toBeGreaterThanOrEqual(16 * MiB);
}, 60_000);
