// Amounts from spreadsheets whose rows are items (a budget, a rental's costs): the row's name keys
// the figure of the one money column. Documents, workbooks and forms are synthetic.
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/extract/index.ts';
import { proposeValues } from '../../../src/extract/propose/index.ts';
import { itemName, oldSheets } from '../../../src/extract/propose/item-tables.ts';
import { mainPeriod, periodNamed } from '../../../src/extract/propose/periods.ts';
import { field, propose, textDoc } from './propose-helpers.ts';

const budgetCsv = 'item,monthly_amount,paid_by\nRent - Lakeview Apartments,850.00,Mom\nElectric (PNM),112.15,Mom\nGroceries,320.40,Mom\nTotal,1282.55,\n';

async function workbook(sheets: Record<string, (string | number)[][]>): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('item tables', () => {
  test("a row's name answers a label that says it with a word or two more; totals and unnamed rows answer nothing", async () => {
    const rent = field('Rent Expense');
    const electric = field('Expense electric');
    const total = field('Total income');
    const water = field('Water');
    const get = await propose([rent, electric, total, water], [await textDoc('budget.csv', budgetCsv)]);
    expect(get(rent)).toMatchObject({ status: 'proposed', value: '850.00', confidence: 'medium' });
    expect(get(rent).evidence[0].location).toBe('cell B2');
    expect(get(electric)).toMatchObject({ status: 'proposed', value: '112.15' });
    expect(get(total).status).toBe('missing');
    expect(get(water).status).toBe('missing');
  });

  test("a workbook's old tab beside this year's states nothing; two money columns give no facts", async () => {
    const bytes = await workbook({
      'Budget Oct 2025': [['Category', 'Monthly amount ($)'], ['Rent', 1450], ['Car payment', 389]],
      'Budget 2023': [['Category', 'Monthly amount ($)'], ['Rent', 1295], ['Internet', 60]],
      Rentals: [['Category', 'Amount A ($)', 'Amount B ($)'], ['Repairs', 2310, 780]],
    });
    const doc = await readDocument({ id: 'wb', name: 'budget.xlsx', bytes });
    const rent = field('Rent Expense');
    const internet = field('Internet');
    const repairs = field('Repairs');
    const get = await propose([rent, internet, repairs], [doc]);
    expect(get(rent)).toMatchObject({ status: 'proposed', value: '1450' });
    expect(get(internet).status).toBe('missing');
    expect(get(repairs).status).toBe('missing');
  });

  test('a monthly budget does not answer a form whose amounts are weekly', async () => {
    const fields = [field('Expense rent'), field('Expense groceries')];
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    ['FINANCIAL STATEMENT (all amounts weekly)', 'Gross weekly income', 'Weekly expenses', 'Net weekly income'].forEach((t, i) => page.drawText(t, { x: 40, y: 760 - i * 14, size: 9, font }));
    const docs = [await textDoc('budget.csv', budgetCsv)];
    const weekly = await proposeValues({ fields, documents: docs, formPdf: await pdf.save() });
    expect(weekly.map((p) => p.status)).toEqual(['missing', 'missing']);
    const any = await proposeValues({ fields, documents: docs });
    expect(any.map((p) => p.value)).toEqual(['850.00', '320.40']);
  });

  test('names, old tabs and periods', () => {
    expect(itemName('Rent - Vista Bridge Apartments')).toBe('Rent');
    expect(itemName('After-school program (Lucia)')).toBe('After-school program');
    expect([...oldSheets(['Budget Oct 2025', 'Budget 2023 (old)', 'Notes'])]).toEqual(['Budget 2023 (old)']);
    expect([...oldSheets(['Current', 'Previous budget'])]).toEqual(['Previous budget']);
    expect(periodNamed('monthly_amount')).toBe('month');
    expect(periodNamed('Per week ($)')).toBe('week');
    expect(periodNamed('Amount ($)')).toBeNull();
    expect(mainPeriod('weekly a weekly b weekly c monthly monthly')).toBeNull(); // not three times as often
    expect(mainPeriod('weekly weekly weekly annual')).toBe('week');
    expect(mainPeriod('monthly monthly')).toBeNull();
  });
});
