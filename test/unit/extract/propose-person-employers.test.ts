// A joint form's person columns ("Debtor 1" | "Debtor 2 or non-filing spouse") each take their
// person's employer and position from that person's latest pay stub. Fields, captions and stubs
// are synthetic.
import { describe, expect, test } from 'vitest';
import { extractFacts } from '../../../src/extract/propose/index.ts';
import { analyseField } from '../../../src/extract/propose/fields.ts';
import type { PrintedLabel } from '../../../src/extract/propose/page-labels.ts';
import { personColumns, personEmployers } from '../../../src/extract/propose/person-employers.ts';
import type { ProposeField } from '../../../src/extract/propose/types.ts';
import { textDoc } from './propose-helpers.ts';

let nextId = 500;
function box(label: string, x: number, y: number, type: ProposeField['type'] = 'text'): ProposeField {
  const id = nextId++;
  return { id, name: `f${id}`, label, tooltip: label, type, data_type: 'string', page: 0, rect: { x, y, width: type === 'text' ? 150 : 10, height: type === 'text' ? 14 : 10 } };
}
const printed = (above = ''): PrintedLabel => ({ left: '', above, inside: '', right: '', heading: '' }) as PrintedLabel;

const stub = (employer: string, address: string, employee: string, position: string, date: string) =>
  [employer, address, 'Payroll Advice - Monthly', `Employee: ${employee}      Position: ${position}`, `Pay period: October 2025       Pay date: ${date}`, '', 'Earnings                    Current      YTD', 'Base pay                    2,935.00    29,350.00', '', 'Net pay                     2,281.57'].join('\n');

function layout() {
  const fields = [
    box('Employed', 275, 435, 'checkbox'),
    box('Employed', 441, 435, 'checkbox'),
    box('Occupation', 270, 389),
    box('Occupation', 432, 389),
    box("Name of your Employer", 270, 358),
    box("Name of your Employer", 432, 358),
  ];
  const labels = [printed('Debtor 1'), printed('Debtor 2 or non-filing spouse'), printed(), printed(), printed(), printed()];
  return { fields, labels, specs: fields.map((f, i) => analyseField(f, labels[i])) };
}

describe('person columns of a joint form', () => {
  test('two captions side by side, one naming the spouse, make two columns; one caption alone makes none', () => {
    const { fields, labels } = layout();
    expect(personColumns(fields, labels).map((c) => c.person)).toEqual(['self', 'spouse']);
    expect(personColumns(fields, [labels[0], printed(), ...labels.slice(2)])).toEqual([]);
  });

  test("each column takes its person's latest employer and position; the filer's old job is passed over", async () => {
    const { fields, labels, specs } = layout();
    const docs = [
      await textDoc('farah.txt', stub('Riverbend District Library', '1525 Oakwood Blvd, Dearborn, MI 48124', 'Farah N. Karimi', 'Library Assistant', '10/31/2025')),
      await textDoc('new.txt', stub('Great Lakes Cold Storage Inc', '7400 Intervale St, Detroit, MI 48238', 'Rashid A. Karimi', 'Warehouse Supervisor', '10/31/2025')),
      await textDoc('old.txt', stub('Rouge River Freight LLC', '220 Miller Rd, Dearborn, MI 48120', 'Rashid A. Karimi', 'Forklift Operator', '08/15/2025')),
    ];
    const facts = extractFacts(docs);
    const form = { hasCurrentBlock: false, unitBlocks: new Set<string>(), zipBlocks: new Set<string>() };
    const got = personEmployers(fields, specs, labels, docs, facts, form, 'Rashid Aziz Karimi', () => true);
    const value = (i: number) => got.get(i)?.value ?? null;
    expect([value(2), value(3)]).toEqual(['Warehouse Supervisor', 'Library Assistant']);
    expect([value(4), value(5)]).toEqual(['Great Lakes Cold Storage Inc', 'Riverbend District Library']);
    expect(got.get(4)?.confidence).not.toBe('high');
    // Without the filer's name no stub can be tied to a column.
    expect(personEmployers(fields, specs, labels, docs, facts, form, null, () => true).size).toBe(0);
  });

  test("a box that names only its column (\"Debtor 2 or non-filing spouse: City\") asks what the other column's box on its row asks: that person's employer's city", async () => {
    const { fields, labels } = layout();
    const city1 = { ...box("Employer's address: City", 270, 320) };
    const city2 = { ...box('Debtor 2 or non-filing spouse: City', 432, 320) };
    const all = [...fields, city1, city2];
    const allLabels = [...labels, printed(), printed()];
    const specs = all.map((f, i) => analyseField(f, allLabels[i]));
    // Both ask for a city; the spouse's box reads as the spouse's own address.
    expect([specs[6].concept, specs[6].role, specs[7].concept, specs[7].role]).toEqual(['address', 'employer', 'address', 'spouse']);
    const docs = [
      await textDoc('farah.txt', stub('Riverbend District Library', '1525 Oakwood Blvd, Dearborn, MI 48124', 'Farah N. Karimi', 'Library Assistant', '10/31/2025')),
      await textDoc('new.txt', stub('Great Lakes Cold Storage Inc', '7400 Intervale St, Detroit, MI 48238', 'Rashid A. Karimi', 'Warehouse Supervisor', '10/31/2025')),
    ];
    const form = { hasCurrentBlock: false, unitBlocks: new Set<string>(), zipBlocks: new Set<string>() };
    const got = personEmployers(all, specs, allLabels, docs, extractFacts(docs), form, 'Rashid Aziz Karimi', () => true);
    expect([got.get(6)?.value ?? null, got.get(7)?.value ?? null]).toEqual(['Detroit', 'Dearborn']);
  });
});
