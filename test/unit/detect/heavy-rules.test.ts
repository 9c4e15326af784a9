// Heavy drawn rules (candidates-lines): forms write on hairlines; a rule drawn heavier than about
// a point rules off a section or a frame, with the section's last line of text or choices above it,
// and is no blank. Typed underscores and a scan's rules (their thickness is the font's, or measured
// in pixels) stay blanks whatever their weight. Page models built by hand: no closed or implied cells.
import { describe, expect, it } from 'vitest';
import { lineCandidates } from '../../../src/pdf/detect/candidates-lines.ts';
import type { PageModel, Segment, TextLine } from '../../../src/pdf/detect/model.ts';

const rule = (thickness: number, source: Segment['source'] = 'stroke'): Segment => ({ orient: 'h', pos: 600, lo: 120, hi: 320, thickness, source, ...(source === 'underscore' ? { size: 20 } : {}) });
const caption: TextLine = (() => {
  const rect = { x: 72, y: 601, width: 40, height: 10 };
  return { words: [{ text: 'Name', rect, size: 10 }], rect, text: 'Name', size: 10 };
})();
const page = (seg: Segment, scanned = false): PageModel => ({ index: 0, view: [0, 0, 612, 792], rotate: 0, segments: [seg], fills: [], words: caption.words, lines: [caption], marks: [], blobs: [], scanned });
const blanks = (model: PageModel) => lineCandidates(model, model.segments, []).length;

describe('heavy rules', () => {
  it('writes on a captioned hairline and a one-point rule', () => {
    expect(blanks(page(rule(0.5)))).toBe(1);
    expect(blanks(page(rule(1)))).toBe(1);
  });

  it('does not write on a drawn rule heavier than that (a section separator)', () => {
    expect(blanks(page(rule(1.5)))).toBe(0);
    expect(blanks(page(rule(2.2, 'fill')))).toBe(0);
  });

  it('still writes on large typed underscores and on a scan’s rules, whatever their weight', () => {
    expect(blanks(page(rule(1.3, 'underscore')))).toBe(1);
    expect(blanks(page(rule(1.5, 'raster'), true))).toBe(1);
  });
});
