// Typed underscores on a line of their own (candidates-lines): the line of type right over them is
// set solid, so less than a drawn rule's writing room is left, yet the blank has its own line.
// Page models built by hand: no closed or implied cells.
import { describe, expect, it } from 'vitest';
import { lineCandidates } from '../../../src/pdf/detect/candidates-lines.ts';
import type { PageModel, Segment, TextLine } from '../../../src/pdf/detect/model.ts';

describe('typed blanks on a line of their own', () => {
  const text = (t: string, x: number, y: number, width: number, size = 9): TextLine => {
    const rect = { x, y, width, height: size };
    return { words: [{ text: t, rect, size }], rect, text: t, size };
  };
  const model = (source: Segment['source'], above: number): PageModel => {
    const seg: Segment = { orient: 'h', pos: 600, lo: 120, hi: 190, thickness: 0.75, source, ...(source === 'underscore' ? { size: 9 } : {}) };
    const lines = [text('income as of the following date:', 120, 600 + above, 130), text('MM / DD / YYYY', 120, 590, 60, 7)];
    return { index: 0, view: [0, 0, 612, 792], rotate: 0, segments: [seg], fills: [], words: lines.flatMap((l) => l.words), lines, marks: [], blobs: [], scanned: false };
  };
  const found = (m: PageModel) => lineCandidates(m, m.segments, []).length;

  it('writes on underscores with the next line of type set solid over them', () => {
    expect(found(model('underscore', 8.3))).toBe(1);
  });

  it('not when the type stands on them, nor on a drawn rule that close under text', () => {
    expect(found(model('underscore', 4))).toBe(0);
    expect(found(model('stroke', 8.3))).toBe(0);
  });
});

describe('the line written on a rule crowded by type', () => {
  const text = (t: string, x: number, y: number, width: number, size = 9): TextLine => {
    const rect = { x, y, width, height: size };
    return { words: [{ text: t, rect, size }], rect, text: t, size };
  };
  /** "Name of spouse ______" with the paragraph's next line 9.5 pt over the rule; perhaps a rule over it. */
  const line = (ruleAbove?: number) => {
    const segs: Segment[] = [{ orient: 'h', pos: 600, lo: 120, hi: 300, thickness: 0.75, source: 'stroke' }];
    if (ruleAbove) segs.push({ orient: 'h', pos: 600 + ruleAbove, lo: 100, hi: 320, thickness: 0.75, source: 'stroke' });
    const lines = [text('Name of spouse', 40, 601, 70), text('so that the person named above may be reached', 120, 609.5, 180)];
    const m: PageModel = { index: 0, view: [0, 0, 612, 792], rotate: 0, segments: segs, fills: [], words: lines.flatMap((l) => l.words), lines, marks: [], blobs: [], scanned: false };
    return lineCandidates(m, m.segments, []);
  };

  it('is a line of writing tall, overlapping the descenders of the type above', () => {
    const got = line();
    expect(got).toHaveLength(1);
    expect(got[0].rect.height).toBeGreaterThanOrEqual(12);
  });

  it('but ends under a rule above it', () => {
    const got = line(10);
    expect(got).toHaveLength(1);
    expect(got[0].rect.height).toBeLessThanOrEqual(9.5);
  });
});
