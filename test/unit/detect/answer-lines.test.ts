// Answer lines (candidates-lines answerAreas): rules stacked across the text column under a request
// to write ("To order the following:", "Other (please state)") are one multi-line answer, not a
// blank per rule. Page models built by hand.
import { describe, expect, it } from 'vitest';
import { findCandidates } from '../../../src/pdf/detect/candidates.ts';
import type { PageModel, Segment, TextLine } from '../../../src/pdf/detect/model.ts';

const rule = (y: number, lo = 72, hi = 540, source: Segment['source'] = 'stroke'): Segment => ({ orient: 'h', pos: y, lo, hi, thickness: 0.5, source });
const line = (text: string, x: number, y: number, width: number, size = 9): TextLine => {
  const rect = { x, y, width, height: size };
  return { words: [{ text, rect, size }], rect, text, size };
};
const page = (segments: Segment[], lines: TextLine[]): PageModel => ({ index: 0, view: [0, 0, 612, 792], rotate: 0, segments, fills: [], words: lines.flatMap((l) => l.words), lines, marks: [], blobs: [], scanned: false });
const texts = (model: PageModel) =>
  findCandidates(model)
    .filter((c) => c.type === 'text')
    .map((c) => ({ y: Math.round(c.rect.y), top: Math.round(c.rect.y + c.rect.height), multiline: !!c.multiline }))
    .sort((a, b) => a.y - b.y);

describe('answer lines', () => {
  const request = line('8. To order the following:', 72, 540, 120);

  it('takes rules stacked across the text column under a request for one multi-line answer', () => {
    // Three rules 20 pt apart: the answer reaches a pitch above the top one.
    expect(texts(page([rule(480), rule(500), rule(520)], [request]))).toEqual([{ y: 480, top: 540, multiline: true }]);
  });

  it('reads typed underscores the same way, and two lines as well as three', () => {
    expect(texts(page([rule(500, 72, 540, 'underscore'), rule(514, 72, 540, 'underscore')], [line('Other (please state)', 72, 530, 90)]))).toEqual([{ y: 500, top: 528, multiline: true }]);
  });

  it('leaves dot leaders, narrow stacks and captioned rules one blank per line', () => {
    const dots = texts(page([rule(480, 72, 540, 'dots'), rule(500, 72, 540, 'dots'), rule(520, 72, 540, 'dots')], [request]));
    expect(dots.some((c) => c.multiline)).toBe(false);
    // An address: lines a third of the page wide.
    const address = texts(page([rule(480, 72, 272), rule(500, 72, 272)], [line('Address', 72, 522, 40)]));
    expect(address.some((c) => c.multiline)).toBe(false);
    // Each rule has its own caption at its left.
    const captioned = texts(page([rule(480, 140, 560), rule(500, 140, 560)], [line('Name of father', 60, 482, 70), line('Name of mother', 60, 502, 70)]));
    expect(captioned.some((c) => c.multiline)).toBe(false);
    // The rows of an open-sided table: full-width rules crossed by its column rules.
    const columns: Segment[] = [200, 380].map((x) => ({ orient: 'v', pos: x, lo: 480, hi: 520, thickness: 0.5, source: 'stroke' }));
    const table = texts(page([rule(480), rule(500), rule(520), ...columns], [request]));
    expect(table.some((c) => c.multiline)).toBe(false);
  });
});
