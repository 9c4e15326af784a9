// Marital and work status said in running text ("You are employed (part-time), divorced", "I'm
// retired") answer a form's status boxes, and a box whose tooltip is only its answer ("Divorced")
// is read with the question the label engine put in front of it ("Marital status: Divorced").
import { describe, expect, test } from 'vitest';
import { statusStatements } from '../../../src/extract/propose/statuses.ts';
import { field, propose, textDoc, written } from './propose-helpers.ts';

describe('status statements', () => {
  test('a caseworker\'s list to the reader gives each status once, a negated word none', () => {
    const got = statusStatements('- You are employed (part-time), divorced, and you used the name Rahel Haile');
    expect(got.map((s) => [s.kind, s.value, s.person])).toEqual([
      ['employment', 'employed', 'second'],
      ['marital', 'divorced', 'second'],
    ]);
    expect(statusStatements("You told me you are divorced, not remarried.").map((s) => s.value)).toEqual(['divorced']);
    expect(statusStatements("I'm not married and I'm not working.").map((s) => s.value)).toEqual(['unemployed']);
    expect(statusStatements("You're retired, no job. You get Social Security only.").map((s) => s.value)).toEqual(['retired']);
  });

  test('"my husband and I divorced years ago" is the writer\'s divorce; a later remarriage undoes it', () => {
    expect(statusStatements('- It is just me filing, my husband and I divorced years ago.').map((s) => [s.value, s.person])).toEqual([['divorced', 'first']]);
    expect(statusStatements('We divorced in 2015 and I remarried in 2019.')).toEqual([]);
  });

  test('history is not status: a status word far into the sentence is left alone', () => {
    expect(statusStatements('I am the one who paid the rent while we were still married.')).toEqual([]);
  });
});

const boxes = (question: string, options: string[]) =>
  options.map((o) => field(`${question}: ${o}`, { type: 'checkbox', tooltip: o }));

describe('status boxes answered from mail', () => {
  test('a letter to the subject ticks "Divorced" and "Employed (full-time, part-time…" and leaves the other answers off', async () => {
    const marital = boxes('Marital Status', ['Single, Never Married', 'Married', 'Divorced', 'Widowed']);
    const work = boxes('Employment Status', ['Employed (full-time, part-time, seasonal, self-employed)', 'Unemployed or Not Employed', 'Retired']);
    const mail = await textDoc(
      'mail.txt',
      ['From: Megan Ortiz <megan@aid.example.org>', 'To: Rahel Tesfaye <rahel@example.com>', 'Subject: Your fee waiver request', '', 'Hi Rahel,', 'Here is how I will prepare your request:', '- You are employed (part-time), divorced, and you used the name Rahel Haile before.', '', 'Megan'].join('\n'),
    );
    const get = await propose([...marital, ...work], [mail]);
    expect(written(get(marital[2]))).toBe('true');
    expect(written(get(marital[0]))).not.toBe('true');
    expect(written(get(marital[1]))).not.toBe('true');
    expect(written(get(work[0]))).toBe('true');
    expect(written(get(work[1]))).not.toBe('true');
  });

  test('"Are you employed?" is answered No for a retiree, and "Not married" is ticked for a divorced writer', async () => {
    const [yes, no] = boxes('7. Are you employed?', ['Yes (provide information below)', 'No']);
    const [notMarried, married] = boxes('Marital status', ['Not married', 'Married and a joint case']);
    const notes = await textDoc('notes.txt', "Notes for my form:\n- I'm retired, no job since 2019.\n- I'm divorced.\n");
    const get = await propose([yes, no, notMarried, married], [notes]);
    expect(written(get(no))).toBe('true');
    expect(written(get(yes))).not.toBe('true');
    expect(written(get(notMarried))).toBe('true');
    expect(written(get(married))).not.toBe('true');
  });

  test('what the writer says to a helper about "you" is not the subject\'s status', async () => {
    const marital = boxes('Marital Status', ['Married', 'Divorced']);
    const mail = await textDoc(
      'mail.txt',
      ['From: Ana Ruiz <ana@example.com>', 'To: Paula Kim <paula@law.example>', 'Subject: my form', '', 'Hi Paula, I know you are married and busy, thank you for helping me with my form.', '', 'Ana'].join('\n'),
    );
    const get = await propose(marital, [mail]);
    expect(marital.map((f) => written(get(f)))).not.toContain('true');
  });
});
