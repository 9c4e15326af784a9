// Words drawn as outlines are read by rendering the page. When that rendering fails, the page is
// still detected from its vectors, but the loss is said in the detection's warnings: its captions
// would otherwise be missing, unexplained.
import { describe, expect, it, vi } from 'vitest';
import { detectFields } from '../../../src/pdf/detect/index.ts';
import { black, pageWith } from './fixtures.ts';

vi.mock('../../../src/pdf/detect/raster.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/pdf/detect/raster.ts')>()),
  renderGray: async () => {
    throw new Error('canvas out of memory');
  },
}));

describe('a failed reading of text drawn as outlines', () => {
  it('is a warning of the page, and the page is still detected', async () => {
    const bytes = await pageWith((k) => {
      // 300 small curved filled shapes and one word of text: a page whose words are outlines.
      for (let i = 0; i < 300; i++) k.page.drawSvgPath('M 0 0 C 1 -7, 4 -7, 5 0 C 4 -3, 1 -3, 0 0 Z', { x: 72 + (i % 60) * 7, y: 600 - Math.floor(i / 60) * 14, color: black });
      k.text('Name', 72, 700);
      k.line(110, 698, 400, 698);
    });
    const result = await detectFields(bytes, { ocr: false });
    expect(result.warnings).toContain('page 1: text drawn as outlines not read: canvas out of memory');
    expect(result.fields.length).toBeGreaterThanOrEqual(1); // the rule's blank, from the vectors
  });
});
