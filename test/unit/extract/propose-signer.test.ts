// Who completes and signs a court form — the party or their lawyer — answered from what the
// documents say ("no solicitor, I'll sign it myself", "I'll sign it as her lawyer"). Fields and
// documents are synthetic.
import { describe, expect, test } from 'vitest';
import { signerOption } from '../../../src/extract/propose/signer.ts';
import { field, propose, textDoc, written } from './propose-helpers.ts';

describe('signer options', () => {
  test('a box stands for the party, their lawyer, or someone else by its own caption', () => {
    expect(signerOption('Completing this form myself checkbox')).toBe('self');
    expect(signerOption('Claimant')).toBe('self');
    expect(signerOption('Lawyer completing the form checkbox')).toBe('lawyer');
    expect(signerOption("Claimant's legal representative (as defined by CPR 2.3(1))")).toBe('lawyer');
    expect(signerOption('Litigation friend (where claimant is a child or protected party)')).toBe('other');
    expect(signerOption('Particulars of Claim: attached')).toBeNull();
  });
});

const choice = () => [field('Completing this form myself', { type: 'checkbox' }), field('Lawyer completing the form', { type: 'checkbox' })];

describe('signer boxes answered from the documents', () => {
  test('a party without a solicitor ticks the self box and leaves the lawyer box', async () => {
    const [self, lawyer] = choice();
    const notes = await textDoc('notes.txt', "Claim notes\n* I'm the claimant, claiming for myself, no solicitor. I'll sign the statement of truth myself.\n");
    const got = await propose([self, lawyer], [notes]);
    expect(written(got(self))).toBe('true');
    expect(got(self).evidence[0].quote).toMatch(/no solicitor/);
    expect(written(got(lawyer))).toBeNull();
  });

  test('a lawyer who signs for a client ticks the lawyer box', async () => {
    const [self, lawyer] = choice();
    const mail = await textDoc('mail.txt', 'Please prepare the jury request for Patricia Kerrigan so it goes in with our appearance. I will sign it as her lawyer.\n');
    const got = await propose([self, lawyer], [mail]);
    expect(written(got(lawyer))).toBe('true');
    expect(written(got(self))).toBeNull();
  });

  test('documents that point both ways, or a page without the choice, answer nothing', async () => {
    const [self, lawyer] = choice();
    const both = [await textDoc('a.txt', 'Plaintiff (self-represented)\n'), await textDoc('b.txt', 'I met my client on Monday.\n')];
    const mixed = await propose([self, lawyer], both);
    expect([written(mixed(self)), written(mixed(lawyer))]).toEqual([null, null]);
    const alone = field('Completing this form myself', { type: 'checkbox' });
    const got = await propose([alone], [await textDoc('c.txt', 'Plaintiff (self-represented)\n')]);
    expect(written(got(alone))).toBeNull();
  });
});
