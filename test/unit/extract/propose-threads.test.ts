// A saved mail thread is several letters: each message is read as its own document (its writer,
// its "I" and "you", its date), and the evidence still names the file the user gave.
import { describe, expect, test } from 'vitest';
import { splitMessages, toFileEvidence } from '../../../src/extract/propose/messages.ts';
import { roleIn } from '../../../src/extract/propose/labels.ts';
import type { FieldProposal } from '../../../src/extract/propose/types.ts';
import { field, propose, textDoc, written } from './propose-helpers.ts';

const navigatorThread = [
  'From: Keisha Moore <kmoore@partners.example>',
  'To: Shauna Pettaway <shauna@example.com>',
  'Date: Mon, 17 Nov 2025 09:12',
  'Subject: Food application - a few things to confirm',
  '',
  'Hi Shauna, I started the application from our intake sheet. Please confirm your phone.',
  '',
  'Keisha Moore, Community Navigator, Southside Food Partners',
  '',
  '-----------------------------------------------------------',
  'From: Shauna Pettaway <shauna@example.com>',
  'To: Keisha Moore <kmoore@partners.example>',
  'Date: Mon, 17 Nov 2025 20:45',
  'Subject: RE: Food application - a few things to confirm',
  '',
  'Hi Keisha, my cell is now (314) 555-0163. I moved in October.',
  '',
  'Shauna',
].join('\n');

describe('splitting a thread into messages', () => {
  test('one document per message; the separator belongs to neither message', async () => {
    const doc = await textDoc('emails.txt', navigatorThread);
    const parts = splitMessages(doc);
    expect(parts.map((p) => p.document_id)).toEqual(['emails.txt#1', 'emails.txt#2']);
    expect(parts[0].lines.some((l) => /^-{5,}/.test(l.text))).toBe(false);
    expect(parts[1].lines[0].text).toMatch(/^From: Shauna/);
    // Each message keeps only its own header pairs.
    expect(parts[0].pairs.filter((p) => p.key === 'From').map((p) => p.value)).toEqual(['Keisha Moore <kmoore@partners.example>']);
    expect(parts[1].pairs.filter((p) => p.key === 'From').map((p) => p.value)).toEqual(['Shauna Pettaway <shauna@example.com>']);
  });

  test('a single letter, or a document that is not plain text, stays whole', async () => {
    const letter = await textDoc('letter.txt', 'From: Ana Ruiz <ana@example.com>\nTo: Clerk <c@example.gov>\n\nMy address is 12 Oak St.');
    expect(splitMessages(letter)).toEqual([letter]);
    expect(splitMessages({ ...(await textDoc('x.txt', navigatorThread)), kind: 'pdf' })).toHaveLength(1);
  });

  test("a quoted message that kept only From and Date is sent to the other side of the exchange", async () => {
    const thread = [
      'From: Ines Pratt <ines@example.com>',
      'To: Dolores Aguilar <dolores@example.com>',
      'Subject: Re: the form',
      '',
      'Mom - put $50, not $75.',
      '',
      '-----Original message-----',
      'From: Ines Pratt',
      'Date: Mon, 8 Sep 2025 22:41:37 -0600',
      '',
      'Hi Mom, here is what we said so you can fill it in yourself.',
    ].join('\n');
    const [, quoted] = splitMessages(await textDoc('thread.txt', thread));
    expect(quoted.pairs.find((p) => p.key === 'To')?.value).toBe('Dolores Aguilar <dolores@example.com>');
  });

  test("evidence from a message names the thread's file", () => {
    const p: FieldProposal = {
      field_id: 1, status: 'proposed', value: 'x', confidence: 'medium', origin: 'document', note: null,
      evidence: [{ document_id: 'emails.txt#2', document_name: 'emails.txt', page: 1, method: 'quote_check', location: 'l16', quote: 'x' }],
      alternatives: [{ value: 'y', confidence: 'low', evidence: [{ document_id: 'emails.txt#1', document_name: 'emails.txt', page: 1, method: 'shape', location: 'l6', quote: 'y' }] }],
    };
    const [out] = toFileEvidence([p], [{ document_id: 'emails.txt', document_name: 'emails.txt', kind: 'text', pages: 1, lines: [], pairs: [], chars: 0 }]);
    expect(out.evidence[0].document_id).toBe('emails.txt');
    expect(out.alternatives![0].evidence[0].document_id).toBe('emails.txt');
  });
});

describe('the writers of a thread', () => {
  test('the one who answers about themselves is the subject, not the professional who asked', async () => {
    const name = field('Full name');
    const phone = field('Phone number');
    const get = await propose([name, phone], [await textDoc('emails.txt', navigatorThread)]);
    expect(get(name).value).not.toBe('Keisha Moore');
    expect(written(get(name))).toBe('Shauna Pettaway');
    expect(written(get(phone))).toBe('(314) 555-0163');
    expect(get(phone).evidence.every((e) => e.document_id === 'emails.txt')).toBe(true);
  });
});

describe('a professional writing to the person the form is for', () => {
  test('a paralegal\'s "your petition" names the recipient as the subject, whatever the verb', async () => {
    const letter = [
      'From: Tomás Ulibarri <tulibarri@law.example>',
      'To: Gloria Paredes <gloria.paredes@example.com>',
      'Subject: Your Chapter 7 - means test',
      '',
      'Hi Gloria,',
      'We plan to file your Chapter 7 petition on December 10, 2025.',
      '',
      'Tomás Ulibarri, Paralegal',
      'Mesa Law Group',
    ].join('\n');
    const name = field("Debtor's name");
    const get = await propose([name], [await textDoc('email.txt', letter)]);
    expect(written(get(name))).toBe('Gloria Paredes');
  });
});

describe('other parties', () => {
  test('"Other parties" on a label (numbered or not) is someone else than the form\'s own person', () => {
    expect(roleIn('Other parties0 service address')).toBe('other');
    expect(roleIn('Name of other party')).toBe('other');
    expect(roleIn('Party name')).toBeNull();
  });
});
