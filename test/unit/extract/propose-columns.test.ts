// Side-by-side person columns ("About Debtor 1:" | "About Debtor 2 (Spouse …):") and identifiers
// written with a slip in another document. Fields and documents are synthetic.
import { describe, expect, test } from 'vitest';
import { columnParties } from '../../../src/extract/propose/columns.ts';
import { analyseField } from '../../../src/extract/propose/fields.ts';
import { oneSlip } from '../../../src/extract/propose/choose.ts';
import type { PrintedLabel } from '../../../src/extract/propose/page-labels.ts';
import type { ProposeField } from '../../../src/extract/propose/types.ts';

let nextId = 1;
function field(label: string, x: number, y: number): ProposeField {
  const id = nextId++;
  return { id, name: `f${id}`, label, type: 'text', data_type: 'string', page: 0, rect: { x, y, width: 190, height: 14 } };
}
const printed = (above = ''): PrintedLabel => ({ left: '', above, inside: '', right: '', heading: '' }) as PrintedLabel;

describe('person columns', () => {
  test("the right column's boxes are the captioned party's; the left stay the subject's", () => {
    const fields = [field('First name', 170, 400), field('First name', 390, 400), field('Last name', 170, 360), field('Last name', 390, 360)];
    const labels = [printed('About Debtor 1:'), printed('About Debtor 2 (Spouse Only in a Joint Case):'), printed('Middle name'), printed('Middle name')];
    const specs = fields.map((f, i) => analyseField(f, labels[i]));
    columnParties(fields, specs, labels);
    expect(specs.map((s) => s.role)).toEqual(['self', 'spouse', 'self', 'spouse']);
  });

  test('one caption alone is no column layout', () => {
    const fields = [field('First name', 170, 400), field('Last name', 170, 360)];
    const labels = [printed('About the spouse:'), printed('')];
    const specs = fields.map((f, i) => analyseField(f, labels[i]));
    const before = specs.map((s) => s.role);
    columnParties(fields, specs, labels);
    expect(specs.map((s) => s.role)).toEqual(before);
  });
});

describe('an identifier with a slip', () => {
  test('two neighbouring digits swapped is a slip; one digit read differently or another number is not', () => {
    expect(oneSlip('900626210', '900626120')).toBe(true);
    expect(oneSlip('900451178', '900451177')).toBe(false);
    expect(oneSlip('900451178', '900712268')).toBe(false);
    expect(oneSlip('900451178', '900451178')).toBe(false);
  });
});

describe('a mistyped SSN across documents', () => {
  test('a spouse SSN typed with two digits swapped on an intake sheet, correct on a card scan: left open', async () => {
    const { readDocument } = await import('../../../src/extract/index.ts');
    const { proposeValues } = await import('../../../src/extract/propose/index.ts');
    const enc = (t: string) => new TextEncoder().encode(t);
    const intake = await readDocument({ id: 'a', name: 'intake.txt', bytes: enc('Spouse details:\nSpouse SSN: 900-62-6210\n') });
    const card = await readDocument({ id: 'b', name: 'card.txt', bytes: enc('SOCIAL SECURITY\n900-62-6120\nJANE Q SAMPLE\n') });
    const ssn: ProposeField = { id: 99, name: 'spouse_ssn', label: 'Spouse Social Security number', tooltip: 'Spouse Social Security number', type: 'text', data_type: 'string', page: 0, rect: { x: 100, y: 500, width: 150, height: 14 } };
    const [p] = await proposeValues({ fields: [ssn], documents: [intake, card] });
    expect(p.value).toBeNull();
    expect(p.note).toMatch(/mistyped/);
  });
});
