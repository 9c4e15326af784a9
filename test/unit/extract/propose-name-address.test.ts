// One box for a person's name and address ("Claimant(s) name(s) and address(es) including
// postcode"): the name and the whole address together, or nothing — never the postcode alone.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc, written } from './propose-helpers.ts';

describe('name-and-address boxes', () => {
  test('take the name and the whole address, postcode included, even when the form has a postcode box of its own', async () => {
    const block = field('Claimant(s) name(s) and address(es) including postcode', { multiline: true });
    const postcode = field('Postcode');
    const notes = await textDoc('notes.txt', ['Name: Eilidh Morag MacAskill', 'My home address: 14 Rosebery Ave, Apt 3, Springfield, IL 62704', 'Date of birth: 02/03/1990'].join('\n'));
    const get = await propose([block, postcode], [notes]);
    const value = written(get(block));
    expect(value).toMatch(/^Eilidh Morag MacAskill\n/);
    expect(value).toContain('14 Rosebery Ave');
    expect(value).toContain('62704');
  });

  test('an address without a name for the same person leaves the box empty', async () => {
    const block = field('Claimant(s) name(s) and address(es) including postcode');
    const notes = await textDoc('notes.txt', 'My home address: 14 Rosebery Ave, Apt 3, Springfield, IL 62704\n');
    const get = await propose([block], [notes]);
    expect(written(get(block))).toBeNull();
  });
});
