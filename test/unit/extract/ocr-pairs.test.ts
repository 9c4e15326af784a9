// A scan, and a PDF's text line, flatten a row of "Key: value" columns into single spaces: each
// later key starts a pair of its own. A mail's subject and a time keep their values whole. Lines
// are synthetic.
import { describe, expect, test } from 'vitest';
import { colonPairs } from '../../../src/extract/pairs.ts';

const lines = (texts: string[]) => texts.map((text, i) => ({ text, page: 1, location: `p1 l${i + 1}` }));

describe('pairs of a flattened scan row', () => {
  test('a later capitalised key splits the value; a name with an initial stays whole', () => {
    const got = colonPairs(lines(['Employee: Jane Q. Sample Title: Shift Lead', 'Hire date: 01/05/2026 Pay frequency: Weekly', 'Notice date: May 2, 2026 Claim Number: 900-11-2233A', 'Employee: SAMPLE, JANE Q. Emp #: 7781']), 'ocr_label');
    expect(got.map((p) => [p.key, p.value])).toEqual([
      ['Employee', 'Jane Q. Sample'],
      ['Title', 'Shift Lead'],
      ['Hire date', '01/05/2026'],
      ['Pay frequency', 'Weekly'],
      ['Notice date', 'May 2, 2026'],
      ['Claim Number', '900-11-2233A'],
      ['Employee', 'SAMPLE, JANE Q.'],
      ['Emp #', '7781'],
    ]);
  });

  test('a text line flattened the same way splits the same way', () => {
    const got = colonPairs(lines(['Taxpayer: Harold J Brandvold SSN ***-**-4412 Spouse: Sunita R Brandvold SSN ***-**-4490']), 'label_colon');
    expect(got.map((p) => [p.key, p.value])).toEqual([
      ['Taxpayer', 'Harold J Brandvold SSN ***-**-4412'],
      ['Spouse', 'Sunita R Brandvold SSN ***-**-4490'],
    ]);
  });

  test('a subject line and times keep their values whole', () => {
    expect(colonPairs(lines(['Subject: RE: Sample, Case No. 26-40112']), 'label_colon')).toEqual([expect.objectContaining({ key: 'Subject', value: 'RE: Sample, Case No. 26-40112' })]);
    expect(colonPairs(lines(['Time: 10:30 AM']), 'ocr_label')).toEqual([expect.objectContaining({ key: 'Time', value: '10:30 AM' })]);
  });
});

describe('a value stated in running text', () => {
  test('ends with its sentence; initials and abbreviations do not end one', () => {
    const got = colonPairs(lines([
      'Occupation: respiratory therapist. Phone (614) 555-0138.',
      'Filing status: head of household this year. The divorce was final in March.',
      'Son natel : 079 555 01 42. Elle n\'a pas d\'adresse e-mail.',
      'Name: J. Smith',
      'Employer: Acme Inc. Boston office',
      'Address: 12 St. Mary St. Boston',
      'Physician: Dr. Sophie Rochat, Prilly.',
      'Home phone: we have no landline. Work phone: (206) 555-0132',
    ]), 'label_colon');
    expect(got.map((p) => p.value)).toEqual(['respiratory therapist', 'head of household this year', '079 555 01 42', 'J. Smith', 'Acme Inc. Boston office', '12 St. Mary St. Boston', 'Dr. Sophie Rochat, Prilly.', 'we have no landline', '(206) 555-0132']);
  });
});
