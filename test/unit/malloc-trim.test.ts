// Memory freed in the middle of malloc's heap goes back to the system when the pools rest (#17).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { trimMalloc } from '../../src/malloc-trim.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const MiB = 1024 * 1024;

test('trimMalloc returns the pages a burst freed below a block still in use', async () => {
  // 192 MiB in 64 KiB blocks (under malloc's mmap threshold, so from its heap), every page written,
  // then one block more that stays: what the burst frees lies below it, where free() cannot give it back.
  let burst: ArrayBuffer[] | null = Array.from({ length: 3072 }, () => {
    const b = new ArrayBuffer(64 * 1024);
    new Uint8Array(b).fill(1);
    return b;
  });
  const kept = new Uint8Array(new ArrayBuffer(64 * 1024)).fill(2);
  expect(burst.length).toBe(3072);
  burst = null;
  gc();
  gc();
  await new Promise((r) => setTimeout(r, 500)); // array buffers are swept after the collection
  const before = process.memoryUsage().rss;
  expect(await trimMalloc()).toBe(true);
  const after = process.memoryUsage().rss;
  expect(kept[0]).toBe(2);
  expect((before - after) / MiB).toBeGreaterThan(96);
});
