// Line numbers printed by an amount blank but not between its caption and it: before a sign
// ("4a. $ ____") or after the row's last box ("Base amount ____ 17"), as returns print them
// (caption.ts: textCaption, addRowEndNumbers).
import { describe, expect, it } from 'vitest';
import { field, labelsOf, line } from './page.ts';

describe('line numbers by an amount blank', () => {
  it('reads the number printed before the sign in front of the blank', () => {
    const lines = [line('4a.', 50, 92, 10), line('Real estate taxes', 68, 92, 62), line('4a.', 434, 92, 10), line('$', 459, 92, 4)];
    expect(labelsOf([field('text', 464, 90, 91, 14)], lines)).toEqual(['4a Real estate taxes']);
  });

  it('leaves the number before the sign alone on a row of one amount per person', () => {
    // "5g. Union dues  5g. $ [____]  $ [____]": the row's columns are read by their heads.
    const lines = [line('Union dues', 68, 92, 40), line('5g.', 300, 92, 10), line('$', 325, 92, 4), line('$', 459, 92, 4)];
    const labels = labelsOf([field('text', 330, 90, 91, 14), field('text', 464, 90, 91, 14)], lines);
    expect(labels.some((l) => l.startsWith('5g'))).toBe(false);
  });

  it('reads the number printed after the last box of the row', () => {
    const lines = [line('Base amount', 24, 638, 59), line('–', 384, 636, 7), line('17', 468, 636, 11)];
    expect(labelsOf([field('text', 393, 637, 69, 11)], lines)).toEqual(['17 Base amount']);
  });

  it('gives every box of a rate table row the number at the row’s end', () => {
    const lines = [line('Line 1 is $60,000 or less', 297, 600, 80), line('More than $60,000', 393, 600, 80), line('3', 480, 570, 6)];
    const fields = [field('text', 309, 571, 69, 11), field('text', 405, 571, 69, 11)];
    expect(labelsOf(fields, lines).every((l) => l.startsWith('3 '))).toBe(true);
  });

  it('leaves a number that starts the next item on the row to that item', () => {
    const lines = [line('4a', 40, 500, 10), line('IRA distributions', 55, 500, 70), line('4b', 290, 500, 10), line('Taxable amount', 305, 500, 60)];
    const fields = [field('text', 200, 498, 80, 12), field('text', 420, 498, 80, 12)];
    expect(labelsOf(fields, lines)[0]).not.toContain('4b');
  });
});
