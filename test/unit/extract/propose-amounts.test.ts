// Amount boxes answered by running text: the one money figure of the sentences that name the
// box's subject. Documents and fields are synthetic.
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/extract/index.ts';
import type { ReadDocument } from '../../../src/extract/types.ts';
import { proposeValues, type ProposeField } from '../../../src/extract/propose/index.ts';

let nextId = 1;
function field(label: string): ProposeField {
  const id = nextId++;
  return { id, name: `f${id}`, label, tooltip: label, type: 'text', data_type: 'string', page: 0, rect: { x: 100, y: 700 - id * 20, width: 150, height: 16 } };
}
async function textDoc(name: string, text: string): Promise<ReadDocument> {
  return readDocument({ id: name, name, bytes: new TextEncoder().encode(text) });
}
async function propose(fields: ProposeField[], docs: ReadDocument[]) {
  const out = await proposeValues({ fields, documents: docs });
  return (f: ProposeField) => out.find((p) => p.field_id === f.id)!;
}

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
