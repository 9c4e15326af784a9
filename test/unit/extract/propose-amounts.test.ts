// Amount boxes answered by running text: the one money figure of the sentences that name the
// box's subject. Documents and fields are synthetic.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc } from './propose-helpers.ts';

describe('amounts stated in running text', () => {
  test('an amount box takes the one figure of the sentence naming its subject', async () => {
    const docs = [await textDoc('mail.txt', 'Hi,\n\nHeating (two suppliers) runs about $1,175 a month. Groceries about $430.\nThanks\n')];
    const heating = field('Heating Amount');
    const groceries = field('Groceries Amount');
    const travel = field('Travel Amount');
    const get = await propose([heating, groceries, travel], docs);
    expect(get(heating)).toMatchObject({ status: 'proposed', value: '1175', confidence: 'medium' });
    expect(get(groceries)).toMatchObject({ status: 'proposed', value: '430', confidence: 'medium' });
    expect(get(travel).status).toBe('missing');
  });

  test('a correction with two figures, an unsure figure or a box that asks no amount leaves it open', async () => {
    const docs = [await textDoc('mail.txt', 'Hi,\n\nParking is $60 a month.\nSorry, parking went up, it is $75 now, not $60.\nMaybe $30 for laundry.\nHeating is $90.\n')];
    const parking = field('Parking Amount');
    const laundry = field('Laundry Amount');
    const heating = field('Heating');
    const get = await propose([parking, laundry, heating], docs);
    expect(get(parking).status).toBe('missing');
    expect(get(laundry).status).toBe('missing');
    expect(get(heating).status).toBe('missing');
  });
});

describe('whose amount', () => {
  test("a relative's money is not the subject's; a label naming that relative takes it", async () => {
    const docs = [await textDoc('mail.txt', 'Hi,\n\nMy father lives with us and has his own pension of $800 a month.\nThe alimony for the children is $120 a month.\n')];
    const pension = field('Pension Amount');
    const forChildren = field('Children alimony amount');
    const get = await propose([pension, forChildren], docs);
    expect(get(pension).status).toBe('missing');
    expect(get(forChildren)).toMatchObject({ status: 'proposed', value: '120' });
  });
});
