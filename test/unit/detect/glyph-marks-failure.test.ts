// Checkboxes drawn as glyphs of a font without a Unicode map are told by rendering the page. When
// that refinement fails, the page is still detected, but the loss is said in the detection's
// warnings: the same page could otherwise come back with fewer checkboxes, unexplained.
import { describe, expect, it, vi } from 'vitest';
import { detectFields } from '../../../src/pdf/detect/index.ts';
import { pageWith } from './fixtures.ts';

vi.mock('../../../src/pdf/detect/glyph-marks.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/pdf/detect/glyph-marks.ts')>()),
  resolveGlyphMarks: async () => {
    throw new Error('canvas out of memory');
  },
}));

describe('a failed glyph-checkbox check', () => {
  it('is a warning of the page, and the page is still detected', async () => {
    const bytes = await pageWith((k) => {
      k.text('Name', 72, 700);
      k.line(110, 698, 400, 698);
    });
    const result = await detectFields(bytes, { ocr: false });
    expect(result.fields.length).toBe(1);
    expect(result.warnings).toEqual(['page 1: checkboxes drawn as font glyphs not resolved: canvas out of memory']);
  });
});
