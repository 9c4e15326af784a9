// Monthly gross wages worked out from pay stubs: the period's gross times the pay periods in a
// month, the latest stub of a person, and the filer's box vs the other party's. Invented people.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc } from './propose-helpers.ts';

const stub = (employee: string, frequency: string, payDate: string, gross: string) =>
  `Orchard Valley Bakery\n\nEARNINGS STATEMENT\nEmployee: ${employee}   Employee ID: 4411\nPay frequency: ${frequency}   Pay date: ${payDate}\nRegular salary ${gross}\nGROSS PAY ${gross}\nNET PAY 900.00\n`;

describe('monthly wages from pay stubs', () => {
  test("the filer's latest stub, twice a month, gives twice its gross; the spouse's monthly stub goes to the spouse's box", async () => {
    const docs = [
      await textDoc('intake.txt', 'Client intake\n\nName: Teodora Blum\n'),
      await textDoc('old-stub.txt', stub('Teodora Blum', 'Weekly', '03/07/2025', '700.00')),
      await textDoc('new-stub.txt', stub('Teodora Blum', 'Semi-monthly', '06/13/2025', '1,450.00')),
      await textDoc('spouse-stub.txt', stub('Anselm Kowal', 'Monthly', '06/30/2025', '3,020.00')),
    ];
    const name = field('Name');
    const mine = field('Monthly gross wages, salary: Debtor 1');
    const spouse = field("Monthly gross wages, salary: Debtor 2 or non-filing spouse");
    const get = await propose([name, mine, spouse], docs);
    expect(get(mine)).toMatchObject({ status: 'proposed', value: '2900.00', confidence: 'medium' });
    expect(get(spouse)).toMatchObject({ status: 'proposed', value: '3020.00', confidence: 'medium' });
  });

  test('a stub that states no pay frequency answers nothing', async () => {
    const docs = [await textDoc('intake.txt', 'Client intake\n\nName: Teodora Blum\n'), await textDoc('stub.txt', 'Orchard Valley Bakery\nEmployee: Teodora Blum\nPay date: 06/13/2025\nGROSS PAY 1,450.00\n')];
    const name = field('Name');
    const mine = field('Monthly gross wages, salary: Debtor 1');
    const get = await propose([name, mine], docs);
    expect(get(mine).status).toBe('missing');
  });
});
