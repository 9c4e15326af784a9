// A currency sign printed before a blank of a table ("$ ____") is that blank's sign: the blank
// under it in the next row reads its row and its column's head, not the sign (caption.ts,
// addTableContext).
import { describe, expect, it } from 'vitest';
import { field, line, settledLabels } from './page.ts';

describe('currency signs in a table of blanks', () => {
  it('reads the row and the column head for a blank under the sign of the row above', () => {
    // Two columns under "Debtor 1" / "Debtor 2"; each blank has its "$" (or "– $") printed before
    // it, a point or so over the top of the blank in the row under it.
    const lines = [
      line('Debtor 1', 265.8, 170.6, 30.6, 8),
      line('Debtor 2', 312, 170.6, 30.6, 8),
      line('Gross receipts (before all deductions)', 80, 158, 130),
      line('$', 272.2, 156.6, 4.4, 8.5),
      line('$', 315.7, 156.6, 4.4, 8.5),
      line('Ordinary and necessary operating expenses', 80, 141.5, 150),
      line('– $', 263.2, 140.7, 13.4, 10.6),
      line('– $', 306.7, 140.7, 13.4, 10.6),
    ];
    const fields = [field('text', 275.4, 156.7, 33, 13.7), field('text', 320.6, 156.7, 33, 13.7), field('text', 275.4, 139.6, 33, 13.7), field('text', 320.6, 139.6, 33, 13.7)];
    expect(settledLabels(fields, lines).slice(2)).toEqual(['Ordinary and necessary operating expenses: Debtor 1', 'Ordinary and necessary operating expenses: Debtor 2']);
  });
});
