// Amount boxes answered by the figures a statement lists by name (tax slips, returns, payslips,
// notices). Documents and fields are synthetic.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc, written } from './propose-helpers.ts';

describe('figures a statement lists by name', () => {
  test('a box takes the figure listed under its own words, whatever line or box numbers surround them', async () => {
    const docs = [
      // Two figures a line, as slips print them in columns: no key: value pair reads them.
      await textDoc('slip.txt', 'Statement of remuneration 2025\n14 Employment income: 14,210.00 22 Income tax deducted: 285.40\n'),
      await textDoc('return.txt', 'Return summary\n26000 Taxable income: 84,915.00 31200 Employment insurance premiums: 1,077.48\n'),
    ];
    const employment = field('Line 1. Enter your employment income from box 14 of your slips.');
    const taxable = field('Line 1. Enter your taxable income from line 26000 of your return.');
    const premiums = field('Line 29. Employment insurance premiums. Amount from line 31200 of your return.');
    const get = await propose([employment, taxable, premiums], docs);
    expect(written(get(employment))).toBe('14210.00');
    expect(written(get(taxable))).toBe('84915.00');
    expect(written(get(premiums))).toBe('1077.48');
  });

  test('running text that names every word of the caption answers it', async () => {
    const docs = [await textDoc('mail.txt', 'Hi,\n\n* Court fee for a paper claim of this size is £115.00, as the table says.\n')];
    const fee = field('Court fee');
    const get = await propose([fee], docs);
    expect(written(get(fee))).toBe('115.00');
  });

  test('another sum of the same words is no answer: a hyphened word, a tax taken on it, another qualifier', async () => {
    const docs = [await textDoc('slip.txt', 'Employment income   18,420.55\nTaxable income   84,915.00\nFederal income tax withheld   4,310.00\n')];
    const selfEmployment = field('Line 3. Total self-employment income');
    const taxOn = field('Line 6. Provincial tax on taxable income');
    const stateTax = field('Line 25: Illinois Income Tax withheld.');
    const get = await propose([selfEmployment, taxOn, stateTax], docs);
    expect(written(get(selfEmployment))).toBeNull();
    expect(written(get(taxOn))).toBeNull();
    expect(written(get(stateTax))).toBeNull();
  });

  test('two figures for one name, or two boxes asking alike, answer nothing', async () => {
    const docs = [
      await textDoc('sheet.txt', 'Category | Oak St | Grove St\nInsurance premiums | 1,884.00 | 1,236.00\n'),
      await textDoc('slips.txt', 'Tomas: Employment income 14,210.00\nDaniela: Employment income 18,420.55\nBox 10 Workers benefit advance payments 642.00 Box 11 Disability supplement 120.00\n'),
    ];
    const insurance = field('9 Insurance premiums');
    const employment = field('Employment income');
    const benefitYou = field('Line 44. Workers benefit advance payments, column 1');
    const benefitSpouse = field('Line 45. Workers benefit advance payments, column 2');
    const get = await propose([insurance, employment, benefitYou, benefitSpouse], docs);
    expect(written(get(insurance))).toBeNull();
    expect(written(get(employment))).toBeNull();
    expect(written(get(benefitYou))).toBeNull();
    expect(written(get(benefitSpouse))).toBeNull();
  });

  test('counts, years and unsure figures are not amounts', async () => {
    const docs = [await textDoc('notes.txt', 'Employees on payroll 12\nTax year 2025\nUnion dues maybe 440.00\n')];
    const employees = field('Number of employees on payroll');
    const dues = field('Union dues paid');
    const get = await propose([employees, dues], docs);
    expect(written(get(employees))).toBeNull();
    expect(written(get(dues))).toBeNull();
  });
});
