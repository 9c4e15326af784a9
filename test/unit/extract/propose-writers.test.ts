// Whose words a document carries: the writer of a mail thread, a helper writing to the person the
// form is for, and a previous filing of the same form among the documents. Documents built in
// code and read through the real reader.
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/extract/index.ts';
import { field, propose, textDoc, written } from './propose-helpers.ts';

describe('the writer of a thread', () => {
  test('is whoever wrote most of its messages, not the sender of the reply on top', async () => {
    const thread = [
      'From: Callum Hargreaves <callum@events.example>',
      'To: Adaeze Okonkwo-Reid <hello@photo.example>',
      'Subject: RE: Overdue invoice',
      '',
      'We have sent a part payment today.',
      '',
      'From: Adaeze Okonkwo-Reid',
      'To: Callum Hargreaves',
      'Subject: Overdue invoice',
      '',
      'My invoice is still unpaid. I will issue a claim if it is not settled.',
      '',
      'From: Adaeze Okonkwo-Reid <hello@photo.example>',
      'To: Callum Hargreaves <callum@events.example>',
      'Subject: Letter before claim',
      '',
      'I will issue a claim in the County Court without further notice.',
    ].join('\n');
    const name = field('Full name');
    const get = await propose([name], [await textDoc('emails.txt', thread)]);
    expect(get(name).value).not.toBe('Callum Hargreaves');
    expect(written(get(name))).toBe('Adaeze Okonkwo-Reid');
  });
});

describe('a helper writing to the person the form is for', () => {
  const letter = [
    'From: Carys Llewellyn-Hart <carys@example.co.uk>',
    'To: Bethan Llewellyn <bethan@example.co.uk>',
    'Subject: your claim form',
    '',
    "Beth, I'm typing up your claim form for you. Check these are right:",
    '- You: born 7 November 1990 (07/11/1990).',
    '- I live at 4 Heol Hir, Cardiff.',
    '',
    'Carys',
  ].join('\n');

  test('the writer is not the subject: her name stays out of the form', async () => {
    const first = field('First name');
    const get = await propose([first], [await textDoc('email.txt', letter)]);
    expect(get(first).value).not.toBe('Carys');
  });

  test("what the letter tells the recipient about themselves is theirs, at full strength", async () => {
    const dob = field('Date of birth', { data_type: 'date' });
    const get = await propose([dob], [await textDoc('email.txt', letter)]);
    expect(written(get(dob))).toMatch(/1990/);
  });

  test("the recipient line names the subject: their name and mailbox fill the form's own boxes", async () => {
    const surname = field('Enter your surname or family name');
    const email = field('Enter your email address');
    const get = await propose([surname, email], [await textDoc('email.txt', letter)]);
    expect(written(get(surname))).toBe('Llewellyn');
    expect(written(get(email))).toBe('bethan@example.co.uk');
  });

  test('a reply that quotes someone preparing "your form" does not make its own recipient the subject', async () => {
    const reply = [
      'From: Katherine Mendoza <kmendoza@example.com>',
      'To: Achterberg Law Intake <intake@law.example.com>',
      'Subject: Re: updates to my intake sheet',
      '',
      'Hi, I moved to Jefferson City in February.',
      '',
      'On Wed, Mar 5, 2025, Devon Reyes (paralegal) wrote:',
      '> Katherine, we are preparing your petition and the certificate for you.',
    ].join('\n');
    const first = field('First name');
    const last = field('Last name');
    const get = await propose([first, last], [await textDoc('email.txt', reply)]);
    expect(get(first).value).not.toBe('Achterberg');
    expect(get(last).value).not.toBe('Intake');
  });
});

describe('a previous filing of the same form', () => {
  async function filedCopy(values: Record<string, string>): Promise<Uint8Array> {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const form = pdf.getForm();
    Object.entries(values).forEach(([name, value], i) => {
      const t = form.createTextField(name);
      t.setText(value);
      t.addToPage(page, { x: 100, y: 700 - i * 30, width: 200, height: 20 });
    });
    return pdf.save();
  }
  // Names are left out: two names in one copy compete for every name box (parties.ts's concern).
  const values = { case_reference: 'UNP-2025-0413', vehicle_plate: 'KXR 482', travel_start_date: '08/04/2025' };
  const fieldsOf = () => Object.keys(values).map((n) => field(n.replace(/_/g, ' '), { name: n, tooltip: undefined }));

  test('leaves for review what only the old copy says, keeps what another document repeats', async () => {
    const copy = await readDocument({ id: 'copy', name: 'request_august.pdf', bytes: await filedCopy(values) });
    const note = await textDoc('note.txt', 'New trip under reference UNP-2025-0413, in December. Another vehicle is assigned.\n');
    const fields = fieldsOf();
    const get = await propose(fields, [copy, note]);
    const [reference, plate, start] = fields;
    expect(written(get(reference))).toBe('UNP-2025-0413');
    for (const f of [plate, start]) {
      expect(get(f).value).toBe(values[f.name as keyof typeof values]);
      expect(get(f).confidence).toBe('low');
      expect(get(f).note).toMatch(/previous filing/);
    }
  });

  test('with nothing but the old copy, copying it is what was asked', async () => {
    const copy = await readDocument({ id: 'copy', name: 'request_august.pdf', bytes: await filedCopy(values) });
    const fields = fieldsOf();
    const get = await propose(fields, [copy]);
    expect(written(get(fields[1]))).toBe('KXR 482');
  });

  test('a copy whose fields have machine names is read box for box: who the filer is carries over, amounts do not', async () => {
    // A form without tooltips: the copy's own keys are "f1 3", "f1 13"; the form's contract knows the captions.
    const copied = { f1_2: '00-4718265', f1_3: 'Ridgeline Roasting Company LLC', f1_13: '139020' };
    const copy = await readDocument({ id: 'copy', name: 'filed_last_quarter.pdf', bytes: await filedCopy(copied) });
    const note = await textDoc('email.txt', 'Please file this quarter for Ridgeline Roasting Company LLC (EIN 00-4718265). Payroll attached.\n');
    const ein = field('Employer identification number (EIN)', { name: 'f1_2', tooltip: undefined });
    const org = field('Name (not your trade name)', { name: 'f1_3', tooltip: undefined });
    const wages = field('2 Wages, tips, and other compensation', { name: 'f1_13', tooltip: undefined });
    const get = await propose([ein, org, wages], [copy, note]);
    expect(written(get(org))).toBe('Ridgeline Roasting Company LLC');
    expect(get(org).evidence[0].method).toBe('previous_filing');
    expect(written(get(ein))).toMatch(/4718265/);
    // Last quarter's wages are not this quarter's.
    expect(get(wages).value).toBeNull();
  });
});

describe('social security', () => {
  test('wages, tips and benefits named after social security are amounts, not the number', async () => {
    const doc = await textDoc('summary.txt', 'Social security wages: 152,840.00\nSocial security number: 900-12-3456\n');
    const ssn = field('Your social security number');
    const wages = field('Taxable social security wages');
    const get = await propose([ssn, wages], [doc]);
    expect(written(get(ssn))).toBe('900-12-3456');
    expect(get(wages).value).not.toBe('900-12-3456');
  });
});
