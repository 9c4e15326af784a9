// pdf.js (the browser viewer's engine) must show filled values without any interaction: render the
// page with annotation appearances and look for ink inside the widgets.
import { beforeAll, describe, expect, it } from 'vitest';
import * as napi from '@napi-rs/canvas';
import { fillPdf } from '../../../src/pdf/fill/index.ts';
import { LAYOUT, buildThirdPartyForm, type Box } from './helpers.ts';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: PdfJs;

beforeAll(async () => {
  const g = globalThis as Record<string, unknown>;
  g.Path2D ??= napi.Path2D;
  g.DOMMatrix ??= napi.DOMMatrix;
  g.ImageData ??= napi.ImageData;
  pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
});

async function render(bytes: Uint8Array, pageNo: number) {
  const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const page = await doc.getPage(pageNo);
  const vp = page.getViewport({ scale: 2 });
  const canvas = napi.createCanvas(Math.ceil(vp.width), Math.ceil(vp.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const params = { canvasContext: ctx, canvas, viewport: vp, annotationMode: pdfjs.AnnotationMode.ENABLE };
  await page.render(params as unknown as Parameters<typeof page.render>[0]).promise;
  const annots = await page.getAnnotations();
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
  await doc.destroy();
  /** dark pixels inside a user-space box (unrotated Letter page), shrunk by 2 pt to skip borders */
  const dark = (b: Box) => {
    let n = 0;
    const x0 = Math.round((b.x + 2) * 2);
    const x1 = Math.round((b.x + b.w - 2) * 2);
    const y0 = Math.round((792 - b.y - b.h + 2) * 2);
    const y1 = Math.round((792 - b.y - 2) * 2);
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * img.width + x) * 4;
        if (img.data[i] + img.data[i + 1] + img.data[i + 2] < 3 * 128) n++;
      }
    }
    return n;
  };
  return { dark, annots: annots as { fieldName?: string; fieldValue?: unknown }[] };
}

describe('pdf.js shows filled values', () => {
  it('renders text (incl. Cyrillic/Greek), comb, check box and radio appearances', async () => {
    const form = await buildThirdPartyForm();
    const filled = await fillPdf(form, {
      'applicant.name': 'Дмитрий Αλέξανδρος',
      ssn: '123456789',
      cb_one: true,
      color: 'blue',
    });
    const [before, after] = await Promise.all([render(form, 1), render(filled, 1)]);
    for (const b of [LAYOUT.name, LAYOUT.ssn, LAYOUT.cbOne, LAYOUT.blue]) {
      expect(after.dark(b) - before.dark(b)).toBeGreaterThan(20);
    }
    expect(after.dark(LAYOUT.red) - before.dark(LAYOUT.red)).toBeLessThan(5);
    const name = after.annots.find((a) => a.fieldName === 'applicant.name');
    expect(name?.fieldValue).toBe('Дмитрий Αλέξανδρος');
  }, 30_000);
});
