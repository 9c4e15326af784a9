// A document's table fills a form's grid of repeated boxes row by row: a household roster into
// the member lines of an application, a broker's sales into the lines of a tax schedule.
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/extract/index.ts';
import type { ProposeField } from '../../../src/extract/propose/index.ts';
import { field, propose, written } from './propose-helpers.ts';

const csv = (name: string, text: string) => readDocument({ id: name, name, bytes: new TextEncoder().encode(text) });

/** A grid on `page`: one line per row, the captions repeated on every line, columns side by side. */
function grid(captions: string[], rows: number, page = 0, top = 600): ProposeField[][] {
  return Array.from({ length: rows }, (_, r) => captions.map((c, k) => field(c, { page, rect: { x: 40 + k * 130, y: top - r * 24, width: 120, height: 16 } })));
}

describe('a grid of repeated boxes from the rows of a document table', () => {
  test('a household roster fills the member lines in order; a struck-out row and a dateless birth date are left out', async () => {
    const lines = grid(['Member name', 'Date of birth', 'Relationship'], 3);
    const roster = await csv(
      'roster.csv',
      ['Name,Relationship to applicant,Date of birth,Notes', 'Ana Ruiz,Self,1990-04-02,', 'Luis Ruiz,Ex-husband,1988-01-09,moved out 2024 - do not list', 'Pablo Ruiz,Son,applied for,', 'Marta Ruiz,Daughter,2019-11-30,'].join('\n'),
    );
    const get = await propose(lines.flat(), [roster]);
    expect(lines.map((row) => row.map((f) => written(get(f))))).toEqual([
      ['Ana Ruiz', '1990-04-02', 'Self'],
      ['Pablo Ruiz', null, 'Son'],
      ['Marta Ruiz', '2019-11-30', 'Daughter'],
    ]);
    const p = get(lines[1][0]);
    expect(p.confidence).toBe('medium');
    expect(p.evidence[0]).toMatchObject({ document_name: 'roster.csv', method: 'table_row', quote: 'Name: Pablo Ruiz' });
  });

  test('two alike grids take the rows a category column names for each; without such a column neither is filled', async () => {
    const captions = ['Description of property', 'Date sold', 'Proceeds'];
    const short = [field('Short-term transactions', { type: 'checkbox', page: 0 }), ...grid(captions, 2, 0).flat()];
    const long = [field('Long-term transactions', { type: 'checkbox', page: 1 }), ...grid(captions, 2, 1).flat()];
    const sales = ['Description,Date Sold,Proceeds,Term', 'ACME CORP,06/18/2025,3912.80,Short', 'OLD MILL INC,05/20/2025,6318.60,Long', 'RIVER REIT,11/14/2025,1870.00,Short'].join('\n');
    const get = await propose([...short, ...long], [await csv('sales.csv', sales)]);
    const values = (fs: ProposeField[]) => fs.filter((f) => f.type === 'text').map((f) => written(get(f)));
    expect(values(short)).toEqual(['ACME CORP', '06/18/2025', '3912.80', 'RIVER REIT', '11/14/2025', '1870.00']);
    expect(values(long)).toEqual(['OLD MILL INC', '05/20/2025', '6318.60', null, null, null]);

    const unsorted = sales.replace(/,Term/, ',Account').replace(/,(Short|Long)$/gm, ',X-1');
    const again = await propose([...short, ...long], [await csv('sales.csv', unsorted)]);
    for (const f of [...short, ...long].filter((x) => x.type === 'text')) expect(written(again(f))).toBeNull();
  });

  test('a grid whose captions match only one header of the table is not filled from it', async () => {
    const lines = grid(['Creditor', 'Account type'], 2);
    const table = await csv('budget.csv', ['Item,Amount', 'Rent,1200', 'Food,650'].join('\n'));
    const get = await propose(lines.flat(), [table]);
    for (const f of lines.flat()) expect(written(get(f))).toBeNull();
  });
});
