// Placeholders a form ships in its text fields are cleared by a fill that asks for it
// (sessions, fills from documents), and only placeholders: real shipped values stay.
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fillPdf } from '../../../src/pdf/fill/index.ts';
import { isPlaceholder } from '../../../src/pdf/fill/placeholders.ts';
import { readPdfValues } from '../../../src/pdf/read.ts';

/** A form whose text fields ship values: name → shipped value. */
async function formShipping(shipped: Record<string, string>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  Object.entries(shipped).forEach(([name, value], i) => {
    const f = form.createTextField(name);
    f.setText(value);
    f.addToPage(page, { x: 50, y: 700 - i * 40, width: 300, height: 20 });
  });
  return doc.save();
}

const SHIPPED = {
  'Hearing date': 'Date',
  Parties: "[Party]'s",
  'Attendances on': '(party)',
  'Total amount': '0',
  District: '__________ District of ______',
  Judge: 'Judge',
  Phone: '(555) 123-4567',
  City: 'Springfield',
  'Date signed': '2025-01-31',
};

async function valuesAfter(options: { clearPlaceholders?: boolean }) {
  const filled = await fillPdf(await formShipping(SHIPPED), { Judge: 'District Judge Okereke' }, options);
  return Object.fromEntries((await readPdfValues(filled)).fields.map((f) => [f.name, f.value ?? '']));
}

describe('shipped placeholders', () => {
  it('are written empty when the fill clears them; real values and the values given stay', async () => {
    expect(await valuesAfter({ clearPlaceholders: true })).toEqual({
      'Hearing date': '',
      Parties: '',
      'Attendances on': '',
      'Total amount': '',
      District: '',
      Judge: 'District Judge Okereke',
      Phone: '(555) 123-4567',
      City: 'Springfield',
      'Date signed': '2025-01-31',
    });
  });

  it('stay when the fill does not ask (a one-shot fill of named fields)', async () => {
    expect(await valuesAfter({})).toMatchObject({ 'Hearing date': 'Date', Parties: "[Party]'s", 'Total amount': '0', Judge: 'District Judge Okereke' });
  });

  it('are told from answers by their words, brackets, blanks and zeros', () => {
    expect(isPlaceholder('Date', ['Hearing date'])).toBe(true);
    expect(isPlaceholder('Name', ['f1_03', 'Enter your name'])).toBe(true);
    expect(isPlaceholder('<surname>', ['Family name'])).toBe(true);
    expect(isPlaceholder('$ 0.00', ['Line 7'])).toBe(true);
    expect(isPlaceholder('London', ['City'])).toBe(false);
    expect(isPlaceholder('(555) 123-4567', ['Phone'])).toBe(false);
    expect(isPlaceholder('10.00', ['Fee'])).toBe(false);
    expect(isPlaceholder('', ['Fee'])).toBe(false);
    // A run of spaces is room to write in, as underscores are: it prints as nothing but reads as a value.
    expect(isPlaceholder('      ', ['Address'])).toBe(true);
  });
});
