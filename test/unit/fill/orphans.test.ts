// Orphan widgets: fields whose widgets the pages list in /Annots but that /AcroForm /Fields does not
// reach (the IRS W-9 2024 and W-4 2025 are made this way). The filler must fill them and add them
// to /Fields so that other readers see the values.
import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { fillPdf } from '../../../src/pdf/fill/index.ts';
import { readPdfValues } from '../../../src/pdf/read.ts';
import { pdftkFields, qpdfCheck } from './helpers.ts';

const VALUES = { name: 'Ada Lovelace', 'addr.street': '12 Analytical Row', solo: 'merged widget', agree: true };

/**
 * A form with a text field "name", a field "addr.street" (widget → street → addr), a check box
 * "agree" and "solo", a widget that is its own field (/T on the widget, no /Parent). /Fields keeps
 * only "name" (`keep: 'name'`), or the catalog has no /AcroForm at all (`keep: 'none'`).
 */
async function orphanForm(keep: 'name' | 'none'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  form.createTextField('name').addToPage(page, { x: 50, y: 700, width: 200, height: 20 });
  form.createTextField('addr.street').addToPage(page, { x: 50, y: 650, width: 200, height: 20 });
  form.createCheckBox('agree').addToPage(page, { x: 50, y: 600, width: 15, height: 15 });
  const ctx = doc.context;
  const solo = ctx.register(
    ctx.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Tx', T: PDFString.of('solo'), Rect: [50, 550, 250, 570], F: 4, DA: PDFString.of('/Helv 10 Tf 0 g'), P: page.ref }),
  );
  page.node.lookup(PDFName.of('Annots'), PDFArray).push(solo);
  const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
  if (keep === 'none') {
    doc.catalog.delete(PDFName.of('AcroForm'));
  } else {
    const fields = acroForm.lookup(PDFName.of('Fields'), PDFArray);
    const nameRef = fields.asArray().find((r) => (ctx.lookup(r) as PDFDict).get(PDFName.of('T'))?.toString() === '(name)')!;
    acroForm.set(PDFName.of('Fields'), ctx.obj([nameRef]));
  }
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

describe('fillPdf with widgets that /AcroForm /Fields does not reach', () => {
  for (const keep of ['name', 'none'] as const) {
    it(`fills them, and adds them to /Fields (${keep === 'name' ? 'some fields listed' : 'no AcroForm'})`, async () => {
      const form = await orphanForm(keep);
      const tkBefore = await pdftkFields(form);
      expect(tkBefore.has('addr.street')).toBe(false); // pdftk goes by /Fields alone

      const filled = await fillPdf(form, VALUES);

      const read = new Map((await readPdfValues(filled)).fields.map((f) => [f.name, f.value]));
      expect(read.get('name')).toBe('Ada Lovelace');
      expect(read.get('addr.street')).toBe('12 Analytical Row');
      expect(read.get('solo')).toBe('merged widget');
      expect(read.get('agree')).not.toBe('Off');
      expect(read.get('agree')).not.toBeNull();

      const tk = await pdftkFields(filled);
      expect(tk.get('name')?.value).toBe('Ada Lovelace');
      expect(tk.get('addr.street')?.value).toBe('12 Analytical Row');
      expect(tk.get('solo')?.value).toBe('merged widget');
      expect(tk.get('agree')?.value).toBe('Yes');

      expect((await qpdfCheck(filled)).ok).toBe(true);
    });
  }
});
