// The rows of a column of rules (candidates-lines): an uncaptioned rule next to a captioned one of
// the same extent is its neighbour row, unless a row number printed between them makes the two the
// row-number stubs of an open-sided table. Page models built by hand: no closed or implied cells.
import { describe, expect, it } from 'vitest';
import { lineCandidates } from '../../../src/pdf/detect/candidates-lines.ts';
import type { PageModel, Segment, TextLine } from '../../../src/pdf/detect/model.ts';

const rule = (y: number): Segment => ({ orient: 'h', pos: y, lo: 72, hi: 200, thickness: 0.5, source: 'stroke' });
const line = (text: string, x: number, y: number, width: number, size = 9): TextLine => {
  const rect = { x, y, width, height: size };
  return { words: [{ text, rect, size }], rect, text, size };
};
const page = (segments: Segment[], lines: TextLine[]): PageModel => ({ index: 0, view: [0, 0, 612, 792], rotate: 0, segments, fills: [], words: lines.flatMap((l) => l.words), lines, marks: [], blobs: [], scanned: false });
const rows = (model: PageModel) => lineCandidates(model, model.segments, []).map((c) => Math.round(c.anchor.y + c.anchor.height / 2)).sort();

describe('rows of a column of rules', () => {
  it('takes the uncaptioned rule under a captioned one for its next row', () => {
    // "Number  Street" captions the upper rule; the lower one has no caption of its own.
    expect(rows(page([rule(630), rule(600)], [line('Number', 72, 621, 30), line('Street', 120, 621, 25)]))).toEqual([600, 630]);
  });

  it('does not when a row number is printed between them', () => {
    expect(rows(page([rule(630), rule(600)], [line('Total', 30, 631, 25), line('28', 76, 616, 10)]))).toEqual([630]);
  });

  it('does not on a scan either, where the row number is an unread lone mark', () => {
    const model = page([rule(630), rule(600)], [line('Total', 30, 631, 25), line('', 76, 616, 10)]);
    expect(rows({ ...model, scanned: true })).toEqual([630]);
  });
});

describe('columns of uncaptioned rules', () => {
  const column = [rule(660), rule(645), rule(630), rule(615)];

  it('takes three or more evenly spaced rules with nothing between them for rows of blanks', () => {
    expect(rows(page(column, []))).toEqual([615, 630, 645, 660]);
  });

  it('does not when a checkbox stands in each row (a scan draws them apart from the rules)', () => {
    const marks = [648, 633, 618].map((y) => ({ kind: 'square' as const, rect: { x: 130, y, width: 9, height: 9 } }));
    expect(rows({ ...page(column, []), marks })).toEqual([]);
  });
});
