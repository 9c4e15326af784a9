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
