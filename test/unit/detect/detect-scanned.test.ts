import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrWorker } from '../../../src/pdf/tesseract.ts';
import type { FormField } from '../../../src/pdf/types.ts';
import { detectFields, terminateOcr } from '../../../src/pdf/detect/index.ts';
import type { Expected } from './fixtures.ts';
import { buildForm, derotate, pageWith, rectDistance, scanOf } from './fixtures.ts';

// The same test form, printed and scanned: an image-only page tilted by 0.7° like a sheet on a
// desk scanner. The detector deskews; its rects lie on the tilted page, so they are turned back
// here before comparing with where the blanks were drawn.
const TILT = 0.7;
const TOLERANCE = 3.5; // points: pixels at 200 dpi, resampling and the tilt cost a little

let expected: Expected[];
let fields: FormField[];
let scanned: number[];

beforeAll(async () => {
  const form = await buildForm();
  expected = form.expected;
  const res = await detectFields(await scanOf(form.bytes, TILT));
  fields = res.fields.map((f) => ({ ...f, rect: derotate(f.rect, TILT) }));
  scanned = res.scanned_pages;
}, 120_000);

afterAll(() => terminateOcr());

describe('detectFields on a scanned, tilted page', () => {
  it('treats the image-only page as scanned', () => {
    expect(scanned).toEqual([0]);
  });

  it('finds every drawn blank with the right kind, aligned to the page', () => {
    for (const exp of expected) {
      const got = [...fields].sort((a, b) => rectDistance(a.rect, exp.rect, exp.rule) - rectDistance(b.rect, exp.rect, exp.rule))[0];
      expect(got, exp.what).toBeDefined();
      expect(rectDistance(got.rect, exp.rect, exp.rule), `${exp.what}: ${JSON.stringify(got.rect)}`).toBeLessThanOrEqual(TOLERANCE);
      // Signature vs text needs the caption read right; both are text-like blanks.
      const kind = (t: string) => (t === 'signature' ? 'text' : t);
      expect(kind(got.type), exp.what).toBe(kind(exp.type));
      if (exp.max_len) expect(got.max_len, exp.what).toBe(exp.max_len);
    }
  });

  it('adds few extra fields', () => {
    expect(fields.length).toBeGreaterThanOrEqual(expected.length);
    expect(fields.length).toBeLessThanOrEqual(expected.length + 2);
  });

  it('finds the same blanks without OCR, unlabelled', async () => {
    const form = await buildForm();
    const res = await detectFields(await scanOf(form.bytes, TILT), { ocr: false });
    expect(res.fields.length).toBe(fields.length);
    expect(res.fields.every((f) => f.label === '')).toBe(true);
  }, 60_000);

  it('reads labels with OCR', () => {
    const labels = fields.map((f) => f.label.toLowerCase()).join(' | ');
    expect(labels).toMatch(/name/);
    expect(labels).toMatch(/email/);
    expect(labels).toMatch(/yes/);
  });
});

describe('boxes captioned along their bottom, scanned', () => {
  it('finds the room above each caption before the captions are read', async () => {
    // A column of boxes, each with its caption centred along its bottom (address blocks).
    const bytes = await pageWith((k) => {
      const captions = ['Number; Street; Apartment (if any)', 'City, State, and ZIP code', 'Email Address'];
      captions.forEach((t, i) => {
        const y = 600 - 40 * i;
        k.box(72, y, 260, 40);
        k.text(t, 202 - k.font.widthOfTextAtSize(t, 9) / 2, y + 4, 9);
      });
    });
    const res = await detectFields(await scanOf(bytes), { ocr: false });
    const text = res.fields.filter((f) => f.type === 'text').sort((a, b) => b.rect.y - a.rect.y);
    expect(text).toHaveLength(3);
    for (const [i, f] of text.entries()) {
      const y = 600 - 40 * i;
      // Above the caption (ink up to about y + 11), below the box's top.
      expect(f.rect.y, JSON.stringify(f.rect)).toBeGreaterThan(y + 9);
      expect(f.rect.y + f.rect.height).toBeLessThanOrEqual(y + 40.5);
      expect(Math.abs(f.rect.x - 72.5)).toBeLessThan(2.5);
    }
  }, 60_000);
});

describe('detectFields on several scanned pages', () => {
  // Each page's labels are OCR'd while the next page is read: what comes back is still each
  // page's fields in page order, and a failed OCR is each page's warning, its fields unlabelled.
  it('reads on while a page is in OCR: fields in page order, a failed OCR only a warning', async () => {
    const scan = await PDFDocument.load(await scanOf((await buildForm()).bytes));
    const two = await PDFDocument.create();
    for (const page of await two.copyPages(scan, [0, 0])) two.addPage(page);
    const failing = { warm: () => undefined, run: () => Promise.reject(new Error('no OCR here')) } as unknown as OcrWorker;
    const res = await detectFields(await two.save(), { ocrWorker: failing });
    expect(res.scanned_pages).toEqual([0, 1]);
    expect(res.warnings).toEqual(['page 1: OCR failed: Error: no OCR here', 'page 2: OCR failed: Error: no OCR here']);
    const first = res.fields.filter((f) => f.page === 0);
    const second = res.fields.filter((f) => f.page === 1);
    expect(first.length).toBeGreaterThan(5);
    expect(res.fields).toEqual([...first, ...second]);
    expect(second.map((f) => f.rect)).toEqual(first.map((f) => f.rect));
  }, 120_000);
});
