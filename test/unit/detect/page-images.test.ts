// Small images are read for checkbox and radio pictures. pdf.js keeps an image drawn on several
// pages in the document-wide store (ids "g_…"), not in the page's own: the reader must look there,
// or those pages lose their pictured boxes.
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName } from 'pdf-lib';
import { openPdf } from '../../../src/pdf/detect/pdfjs.ts';
import { readRawPage } from '../../../src/pdf/detect/page-model.ts';
import { OPS } from '../../../src/pdf/detect/ops.ts';

/** A 16×16 grey square outline, as a form might picture an empty checkbox. */
function boxPixels(): Uint8Array {
  const px = new Uint8Array(16 * 16).fill(255);
  for (let i = 0; i < 16; i++) for (const [x, y] of [[i, 0], [i, 15], [0, i], [15, i]]) px[y * 16 + x] = 0;
  return px;
}

async function pagesSharingOneImage(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = doc.context.register(
    doc.context.stream(boxPixels(), { Type: 'XObject', Subtype: 'Image', Width: 16, Height: 16, ColorSpace: 'DeviceGray', BitsPerComponent: 8 }),
  );
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    page.node.setXObject(PDFName.of('Box'), image);
    const content = doc.context.register(doc.context.stream('q 12 0 0 12 100 600 cm /Box Do Q q 12 0 0 12 100 560 cm /Box Do Q'));
    page.node.set(PDFName.of('Contents'), content);
  }
  return doc.save();
}

describe('small images of a page', () => {
  it('are read on every page, also when pdf.js shares the image across pages', async () => {
    const doc = await openPdf(await pagesSharingOneImage(4));
    try {
      const ids: string[] = [];
      for (let p = 1; p <= doc.numPages; p++) {
        const raw = await readRawPage(await doc.getPage(p), p - 1);
        const drawn = raw.fnArray.flatMap((fn, k) => (fn === OPS.paintImageXObject ? [raw.argsArray[k][0] as string] : []));
        expect(drawn.length).toBe(2);
        for (const id of drawn) expect(raw.smallImages.get(id)?.width, `page ${p} image ${id}`).toBe(16);
        ids.push(...drawn);
      }
      // The case this guards: at least one page drew the shared image by its document-wide id.
      expect(ids.some((id) => id.startsWith('g_'))).toBe(true);
    } finally {
      await doc.destroy();
    }
  });
});

/** One page painting `n` distinct 16×16 box pictures (each its own image: pdf.js keeps them in page.objs). */
async function pageWithImages(n: number, broken = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  let content = '';
  for (let i = 0; i < n + broken; i++) {
    // A broken one: Flate-compressed by its dictionary, garbage in its data (pdf.js cannot decode it).
    const image = i < n
      ? doc.context.stream(boxPixels(), { Type: 'XObject', Subtype: 'Image', Width: 16, Height: 16, ColorSpace: 'DeviceGray', BitsPerComponent: 8 })
      : doc.context.stream(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), { Type: 'XObject', Subtype: 'Image', Width: 16, Height: 16, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'DCTDecode' });
    page.node.setXObject(PDFName.of(`Im${i}`), doc.context.register(image));
    content += `q 12 0 0 12 100 ${700 - 30 * i} cm /Im${i} Do Q `;
  }
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(content)));
  return doc.save();
}

type Objs = { resolve(id: string, data?: unknown): void };

/** Makes pdf.js hand the page's decoded images over `ms` late (as on a busy machine), or never (ms < 0). */
function delayImages(objs: unknown, ms: number): void {
  const store = objs as Objs;
  const resolve = store.resolve.bind(store);
  store.resolve = (id, data) => {
    if (ms >= 0) setTimeout(() => resolve(id, data), ms);
  };
}

function drawnImages(raw: Awaited<ReturnType<typeof readRawPage>>): string[] {
  return raw.fnArray.flatMap((fn, k) => (fn === OPS.paintImageXObject ? [raw.argsArray[k][0] as string] : []));
}

describe('the wait for a page\'s small images', () => {
  it('reads every image of the page however late pdf.js delivers it (the result does not depend on load)', async () => {
    const doc = await openPdf(await pageWithImages(3));
    try {
      const page = await doc.getPage(1);
      delayImages(page.objs, 600);
      const raw = await readRawPage(page, 0);
      const drawn = drawnImages(raw);
      expect(drawn.length).toBe(3);
      for (const id of drawn) expect(raw.smallImages.get(id)?.width, id).toBe(16);
      expect(raw.warnings ?? []).toEqual([]);
    } finally {
      await doc.destroy();
    }
  });

  it('does not wait for an image pdf.js cannot decode: it answers with nothing at once', async () => {
    const doc = await openPdf(await pageWithImages(1, 1));
    try {
      const t0 = performance.now();
      const raw = await readRawPage(await doc.getPage(1), 0);
      expect(performance.now() - t0).toBeLessThan(2000);
      const drawn = drawnImages(raw);
      expect(drawn.length).toBe(2);
      expect(raw.smallImages.size).toBe(1);
      expect(raw.warnings ?? []).toEqual([]);
    } finally {
      await doc.destroy();
    }
  });

  it('gives up on images that never come only at its cap, and says so', async () => {
    const doc = await openPdf(await pageWithImages(2));
    try {
      const page = await doc.getPage(1);
      delayImages(page.objs, -1);
      const raw = await readRawPage(page, 0, { imageWaitCapMs: 300 });
      expect(raw.smallImages.size).toBe(0);
      expect(raw.warnings?.join(' ')).toMatch(/2 of 2 small images not delivered/);
    } finally {
      await doc.destroy();
    }
  });
});
