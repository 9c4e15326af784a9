// Exporters wrap each object they draw in clips to the page and to a bleed box around it (two
// clips per glyph on a page of outlined text). A page drawn from its operator list leaves out the
// clips that reach beyond the page on every side, and only those: the pixels stay the same.
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, clip, concatTransformationMatrix, endPath, fill, popGraphicsState, pushGraphicsState, rectangle, setFillingGrayscaleColor } from '@cantoo/pdf-lib';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { openPdf } from '../../../src/pdf/detect/pdfjs.ts';
import { OPS } from '../../../src/pdf/detect/ops.ts';
import { readOperators, renderFromOperators, withoutPageClips } from '../../../src/pdf/detect/page-operators.ts';
import { renderGray } from '../../../src/pdf/detect/raster.ts';

/** A letter page whose every object sits in clips: to a bleed box, to the page itself, and to a small window. */
async function clippedPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const wrapped = (clipRect: [number, number, number, number], draw: () => void, matrix?: [number, number, number, number, number, number]) => {
    page.pushOperators(pushGraphicsState());
    if (matrix) page.pushOperators(concatTransformationMatrix(...matrix));
    page.pushOperators(rectangle(...clipRect), clip(), endPath());
    if (matrix) page.pushOperators(concatTransformationMatrix(...(invert(matrix) as [number, number, number, number, number, number])));
    draw();
    page.pushOperators(popGraphicsState());
  };
  for (let i = 0; i < 5; i++) {
    // The bleed box, 36 pt beyond the page: cuts nothing.
    wrapped([-36, -36, 684, 864], () => page.drawText(`Line ${i}`, { x: 72, y: 700 - 20 * i, size: 11, font }));
  }
  // The bleed box drawn at half scale (a form XObject's habit): cuts nothing either.
  wrapped([-72, -72, 1368, 1728], () => page.drawRectangle({ x: 72, y: 500, width: 200, height: 20, borderWidth: 1 }), [0.5, 0, 0, 0.5, 0, 0]);
  // The page box itself: kept (a render may reach a pixel past it).
  wrapped([0, 0, 612, 792], () => page.drawText('Edge', { x: 300, y: 400, size: 11, font }));
  // A window: it cuts the grey fill drawn over the whole page.
  wrapped([100, 100, 50, 50], () => page.pushOperators(setFillingGrayscaleColor(0.5), rectangle(0, 0, 612, 792), fill()));
  return doc.save();
}

function invert(m: number[]): number[] {
  const det = m[0] * m[3] - m[1] * m[2];
  return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
}

const clips = (fnArray: number[]) => fnArray.filter((fn) => fn === OPS.clip || fn === OPS.eoClip).length;

describe('clips that cut nothing are not drawn', () => {
  it('leaves out the clips reaching beyond the page, keeps the page box and windows', async () => {
    const doc = await openPdf(await clippedPage());
    const page = await doc.getPage(1);
    const ops = await readOperators(page);
    const drawn = withoutPageClips(ops, page.view);
    await doc.destroy();
    expect(clips(ops.fnArray)).toBe(8);
    // Six bleed-box clips go with their paths; the page box and the window stay.
    expect(clips(drawn.fnArray)).toBe(2);
    expect(drawn.fnArray.length).toBe(ops.fnArray.length - 12);
  });

  it('draws the pixels pdf.js draws from its own parse', async () => {
    const bytes = await clippedPage();
    const render = async (reuse: boolean, dpi: number) => {
      const doc = await openPdf(bytes);
      const page: PDFPageProxy = await doc.getPage(1);
      if (reuse) renderFromOperators(page, await readOperators(page));
      const { image } = await renderGray(page, dpi);
      page.cleanup();
      await doc.destroy();
      return Buffer.from(image.data);
    };
    for (const dpi of [100, 150, 200]) {
      const fromList = await render(true, dpi);
      expect(fromList.equals(await render(false, dpi))).toBe(true);
      expect(fromList.some((v) => v < 128)).toBe(true);
    }
  }, 60_000);
});
