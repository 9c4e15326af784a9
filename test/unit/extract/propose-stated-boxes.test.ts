// A check box standing for one answer to a printed question ("Filing Status: Head of household")
// is ticked when a document states the question and that answer as key: value. Documents are
// plain text read through the real reader; fields carry labels as the label engine composes them.
import { describe, expect, test } from 'vitest';
import { field, propose, textDoc } from './propose-helpers.ts';

const box = (label: string) => field(label, { type: 'checkbox', data_type: 'boolean', tooltip: undefined, export_value: 'On' });

describe('a box whose question a document answers as key: value', () => {
  test('ticks the box of the stated option and no sibling', async () => {
    const single = box('Filing Status: Single');
    const joint = box('Filing Status: Married filing jointly');
    const hoh = box('Filing Status: Head of household (HOH)');
    const doc = await textDoc('notes.txt', 'Notes for this year\n\nFiling status: head of household this year\nRefund: direct deposit\n');
    const get = await propose([single, joint, hoh], [doc]);
    expect(get(hoh)).toMatchObject({ status: 'proposed', value: 'true', confidence: 'medium' });
    expect(get(single).status).toBe('missing');
    expect(get(joint).status).toBe('missing');
  });

  test('a key that is only part of the question still names it, and the longest stated option wins', async () => {
    const married = box('Nature du don: Numéraire');
    const other = box('Nature du don: Autres');
    const m1 = box('Housing: Rented');
    const m2 = box('Housing: Rented, shared');
    const doc = await textDoc('notes.txt', 'Nature : numéraire.\nHousing: rented, shared with my sister\n');
    const get = await propose([married, other, m1, m2], [doc]);
    expect(get(married).value).toBe('true');
    expect(get(other).status).toBe('missing');
    expect(get(m2).value).toBe('true');
    expect(get(m1).status).toBe('missing');
  });

  test('a key about something else, documents that disagree, or two boxes that read alike tick nothing', async () => {
    const hoh = box('Filing Status: Head of household');
    const joint = box('Filing Status: Married filing jointly');
    const fixed1 = box('Fixe: Concentrateur');
    const fixed2 = box('Fixe: Concentrateur');
    const other = box('Employment status: Employed');
    const a = await textDoc('a.txt', 'Filing status: head of household\nFixe : concentrateur.\nHousing status: employed by the landlord\n');
    const b = await textDoc('b.txt', 'Filing status: married filing jointly\n');
    const get = await propose([hoh, joint, fixed1, fixed2, other], [a, b]);
    for (const f of [hoh, joint, fixed1, fixed2, other]) expect(get(f).status).toBe('missing');
  });
});
