// Rows of people a form asks about one by one ("Dependent 1", "First child's name", a stack of
// Relationship / Age boxes) take the people the documents list in running text, in order.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc, written } from './propose-helpers.ts';

describe('rows of people from the people the documents list', () => {
  test('numbered dependent rows take the listed people in order; a person said not to be a dependent, and a spouse, are left off', async () => {
    const rows = [1, 2, 3].map((n) => ({
      first: field(`(1) First name: Dependent ${n}`),
      last: field(`(2) Last name: Dependent ${n}`),
      ssn: field(`(3) SSN: Dependent ${n}`, { max_len: 11 }),
      relation: field(`(4) Relationship: Dependent ${n}`),
    }));
    const mail = await textDoc(
      'mail.txt',
      [
        'Hi, here is who lives with me:',
        '    my son Idris Halloran, born 03/02/2014, SSN 900-71-4410',
        '    my daughter Wren Halloran, born 08/30/2017, SSN 900-71-4428',
        '- My wife (Petra Halloran, SSN 900-52-1180) files with me.',
        '- My father (Cormac Halloran, born 01/11/1950, SSN 900-20-9917) moved in with us in March.',
        '- My nephew Ollie Brandt stayed with us over the summer. He is not a dependent.',
      ].join('\n'),
    );
    const get = await propose(rows.flatMap((r) => [r.first, r.last, r.ssn, r.relation]), [mail]);
    expect(rows.map((r) => written(get(r.first)))).toEqual(['Idris', 'Wren', 'Cormac']);
    expect(rows.map((r) => written(get(r.last)))).toEqual(['Halloran', 'Halloran', 'Halloran']);
    expect(rows.map((r) => written(get(r.ssn)))).toEqual(['900-71-4410', '900-71-4428', '900-20-9917']);
    expect(rows.map((r) => written(get(r.relation)))).toEqual(['Son', 'Daughter', 'Father']);
    expect(get(rows[0].first).confidence).toBe('medium');
    expect(get(rows[0].first).note).toMatch(/Person 1/);
  });

  test('"first child" / "second child" boxes take a petition\'s list of children; of two ages stated the larger is the current one', async () => {
    const first = field('First Child First Name');
    const firstAge = field("First Child's Age");
    const firstSsn = field('Last Four SSN First Child');
    const second = field('Second Child First Name');
    const secondAge = field('Second Child Age');
    const petition = await textDoc(
      'petition.txt',
      'There are two children of the marriage, namely: Nora Jean Balogun, age 6, last four digits of SSN 5521; and Theo Ade Balogun, age 3, last four digits of SSN 7780.\n',
    );
    const mail = await textDoc('mail.txt', 'Quick update for the answer form: Theo turned 4 last week.\n');
    const get = await propose([first, firstAge, firstSsn, second, secondAge], [petition, mail]);
    expect([first, firstAge, firstSsn, second, secondAge].map((f) => written(get(f)))).toEqual(['Nora', '6', '5521', 'Theo', '4']);
  });

  test('a stack of Relationship / Age boxes under dependants takes the people in the order one document lists them; a partner is no dependant', async () => {
    const rect = (x: number, row: number) => ({ x, y: 600 - row * 40, width: 150, height: 16 });
    const rows = [0, 1, 2].map((r) => ({
      relation: field("Dependant's relationship to debtor", { rect: rect(100, r) }),
      age: field("Dependant's age", { rect: rect(300, r) }),
    }));
    const mail = await textDoc('mail.txt', 'Household: Ruth is my daughter, she is 15. Jonah (my partner) pays his own way. Eli (my son) is 11.\n');
    const get = await propose(rows.flatMap((r) => [r.relation, r.age]), [mail]);
    expect(rows.map((r) => [written(get(r.relation)), written(get(r.age))])).toEqual([
      ['Daughter', '15'],
      ['Son', '11'],
      [null, null],
    ]);
  });

  test('a row\'s "lives with you" boxes take what the documents say of each person, one by one or "both"', async () => {
    const rows = [1, 2, 3].map((n) => ({
      name: field(`(1) First name: Dependent ${n}`),
      yes: field(`Dependent ${n}, Does this dependent live with you: Yes`, { type: 'checkbox' }),
      no: field(`Dependent ${n}, Does this dependent live with you: No`, { type: 'checkbox' }),
    }));
    const mail = await textDoc('mail.txt', 'Dependents: Nell is my daughter, she is 20 and she does not live with me any more. Ezra (my son) is 14 and Ivy (my daughter) is 9, both live with me.\n');
    const get = await propose(rows.flatMap((r) => [r.name, r.yes, r.no]), [mail]);
    expect(rows.map((r) => written(get(r.name)))).toEqual(['Nell', 'Ezra', 'Ivy']);
    expect(rows.map((r) => [written(get(r.yes)), written(get(r.no))])).toEqual([
      [null, 'true'],
      ['true', null],
      ['true', null],
    ]);
  });

  test('nobody listed: the rows stay empty', async () => {
    const first = field('(1) First name: Dependent 1');
    const get = await propose([first], [await textDoc('mail.txt', 'No dependents this year. I live alone.\n')]);
    expect(written(get(first))).toBeNull();
  });
});

describe('boxes that are not rows of listed people', () => {
  test('"Person 1" without a household or dependants is the applicant, and a child\'s school is no name of the child', async () => {
    const person = field('Person 1: First name');
    const school = field("Child 1: Name of school");
    const mail = await textDoc('mail.txt', 'Our family:\n    my daughter Rosa Quint, born 02/02/2015\n');
    const get = await propose([person, school], [mail]);
    expect(written(get(person))).not.toBe('Rosa');
    expect(written(get(school))).toBeNull();
  });
});
