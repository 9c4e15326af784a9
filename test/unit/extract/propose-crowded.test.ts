// One person's value asked once per page: boxes the rules cannot tell apart (a table of
// relatives labelled in words they do not know) do not all take the subject's name.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc, written } from './propose-helpers.ts';

const letter = ['Full name: Nguyen Thi Minh Chau', 'Date of birth: 03/14/2005', 'I am applying for a student visa.'].join('\n');

describe('the same personal value in many boxes of one page', () => {
  test('three name boxes that all read as "the name" are left for review, not all filled', async () => {
    const boxes = [field('Name 1'), field('Name 2'), field('Name 3')];
    const get = await propose(boxes, [await textDoc('notes.txt', letter)]);
    for (const b of boxes) expect(written(get(b))).toBeNull();
    expect(get(boxes[0]).note).toMatch(/3 boxes/);
  });

  test('one name box and one birth date box are filled as before', async () => {
    const name = field('Full name');
    const dob = field('Date of birth', { data_type: 'date' });
    const get = await propose([name, dob], [await textDoc('notes.txt', letter)]);
    expect(written(get(name))).toBe('Nguyen Thi Minh Chau');
    expect(written(get(dob))).toMatch(/2005/);
  });

  test('the name repeated on two pages (a page header) is still filled on both', async () => {
    const first = field('Full name');
    const again = field('Full name', { page: 1 });
    const third = field('Full name', { page: 2 });
    const get = await propose([first, again, third], [await textDoc('notes.txt', letter)]);
    for (const b of [first, again, third]) expect(written(get(b))).toBe('Nguyen Thi Minh Chau');
  });
});
