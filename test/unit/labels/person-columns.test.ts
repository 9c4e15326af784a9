// Blanks repeated once per person in columns side by side, each column under a head naming whose
// it is ("Debtor 1" / "Debtor 2 or non-filing spouse"): each blank reads its column's head
// (twins.ts, labelPersonColumns).
import { describe, expect, it } from 'vitest';
import type { Rect } from '../../../src/pdf/types.ts';
import { settlePageLabels } from '../../../src/pdf/labels/index.ts';
import { labelPersonColumns } from '../../../src/pdf/labels/twins.ts';
import { line } from './page.ts';

/** Labels as the page-wide rules leave them, for fields whose own captions are given. */
function settle(fields: [string, number, number, number][], lines: ReturnType<typeof line>[]): string[] {
  const labelled = fields.map(([label, x, y, width]) => ({ type: 'text' as const, page: 0, rect: { x, y, width, height: 14 } as Rect, label }));
  // The captions the fields read (every line but the heads and the item's question) are used.
  const used = new Set(lines.filter((l) => fields.some(([label]) => l.text === label) || /^(Number|Street)$/.test(l.text)));
  settlePageLabels(labelled, lines, used);
  return labelled.map((f) => f.label);
}

describe('columns of blanks per person', () => {
  // A block asked of two people: the heads, then rows of blanks with their captions printed under
  // them, the same in both columns; the address row carries captions the rows above also print.
  const lines = [
    line('1. Fill in your employment information.', 38, 474, 130),
    line('Debtor 1', 284, 466, 32),
    line('Debtor 2 or non-filing spouse', 441, 466, 112),
    line('Employer’s name', 172, 359, 66),
    line('Number', 274, 323, 25),
    line('Street', 307, 323, 19),
    line('Number', 434, 323, 25),
    line('Street', 470, 323, 19),
    line('City', 274, 261, 12),
    line('ZIP Code', 364, 261, 30),
    line('City', 434, 261, 12),
    line('ZIP Code', 536, 261, 30),
  ];
  const fields: [string, number, number, number][] = [
    ['Employer’s name', 270, 358, 152],
    ['Employer’s name', 432, 358, 152],
    ['City', 270, 269, 78],
    ['ZIP Code', 383, 269, 38],
    ['City', 432, 269, 78],
    ['ZIP Code', 545, 269, 38],
  ];

  it('gives each blank the head of its column', () => {
    expect(settle(fields, lines)).toEqual([
      'Debtor 1: Employer’s name',
      'Debtor 2 or non-filing spouse: Employer’s name',
      'Debtor 1: City',
      'Debtor 1: ZIP Code',
      'Debtor 2 or non-filing spouse: City',
      'Debtor 2 or non-filing spouse: ZIP Code',
    ]);
  });

  it('reads no head over a line printed across both columns', () => {
    // A title across the page between the heads and the blanks ends the heads' block.
    const across = [...lines, line('Give the details of your employer in full, for each of you.', 172, 420, 400)];
    const labelled = fields.map(([label, x, y, width]) => ({ type: 'text' as const, rect: { x, y, width, height: 14 } as Rect, label }));
    labelPersonColumns(labelled, across);
    expect(labelled.map((f) => f.label)).toEqual(fields.map(([label]) => label));
  });
});
