// One address over two numbered boxes: the first line takes the street, the second the city,
// state and ZIP (or the apartment, when the block has its own city box). Synthetic fields and documents.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc } from './propose-helpers.ts';

const letter = 'Intake notes\nName: Shauna Pettaway\nAddress: 4127 Fairview Ave, Apt 2, St. Louis, MO 63116\n';

describe('numbered address lines', () => {
  test('"Address 1" / "Address 2" with no city box: street (with the apartment), then city, state and ZIP', async () => {
    const one = field('HOME ADDRESS 1');
    const two = field('HOME ADDRESS 2');
    const get = await propose([one, two], [await textDoc('notes.txt', letter)]);
    expect(get(one).value).toBe('4127 Fairview Ave Apt 2');
    expect(get(two).value).toBe('St. Louis, MO 63116');
  });

  test('"Street 1" / "Street 2" beside a city box: the second line is the apartment', async () => {
    const one = field('STREET 1');
    const two = field('STREET 2');
    const city = field('CITY');
    const get = await propose([one, two, city], [await textDoc('notes.txt', letter)]);
    expect(get(one).value).toBe('4127 Fairview Ave');
    expect(get(two).value).toBe('2');
    expect(get(city).value).toBe('St. Louis');
  });

  test('three numbered address boxes count entries, not lines: none is made a city line', async () => {
    const boxes = [field('Address1'), field('Address2'), field('Address3')];
    const get = await propose(boxes, [await textDoc('notes.txt', letter)]);
    expect(boxes.map((b) => get(b).value)).not.toContain('St. Louis, MO 63116');
  });

  test('one box for the city and the state takes both; "City, State, ZIP, Country" on a US form leaves the country out', async () => {
    const cityState = field('Current Address City and State or Province');
    const csz = field('city state zip country - current');
    const get = await propose([cityState, csz], [await textDoc('notes.txt', letter)]);
    expect(get(cityState).value).toBe('St. Louis, MO');
    expect(get(csz).value).toBe('St. Louis, MO 63116');
  });

  test('an "Address" line in a block with its own city, state and ZIP boxes takes the street part only', async () => {
    const line = field('Home address');
    const city = field('City');
    const state = field('State');
    const zip = field('ZIP code');
    const get = await propose([line, city, state, zip], [await textDoc('notes.txt', letter)]);
    expect(get(line).value).toBe('4127 Fairview Ave, Apt 2');
    expect(get(zip).value).toBe('63116');
  });

  test('an "Address" line with no ZIP box of its own takes the whole address', async () => {
    const line = field('Home address');
    const get = await propose([line], [await textDoc('notes.txt', letter)]);
    expect(get(line).value).toBe('4127 Fairview Ave, Apt 2, St. Louis, MO 63116');
  });

  test('a "City | State | ZIP" row belongs to the street line printed above it, whatever order the form stores its fields in', async () => {
    // Name and address columns side by side, stored row by row: the three fields read before
    // "CITY" are name boxes, but the street line is right above it on the page.
    const at = (x: number, y: number, width = 60) => ({ rect: { x, y, width, height: 16 } });
    const last = field('LAST', at(30, 400, 280));
    const street = field('STREET', at(340, 400, 240));
    const first = field('FIRST', at(30, 376, 280));
    const middle = field('MIDDLE', at(30, 352, 150));
    const suffix = field('SUFFIX', at(190, 352, 40));
    const prefix = field('PREFIX', at(235, 352, 40));
    const city = field('CITY', at(340, 352, 120));
    const state = field('STATE', at(466, 352, 25));
    const zip = field('ZIP', at(495, 352, 85));
    const get = await propose([last, street, first, middle, suffix, prefix, city, state, zip], [await textDoc('notes.txt', letter)]);
    expect(get(city).value).toBe('St. Louis');
    expect(get(state).value).toBe('MO');
    expect(get(zip).value).toBe('63116');
  });

  test('a lone "State" with no street line above it or before it stays unanswered (a licence\'s state, a port of entry)', async () => {
    const at = (x: number, y: number) => ({ rect: { x, y, width: 60, height: 16 } });
    const name = field('Name', at(30, 400));
    const street = field('Street address', at(30, 600));
    const other = field('Date', at(30, 560));
    const another = field('Phone', at(30, 520));
    const yetAnother = field('Occupation', at(30, 480));
    const state = field('State', at(30, 376));
    const get = await propose([street, other, another, yetAnother, name, state], [await textDoc('notes.txt', letter)]);
    expect(get(state).value).toBeNull();
  });
});
