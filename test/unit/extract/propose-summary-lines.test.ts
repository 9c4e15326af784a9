// A return summary or statement printed as a PDF text line: "Taxpayer: NAME SSN … Spouse: NAME
// SSN …". Each key starts a pair of its own, the taxpayer is the form's own person, and a name
// runs up to the identifier written after it. Synthetic documents read by the real reader.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc, written } from './propose-helpers.ts';

const summary = [
  '2021 Federal Income Tax Return - Summary',
  'Taxpayer: Harold J Brandvold SSN ***-**-4412 Spouse: Sunita R Brandvold SSN ***-**-4490',
  'Filing status: Married filing jointly',
].join('\n');

describe("a summary's taxpayer line", () => {
  test('names the taxpayer as the form\'s person and the spouse as the spouse, without the SSN after each name', async () => {
    const you = field('Your first name and initial');
    const last = field('Last name');
    const spouse = field("Your spouse's first name and initial");
    const get = await propose([you, last, spouse], [await textDoc('summary.txt', summary)]);
    expect(written(get(you))).toBe('Harold J');
    expect(written(get(last))).toBe('Brandvold');
    expect(written(get(spouse))).toBe('Sunita R');
  });
});
