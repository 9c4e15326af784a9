// pdf-lib's references, pooled weakly (#17): one object per reference while it is held, so
// documents still find their objects by it; gone when nothing holds it, so a thread that parsed
// a PDF of many objects does not keep them all for life.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PDFDocument, PDFName, PDFRef, PDFString } from '@cantoo/pdf-lib';
import { expect, test } from 'vitest';
import { pooledRefCount, refOf } from '../../../src/pdf/ref-pool.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

test('PDFRef.of is the weak pool: the same object for the same reference while it is held', () => {
  expect(PDFRef.of).toBe(refOf);
  const a = PDFRef.of(7, 0);
  expect(PDFRef.of(7)).toBe(a);
  expect(PDFRef.of(7, 2)).toBe(PDFRef.of(7, 2));
  expect(PDFRef.of(7, 2)).not.toBe(a);
  expect(a).toBeInstanceOf(PDFRef);
  expect([a.objectNumber, a.generationNumber, a.tag, a.toString()]).toEqual([7, 0, '7 0 R', '7 0 R']);
  expect(PDFRef.of(5_000_000).tag).toBe('5000000 0 R');
});

test('a document built and read back through the pool finds its objects by reference', async () => {
  const doc = await PDFDocument.create();
  doc.addPage();
  const ref = doc.context.register(doc.context.obj({ Note: PDFString.of('kept') }));
  doc.catalog.set(PDFName.of('Extra'), ref);
  const back = await PDFDocument.load(await doc.save({ useObjectStreams: false }));
  const extra = back.context.lookup(back.catalog.get(PDFName.of('Extra')));
  expect(String((extra as unknown as { get(n: PDFName): PDFString }).get(PDFName.of('Note')).decodeText())).toBe('kept');
  expect(back.context.lookup(PDFRef.of(ref.objectNumber))).toBe(extra);
  expect(back.getPageCount()).toBe(1);
});

test('references nothing holds any more leave the pool', async () => {
  const before = pooledRefCount();
  let held: PDFRef[] | null = Array.from({ length: 20_000 }, (_, i) => PDFRef.of(1_000_000 + i));
  expect(pooledRefCount()).toBeGreaterThanOrEqual(before + 20_000);
  held = null;
  // Entries are dropped by finalization callbacks, which run after a collection, in a later task.
  for (let i = 0; i < 50 && pooledRefCount() >= before + 20_000; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(held).toBeNull();
  expect(pooledRefCount()).toBeLessThan(before + 1_000);
});
