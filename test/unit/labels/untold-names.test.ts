// Fields the author named alike (one name stem, one tooltip) take the caption the page prints by each.
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { readAcroForm } from '../../../src/pdf/acroform.ts';
import { labelAcroFormFields } from '../../../src/pdf/labels/acroform.ts';
import { terminateOcr } from '../../../src/pdf/detect/index.ts';
import { withPdf } from '../../../src/pdf/document.ts';

afterAll(() => terminateOcr());

interface Spec {
  name: string;
  tooltip?: string;
  caption: string;
  box?: boolean;
}

/** One field a row, its caption printed at the left margin, under a title that prints the name's word. */
async function labels(specs: Spec[]): Promise<string[]> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  page.drawText('Form SLIP 2024', { x: 72, y: 740, size: 14, font, color: rgb(0, 0, 0) });
  specs.forEach((s, i) => {
    const y = 690 - 30 * i;
    if (s.box) {
      const cb = form.createCheckBox(s.name);
      cb.addToPage(page, { x: 72, y, width: 10, height: 10, borderWidth: 1 });
      page.drawText(s.caption, { x: 90, y: y + 1, size: 10, font, color: rgb(0, 0, 0) });
      if (s.tooltip) cb.acroField.dict.set(PDFName.of('TU'), PDFString.of(s.tooltip));
      return;
    }
    page.drawText(s.caption, { x: 72, y: y + 4, size: 10, font, color: rgb(0, 0, 0) });
    const tf = form.createTextField(s.name);
    tf.addToPage(page, { x: 250, y, width: 200, height: 16, borderWidth: 0 });
    if (s.tooltip) tf.acroField.dict.set(PDFName.of('TU'), PDFString.of(s.tooltip));
  });
  const bytes = await doc.save();
  const read = await readAcroForm(bytes);
  await withPdf(bytes, (pdf) => labelAcroFormFields(pdf, read.fields));
  return read.fields.map((f) => f.label);
}

describe('fields the author named alike', () => {
  it('labels fields whose names read the same by their own printed captions', async () => {
    // "Slip[b]_f[a][0]", "Slip[b]_f[b][0]" … all read "Slip b f": the name tells none of them apart.
    const captions = ["Payer's TIN", "Recipient's name", 'Account number'];
    const got = await labels(captions.map((caption, i) => ({ name: `Slip[b]_f[${'abc'[i]}][0]`, caption })));
    expect(got).toEqual(captions);
  });

  it('labels check boxes sharing one tooltip by their printed options', async () => {
    const got = await labels([
      { name: 'marriedFiling', tooltip: 'Marital status', caption: 'Married and your spouse is filing with you', box: true },
      { name: 'notMarried', tooltip: 'Marital status', caption: 'Not married', box: true },
    ]);
    expect(got).toEqual(['Married and your spouse is filing with you', 'Not married']);
  });

  it('keeps a shared tooltip that its captions only repeat, or where the captions are all alike', async () => {
    const got = await labels([
      { name: 'city1', tooltip: 'City', caption: 'City' },
      { name: 'city2', tooltip: 'City', caption: 'City' },
      { name: 'codebtor1', tooltip: 'Name of codebtor', caption: 'Name' },
      { name: 'codebtor2', tooltip: 'Name of codebtor', caption: 'Name' },
    ]);
    expect(got.slice(2)).toEqual(['Name of codebtor', 'Name of codebtor']);
    expect(got.slice(0, 2).every((l) => /City/.test(l))).toBe(true);
  });
});
