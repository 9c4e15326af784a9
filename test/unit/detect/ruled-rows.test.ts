// Rules stacked one under another with no sides drawn (a column of amounts or names on a schedule,
// the rows' sides only implied by the rules ending together) are writing lines: each field is
// one line of writing standing on its rule, not the whole row up to the rule above, however far
// apart the rules are. A table row whose sides are drawn is a cell and keeps its own height.
import { afterAll, describe, expect, it } from 'vitest';
import type { FormField } from '../../../src/pdf/types.ts';
import { detectFields, terminateOcr } from '../../../src/pdf/detect/index.ts';
import { type Kit, pageWith } from './fixtures.ts';

afterAll(() => terminateOcr());

/** Four rules 28 pt apart, 300–420 pt across, each row captioned at the left. */
const RULES = [600, 572, 544, 516];

function ruledRows(k: Kit): void {
  k.text('Name of each dependent', 72, 612);
  for (const [i, y] of RULES.entries()) {
    k.text(`Dependent ${i + 1}`, 72, y + 3);
    k.line(300, y, 420, y);
  }
}

/** The text field standing on the rule at `y` (its bottom within 2 pt of the rule). */
const onRule = (fields: FormField[], y: number) => fields.filter((f) => f.type === 'text' && Math.abs(f.rect.y - y) < 2.5 && f.rect.x < 310 && f.rect.x + f.rect.width > 410);

describe('rows between rules with no side drawn', () => {
  it('takes one line of writing over each rule, not the whole row', async () => {
    const { fields } = await detectFields(await pageWith(ruledRows), { ocr: false });
    // The rows between rules: each a field on its lower rule, one line tall.
    for (const y of RULES.slice(1)) {
      const found = onRule(fields, y);
      expect(found, `rule at ${y}`).toHaveLength(1);
      expect(found[0].rect.height).toBeLessThanOrEqual(17);
    }
  });
});
