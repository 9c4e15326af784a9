// Several PDFs open at once (concurrent requests) must not see each other's page counts.
import { expect, test } from 'vitest';
import { openPdf } from '../../../src/pdf/pdfjs.ts';
import { PdfError } from '../../../src/pdf/errors.ts';
import { manyPagesPdf, encryptedPdf, corruptPdf } from '../../helpers/pdfs.ts';

test('documents opened together keep their own page counts', async () => {
  const six = await openPdf(await manyPagesPdf(6));
  const two = await openPdf(await manyPagesPdf(2));
  expect((await six.getPage(6)).pageNumber).toBe(6);
  expect((await two.getPage(2)).pageNumber).toBe(2);
  await expect(two.getPage(3)).rejects.toThrow();
  await Promise.all([six.destroy(), two.destroy()]);
});

test('typed errors: not a PDF, unreadable, password-protected', async () => {
  await expect(openPdf(new TextEncoder().encode('hello'))).rejects.toMatchObject({ code: 'not_a_pdf' });
  await expect(openPdf(corruptPdf())).rejects.toMatchObject({ code: 'unreadable_pdf' });
  await expect(openPdf(await encryptedPdf('pw'))).rejects.toBeInstanceOf(PdfError);
  const open = await openPdf(await encryptedPdf(''));
  expect(open.numPages).toBe(2);
});

test("pdf.js's bundled polyfills leave the engine's native built-ins in place", async () => {
  // core-js in pdf.js's legacy build swaps these for slow JavaScript versions process-wide.
  const native = (f: unknown) => Function.prototype.toString.call(f).includes('[native code]');
  const doc = await openPdf(await manyPagesPdf(2)); // the fake worker is set up at the first open
  await (await doc.getPage(1)).getOperatorList();
  await doc.destroy();
  expect(native(Array.prototype.push)).toBe(true);
  expect(native(JSON.parse)).toBe(true);
});
