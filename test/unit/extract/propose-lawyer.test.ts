// A lawyer's signature block and a lawyer who writes about a client's case: their name and
// contact details are the representative's, never the form subject's. Documents are synthetic.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc } from './propose-helpers.ts';

const LAWYER_MAIL = [
  'From: Paul Q. Example <pexample@example-law.example.com>',
  'To: Rita Clerk <rclerk@example-law.example.com>',
  'Date: Mon, 2 Mar 2026 10:00:00 -0500',
  'Subject: jury request for our client',
  '',
  'Rita,',
  '',
  'Please prepare the jury request for our client in the car-accident case. I will sign it.',
  '',
  'Thanks,',
  '',
  'Paul Q. Example',
  'Example & Sample LLP',
  '100 W Main St, Suite 300, Springfield, IL 62701',
  'Tel 217-555-0144',
  'ARDC No. 9900112',
  '',
].join('\n');

describe('lawyers are representatives', () => {
  test("a lawyer's e-mail gives the lawyer's name and phone, not the subject's", async () => {
    const docs = [await textDoc('mail.txt', LAWYER_MAIL)];
    const name = field('Name');
    const phone = field('Phone');
    const lawyer = field('Lawyer Name');
    const lawyerPhone = field('Lawyer Phone Number');
    const get = await propose([name, phone, lawyer, lawyerPhone], docs);
    expect(get(name).value).toBeNull();
    expect(get(phone).value).toBeNull();
    expect(get(lawyer)).toMatchObject({ status: 'proposed', value: 'Paul Q. Example' });
    expect(get(lawyerPhone)).toMatchObject({ status: 'proposed', value: expect.stringContaining('555-0144') });
  });

  test("the contact lines of a pleading's signature block are the lawyer's", async () => {
    const pleading = [
      'IN THE CIRCUIT COURT OF LAKEVIEW COUNTY, ILLINOIS',
      'JANE SAMPLE, Plaintiff, v. JOHN EXAMPLE, Defendant.',
      'Respectfully submitted, /s/ Ada Counsel',
      'Ada Counsel (ARDC No. 9900231)',
      'COUNSEL & CO',
      '55 N State St, Suite 1200, Chicago, IL 60602',
      '(312) 555-0166 | acounsel@counsel.example.com',
      'Attorney for Plaintiff',
    ].join('\n');
    const docs = [await textDoc('pleading.txt', pleading)];
    const email = field('Email');
    const phone = field('Phone');
    const get = await propose([email, phone], docs);
    expect(get(email).value).toBeNull();
    expect(get(phone).value).toBeNull();
  });
});
