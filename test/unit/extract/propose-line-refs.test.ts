// A label that asks for a line of another return ("from line 26000 of your return") takes the
// amount the documents state for that line number: a summary's row, a note's table, a sentence.
import { describe, expect, test } from 'vitest';
import { outsideLineRef } from '../../../src/extract/propose/line-refs.ts';
import { field, propose, textDoc, written } from './propose-helpers.ts';

const summary = [
  '2025 return summary - Sam Roe',
  '15000   Total income   88,420.00',
  '23600   Net income   84,915.00',
  '26000   Taxable income   84,000.00',
  'S9-13   Donations: Schedule 9, line 13   200.00',
].join('\n');

const amount = (p: { status: string; confidence: string | null; value: string | null }) => written(p)?.replace(/,/g, '') ?? null;

describe('lines of another return', () => {
  test('a summary row answers the label that names its line, and a schedule line only the same schedule\'s', async () => {
    const taxable = field('Line 1. Enter your taxable income from line 26000 of your return.');
    const net = field('Line 45. Medical expenses. Amount from line 23600 of your return.');
    const sched = field('Donations and gifts. Amount from line 13 of your federal Schedule 9.');
    const get = await propose([taxable, net, sched], [await textDoc('summary.txt', summary)]);
    expect(amount(get(taxable))).toBe('84000.00');
    expect(amount(get(net))).toBe('84915.00');
    expect(amount(get(sched))).toBe('200.00');
  });

  test('a note\'s table gives each line the amount of its first column; a sentence the amount it states', async () => {
    const notes = 'From the draft returns:\n                       Amir          Nadia\n  Line 23600 net     94,812.40     58,114.00\n  Line 26000 taxable 92,310.00     58,114.00\n';
    const taxable = field('Line 17. Enter your taxable income from line 26000 of your return.');
    const get = await propose([taxable], [await textDoc('notes.txt', notes)]);
    expect(amount(get(taxable))).toBe('92310.00');
    const mail = 'From the returns you prepared: my net income on line 23600 is $17,980.55 and my husband\'s is $17,560.00.';
    const net = field('Amount A. Enter your net income from line 23600 of your return.');
    const got = await propose([net], [await textDoc('mail.txt', mail)]);
    expect(amount(got(net))).toBe('17980.55');
  });

  test('a line of the form itself, or a choice between two lines, is a computation: no line reference', () => {
    expect(outsideLineRef('Line 14. Line 12 minus line 13.')).toBeNull();
    expect(outsideLineRef('Line 10. Enter whichever is less: amount from line 5 or line 9.')).toBeNull();
    expect(outsideLineRef('Line 3. Enter the amount from line 2.')).toBeNull();
    expect(outsideLineRef('CPP contributions (line 30800 of your return)')).toEqual({ line: '30800', schedule: undefined });
    expect(outsideLineRef('Amount from line 14 of your federal Schedule 9.')).toEqual({ line: '14', schedule: '9' });
  });
});
