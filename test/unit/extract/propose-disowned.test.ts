// A value a document takes back ("it's $895 now, not $875", "(412.60) is last year's number")
// answers no field, whichever document states it and whichever rule found it; the correction's
// own value takes its place when it states one.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc, written } from './propose-helpers.ts';

describe('values the documents disown', () => {
  test('"it\'s $895 now, not $875" puts the corrected amount in place of the one another document states', async () => {
    const rent = field('Monthly rent');
    const sheet = await textDoc('budget.txt', 'Monthly rent: $875\n');
    const mail = await textDoc('mail.txt', "CORRECTION - sorry, rent went up on March 1st, it's $895 now, not $875.\n");
    const get = await propose([rent], [sheet, mail]);
    expect(written(get(rent))?.replace(/[$,]/g, '')).toBe('895');
    expect(get(rent).confidence).toBe('medium');
    expect(get(rent).note).toMatch(/corrects "\$?875"/);
    expect(get(rent).evidence[0].document_name).toBe('mail.txt');
    // Without the correction the sheet's amount is proposed: the note above is the correction's doing.
    const alone = await propose([rent], [sheet]);
    expect(written(alone(rent))?.replace(/[$,]/g, '')).toBe('875');
  });

  test('"(412.60) is last year\'s number" and a date "not 07/19" disown those values', async () => {
    const interest = field('Student loan interest');
    const dob = field('Date of birth');
    const draft = await textDoc('draft.txt', 'Name: Sam Roe\nStudent loan interest: 412.60\nDate of birth: 07/19/2013\n');
    const mail = await textDoc('mail.txt', "The student loan interest in the draft (412.60) is last year's number.\nYour sheet has the birthday wrong - it's 07/09/2013, not 07/19.\n");
    const get = await propose([interest, dob], [draft, mail]);
    // Nothing says what replaces 412.60 in the same breath: the box stays open.
    expect(written(get(interest))).toBeNull();
    expect(get(interest).note).toMatch(/corrects this value/);
    // "it's 07/09/2013, not 07/19": the date the correction gives, in the box's layout.
    expect(written(get(dob))).toBe('07/09/2013');
  });

  test('a long number named by its last digits ("(not ...2345)") is disowned, and the number before it takes its place', async () => {
    const ssn = field('Social security number', { max_len: 9 });
    const sheet = await textDoc('sheet.txt', 'Name: Sam Roe\nSocial security number: 900-11-2345\n');
    const mail = await textDoc('mail.txt', 'Sorry, I typed the SSN wrong on the sheet. From the card it is 900-11-2354\n(not ...2345). Everything else is right.\n');
    const get = await propose([ssn], [sheet, mail]);
    expect(written(get(ssn))).toBe('900112354');
    expect(get(ssn).evidence[0].document_name).toBe('mail.txt');
  });

  test('a year or a small count after "not" disowns nothing', async () => {
    const income = field('Monthly income');
    const get = await propose([income], [await textDoc('notes.txt', 'Monthly income: 1200\nWe did not 2024 file. He is 5 now, not 4.\n')]);
    expect(written(get(income))).toBe('1200');
  });
});
