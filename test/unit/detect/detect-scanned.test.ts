import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormField } from '../../../src/pdf/types.ts';
import { detectFields, terminateOcr } from '../../../src/pdf/detect/index.ts';
import type { Expected } from './fixtures.ts';
import { buildForm, derotate, rectDistance, scanOf } from './fixtures.ts';

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
