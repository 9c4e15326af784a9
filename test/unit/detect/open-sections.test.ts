// A section ruled off across the page by two long rules, its left side drawn and its right side
// open at the margin, taller than a table row: the question's caption at its top, the room to
// answer under it. Implied sides were only added between rules up to a row's height apart, so no
// cell closed and the room was no field.
import { afterAll, describe, expect, it } from 'vitest';
import { terminateOcr } from '../../../src/pdf/detect/index.ts';
import { type Kit, detectOn, rectDistance } from './fixtures.ts';

afterAll(() => terminateOcr());

/** Rules across the page at 560 and 440 and a column rule at `column`; `draw` adds the text. */
function section(k: Kit, column: number, draw: () => void): void {
  k.line(40, 560, 580, 560);
  k.line(40, 440, 580, 440);
  k.line(column, 440, column, 560);
  draw();
}

describe('a section open at the right margin', () => {
  it('gives the room under its caption as a field', async () => {
    const fields = await detectOn((k) =>
      section(k, 72, () => {
        k.text('12.', 46, 546);
        k.text('If your expenses are more than your income, explain how you are paying your bills.', 78, 546);
      }),
    );
    const room = { x: 72.5, y: 440.5, width: 507, height: 103 };
    expect(fields.filter((f) => f.type === 'text' && rectDistance(f.rect, room) <= 8)).toHaveLength(1);
  });

  it('leaves a narrow column of such a section alone (step titles, an amount column)', async () => {
    const fields = await detectOn((k) =>
      section(k, 110, () => {
        k.text('Step 3:', 44, 546);
        k.text('Claim credits', 44, 534);
      }),
    );
    expect(fields.filter((f) => f.type === 'text' && f.rect.x < 100)).toHaveLength(0);
  });
});
