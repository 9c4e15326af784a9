// Checkboxes typed in dingbat fonts without a Unicode map: the character code means a different
// shape in each font, so the font's name decides. Pages built in code as pdfjs reports them.
import { describe, expect, it } from 'vitest';
import type { RawPage } from '../../../src/pdf/detect/page-model.ts';
import { buildVectorModel } from '../../../src/pdf/detect/page-model.ts';

function pageWith(font: string, chars: string[]): RawPage {
  const items = chars.flatMap((ch, i) => [
    { str: ch, transform: [10, 0, 0, 10, 36, 700 - 20 * i], width: 10, fontName: 'f1' },
    // Word puts a space in the same font after the box.
    { str: ' ', transform: [10, 0, 0, 10, 46, 700 - 20 * i], width: 0.8, fontName: 'f1' },
    { str: `Option ${i + 1}`, transform: [10, 0, 0, 10, 54, 700 - 20 * i], width: 40, fontName: 'f2' },
  ]);
  return { index: 0, view: [0, 0, 612, 792], rotate: 0, items, styles: {}, fnArray: [], argsArray: [], smallImages: new Map(), fontNames: { f1: `ABCDEF+${font}`, f2: 'Helvetica' } };
}

describe('dingbat checkboxes', () => {
  it('takes the Webdings ballot box ("c") for a checkbox, and nothing for the space after it', () => {
    const { model } = buildVectorModel(pageWith('Webdings', ['\uf063', 'c']));
    expect(model.marks.map((m) => m.kind)).toEqual(['square', 'square']);
    expect(model.marks[0].rect.x).toBeGreaterThan(35);
    expect(model.marks[0].rect.x + model.marks[0].rect.width).toBeLessThan(47);
  });

  it('does not read a Wingdings "c" (a zodiac sign) as a box', () => {
    const { model } = buildVectorModel(pageWith('Wingdings-Regular', ['c']));
    expect(model.marks).toEqual([]);
  });

  it('keeps the Wingdings squares and circles', () => {
    const { model } = buildVectorModel(pageWith('Wingdings-Regular', ['\uf071', '\u00a8', 'm']));
    expect(model.marks.map((m) => m.kind)).toEqual(['square', 'square', 'circle']);
  });

  it('sizes a box glyph to about the font size (the field over it), centred on its ink', () => {
    // Wingdings "q" at 11 pt advances 9.8 pt; its square is drawn about 0.7 em, the field is ~1 em.
    const raw = pageWith('Wingdings-Regular', ['\uf071']);
    raw.items = raw.items.map((it) => ({ ...it, transform: [11, 0, 0, 11, 54.2, 516.1], width: it.str === ' ' ? 0.3 : it.width === 10 ? 9.8 : it.width }));
    const { model } = buildVectorModel(raw);
    const m = model.marks[0].rect;
    expect(m.width).toBeGreaterThan(9.5);
    expect(m.height).toBeCloseTo(m.width, 5);
    // Centre about 3.7 pt above the baseline (x-height middle), like the glyph's square.
    expect(m.y + m.height / 2).toBeGreaterThan(516.1 + 3);
    expect(m.y + m.height / 2).toBeLessThan(516.1 + 5);
  });
});
