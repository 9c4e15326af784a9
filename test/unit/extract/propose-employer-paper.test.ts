// A pay stub or an employment letter is printed on the employer's paper: its letterhead names the
// employer and its address, which the form's employer boxes ask for.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc, written } from './propose-helpers.ts';

describe("the employer's letterhead", () => {
  test('a pay stub headed in mixed case gives the employer name box', async () => {
    const employer = field('Name of your employer');
    const stub = ['Harbor Point Cold Storage Inc', '7400 Intervale St, Detroit, MI 48238', 'EARNINGS STATEMENT', 'Employee: Ana Ruiz   Title: Supervisor', 'Pay frequency: Semi-monthly'].join('\n');
    const get = await propose([employer], [await textDoc('stub.txt', stub)]);
    expect(written(get(employer))).toBe('Harbor Point Cold Storage Inc');
  });

  test('a box captioned "Employer" alone takes it from an employment letter', async () => {
    const employer = field('Employer');
    const letter = ['NORTHSIDE LINEN SERVICES, INC.', '5520 Manchester Ave, St. Louis, MO 63110', 'VERIFICATION OF EMPLOYMENT', 'Ana Ruiz has worked here since 2021.'].join('\n');
    const get = await propose([employer], [await textDoc('letter.txt', letter)]);
    expect(written(get(employer))).toMatch(/^Northside Linen Services, Inc\.?$/i);
  });

  test("any other letter's letterhead is not taken for the employer", async () => {
    const employer = field('Name of your employer');
    const notice = ['RIVERSIDE PROPERTY MANAGEMENT', '12 Elm St, Columbus, OH 43215', 'NOTICE OF RENT INCREASE', 'Dear tenant, your rent will rise in May.'].join('\n');
    const get = await propose([employer], [await textDoc('notice.txt', notice)]);
    expect(written(get(employer))).toBeNull();
  });
});
