// Forms for batch-fill tests: field names that say little, tooltips that say what a person reads.
import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFField } from '@cantoo/pdf-lib';

/** One page: first name, last name, date of birth, SSN (9, comb), ZIP code (5), married (checkbox), state (dropdown). */
export async function applicantFormPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Applicant Record');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Applicant Record', { x: 72, y: 740, size: 16, font });
  const form = doc.getForm();
  // /TU on the field and on its widget: pdf.js reads the tooltip from the widget dictionary only.
  const tip = (f: PDFField, text: string) => {
    f.acroField.dict.set(PDFName.of('TU'), PDFString.of(text));
    for (const w of f.acroField.getWidgets()) w.dict.set(PDFName.of('TU'), PDFString.of(text));
  };

  const text = (name: string, tooltip: string, y: number, x = 72, maxLen?: number) => {
    const f = form.createTextField(name);
    if (maxLen) f.setMaxLength(maxLen);
    f.addToPage(page, { x, y, width: 200, height: 20 });
    tip(f, tooltip);
    return f;
  };
  text('f1', 'First name', 680);
  text('f2', 'Last name', 680, 320);
  text('f3', 'Date of birth', 630);
  text('f4', 'Social security number', 630, 320, 11);
  text('f5', 'ZIP code', 580, 72, 10);
  const married = form.createCheckBox('c1');
  married.addToPage(page, { x: 72, y: 530, width: 12, height: 12 });
  tip(married, 'Married');
  const state = form.createDropdown('d1');
  state.addOptions(['CA', 'NY', 'TX']);
  state.addToPage(page, { x: 320, y: 530, width: 100, height: 20 });
  tip(state, 'State');
  return doc.save();
}

export const csv = (lines: string[], eol = '\n') => new TextEncoder().encode(lines.join(eol) + eol);
