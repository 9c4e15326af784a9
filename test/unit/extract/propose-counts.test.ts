// A box asking how many people ("Number of dependents", "Household size") takes the count the
// documents state in words beside the people it counts; a count turned into money is no count box.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc, written } from './propose-helpers.ts';

describe('counts of people stated in words', () => {
  test('"my three kids live with me" answers "Number of dependents"; "you and your two kids" is a household of three', async () => {
    const dependents = field('Number of dependents');
    const household = field('Number of people in your household');
    const mail = await textDoc('mail.txt', 'I rent the apartment on Elm St. My three kids live with me full time.\n');
    const note = await textDoc('note.txt', 'From the paralegal: your household is you and your two kids, as you told me.\n');
    const get = await propose([dependents], [mail]);
    expect(written(get(dependents))).toBe('3');
    expect(get(dependents).confidence).toBe('medium');
    const get2 = await propose([household], [note]);
    expect(written(get2(household))).toBe('3');
  });

  test('"(4 people)" answers a household size; documents that state two counts answer nothing', async () => {
    const size = field('Household size');
    const one = await textDoc('a.txt', 'Household: you, Ana, Rui and Tomas (4 people), 2 of you have income.\n');
    expect(written((await propose([size], [one]))(size))).toBe('4');
    const other = await textDoc('b.txt', 'We are a household of 5 since my mother moved in.\n');
    expect(written((await propose([size], [one, other]))(size))).toBeNull();
  });

  test('a count turned into money, and children living with the writer when they live elsewhere, are not answered', async () => {
    const credit = field('Multiply the number of qualifying children under age 17 by $2,000');
    const living = field('Children living with you count');
    const order = await textDoc('order.txt', "The parties' two minor children shall reside primarily with the Plaintiff.\n");
    const get = await propose([credit, living], [order]);
    expect(written(get(credit))).toBeNull();
    expect(written(get(living))).toBeNull();
  });
});
