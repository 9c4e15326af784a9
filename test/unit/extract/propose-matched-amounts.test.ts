// Budget and income boxes matched to the amounts documents state in other words: synonyms of
// household-budget words, sheet rows (summed when they name the same form line), whose money it
// is, monthly vs other periods, and the figures that must never answer. Invented people and documents.
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/extract/index.ts';
import { field, propose, textDoc } from './propose-helpers.ts';

const csvDoc = (name: string, text: string) => readDocument({ id: name, name, bytes: new TextEncoder().encode(text) });

describe('amounts matched to budget boxes', () => {
  test('a box takes the amount stated in other words for it (groceries → food, car → vehicle, daycare → childcare)', async () => {
    const docs = [await textDoc('mail.txt', 'Hi Ms. Varga,\n\nGroceries come to about $510 a month.\nCar insurance is $97 a month.\nDaycare for Pip is $300 a month.\n\nThanks, Orla\n')];
    const food = field('Food');
    const vehicle = field('Vehicle insurance');
    const childcare = field('Childcare');
    const clothing = field('Clothing');
    const get = await propose([food, vehicle, childcare, clothing], docs);
    expect(get(food)).toMatchObject({ status: 'proposed', value: '510', confidence: 'medium' });
    expect(get(vehicle)).toMatchObject({ status: 'proposed', value: '97', confidence: 'medium' });
    expect(get(childcare)).toMatchObject({ status: 'proposed', value: '300', confidence: 'medium' });
    expect(get(clothing).status).toBe('missing');
  });

  test('paying names a payment box over a balance box with the same other words', async () => {
    const docs = [await textDoc('mail.txt', 'Hi,\n\nI pay $45 a month on my store card.\nThe store card balance is $1,310.\n')];
    const payment = field('Payment on debts and store cards');
    const balance = field('Store card balances');
    const get = await propose([payment, balance], docs);
    expect(get(payment)).toMatchObject({ status: 'proposed', value: '45' });
    expect(get(balance)).toMatchObject({ status: 'proposed', value: '1310' });
  });

  test("a sheet's rows answer by their category; rows naming the same form line are summed; a row its note doubts is passed over", async () => {
    const sheet = await csvDoc(
      'budget.csv',
      'Category,Paid to,Monthly amount ($),Form line,Notes\nMobile phone,Zeta Wireless,40,6c,\nInternet,NetCo,35,6c,\nRent,Birchwood Homes,900,4,\nGym membership,FitCo,30,13,already counted in other row\n',
    );
    const rent = field('Rent expense');
    const internet = field('Internet and cable amount');
    const gym = field('Gym membership amount');
    const get = await propose([rent, internet, gym], [sheet]);
    expect(get(rent)).toMatchObject({ status: 'proposed', value: '900', confidence: 'medium' });
    expect(get(internet)).toMatchObject({ status: 'proposed', value: '75' });
    expect(get(gym).status).toBe('missing');
  });

  test("whose money: a third-person amount goes to the other party's box, a first-person one to the filer's", async () => {
    const docs = [await textDoc('mail.txt', 'Hello,\n\nHe gets a pension of $1,200 a month.\nI get a pension of $700 a month.\n')];
    const mine = field('Monthly pension: Petitioner');
    const his = field('Monthly pension: Respondent');
    const get = await propose([mine, his], docs);
    expect(get(his)).toMatchObject({ status: 'proposed', value: '1200' });
    expect(get(mine)).toMatchObject({ status: 'proposed', value: '700' });
  });

  test('a per-paycheck figure restated monthly gives the monthly one; a weekly figure never answers a monthly box', async () => {
    const docs = [await textDoc('mail.txt', 'Hello,\n\nHe is paid twice a month. Gross is $1,000 per paycheck, so $2,000 a month.\nMy tips are $150 a week.\n')];
    const wages = field('Monthly gross wages: Respondent');
    const tips = field('Monthly tips received');
    const get = await propose([wages, tips], docs);
    expect(get(wages)).toMatchObject({ status: 'proposed', value: '2000' });
    expect(get(tips).status).toBe('missing');
  });

  test('a share of something, one item of a product, an unsure aside and a total box stay open', async () => {
    const docs = [
      await textDoc('mail.txt', 'Hi,\n\nMy cousin gives me $200 every month toward the rent.\nI gave 12 gifts of $25 to the shelter.\nYou can afford $60 a month (I think).\nThe invoice total was $940.\n'),
    ];
    const rent = field('Rent amount');
    const gifts = field('Shelter gifts amount');
    const afford = field('Affordable monthly payment amount');
    const total = field('Total amount');
    const get = await propose([rent, gifts, afford, total], docs);
    expect(get(rent).status).toBe('missing');
    expect(get(gifts).status).toBe('missing');
    expect(get(afford).status).toBe('missing');
    expect(get(total).status).toBe('missing');
  });
});
