// A page the detector renders (a scan, text drawn as outlines, unknown checkbox glyphs) is drawn
// from the operator list it already read: pdf.js parses each page once, and the pixels are the
// ones pdf.js's own second parse would give.
import { describe, expect, it } from 'vitest';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { detectFields } from '../../../src/pdf/detect/index.ts';
import { openPdf } from '../../../src/pdf/detect/pdfjs.ts';
import { readOperators, renderFromOperators } from '../../../src/pdf/detect/page-operators.ts';
import { renderGray } from '../../../src/pdf/detect/raster.ts';
import { buildForm, scanOf } from './fixtures.ts';

/** How many times pdf.js parses a page's content (its operator-list pumps) while `run` runs. */
async function parses(sample: Uint8Array, run: () => Promise<unknown>): Promise<number> {
  const doc = await openPdf(sample);
  const proto = Object.getPrototypeOf(await doc.getPage(1)) as { _pumpOperatorList: (...a: unknown[]) => unknown };
  await doc.destroy();
  const pump = proto._pumpOperatorList;
  let n = 0;
  proto._pumpOperatorList = function (this: unknown, ...a: unknown[]) {
    n++;
    return pump.apply(this, a);
  };
  try {
    await run();
  } finally {
    proto._pumpOperatorList = pump;
  }
  return n;
}

describe('each page is parsed once', () => {
  it('renders a scanned page from the list it read', async () => {
    const scan = await scanOf((await buildForm()).bytes);
    let scanned: number[] = [];
    const count = await parses(scan, async () => {
      scanned = (await detectFields(scan, { ocr: false })).scanned_pages;
    });
    expect(count).toBe(1);
    expect(scanned).toEqual([0]);
  }, 60_000);

  it('draws the same pixels from the list as from a second parse', async () => {
    const { bytes } = await buildForm();
    const render = async (reuse: boolean) => {
      const doc = await openPdf(bytes);
      const page: PDFPageProxy = await doc.getPage(1);
      const ops = await readOperators(page);
      expect(ops.transparency).toBe(false);
      if (reuse) renderFromOperators(page, ops);
      const { image } = await renderGray(page, 100);
      page.cleanup();
      await doc.destroy();
      return image.data;
    };
    const fromList = await render(true);
    expect(Buffer.from(fromList).equals(Buffer.from(await render(false)))).toBe(true);
    expect(fromList.some((v) => v < 128)).toBe(true);
  }, 60_000);
});
