// PDFs built in code for tests: fillable forms with every field kind, flat pages, broken files.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { PDFDocument as EncryptingPDFDocument } from '@cantoo/pdf-lib';

/** A two-page fillable form: text (required, tooltip), comb, checkbox (on-state "On"), radio, dropdown, signature. */
export async function fillableFormPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Test Application Form');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([612, 792]);
  const p2 = doc.addPage([612, 792]);
  p1.drawText('Test Application Form', { x: 72, y: 740, size: 16, font });
  const form = doc.getForm();

  const name = form.createTextField('applicant.full_name');
  name.addToPage(p1, { x: 72, y: 650, width: 250, height: 20 });
  name.enableRequired();
  name.acroField.dict.set(PDFName.of('TU'), PDFString.of('Full name'));

  const zip = form.createTextField('applicant.zip');
  zip.setMaxLength(5);
  zip.enableCombing();
  zip.addToPage(p1, { x: 350, y: 650, width: 100, height: 20 });

  const agree = form.createCheckBox('agree');
  agree.addToPage(p1, { x: 72, y: 600, width: 12, height: 12 });
  // pdf-lib names the on-state "Yes"; rename it to "On" like many real forms do.
  const ap = agree.acroField.getWidgets()[0].dict.lookup(PDFName.of('AP'), PDFDict);
  for (const state of ['N', 'D']) {
    const appearances = ap.lookup(PDFName.of(state), PDFDict);
    appearances.set(PDFName.of('On'), appearances.get(PDFName.of('Yes'))!);
    appearances.delete(PDFName.of('Yes'));
  }

  const color = form.createRadioGroup('color');
  color.addOptionToPage('red', p1, { x: 72, y: 550, width: 12, height: 12 });
  color.addOptionToPage('blue', p1, { x: 120, y: 550, width: 12, height: 12 });

  const country = form.createDropdown('country');
  country.addOptions(['France', 'Germany', 'Japan']);
  country.addToPage(p2, { x: 72, y: 700, width: 150, height: 20 });

  // A real /Sig field: pdf-lib has no API for one, so write the dictionaries.
  const sigWidget = doc.context.obj({ Type: 'Annot', Subtype: 'Widget', Rect: [72, 100, 272, 140], F: 4, P: p2.ref });
  const sigWidgetRef = doc.context.register(sigWidget);
  const sigField = doc.context.obj({ FT: 'Sig', T: PDFString.of('applicant_signature'), Kids: [sigWidgetRef] });
  const sigFieldRef = doc.context.register(sigField);
  sigWidget.set(PDFName.of('Parent'), sigFieldRef);
  p2.node.addAnnot(sigWidgetRef);
  form.acroForm.addField(sigFieldRef);

  return doc.save();
}

/** A flat page: text and lines only, no fields. */
export async function flatPdf(pages = 1, rows = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    for (let r = 0; r < rows; r++) {
      const y = 700 - r * 16;
      page.drawText(r ? `Item ${r}:` : 'Name:', { x: 72, y, size: 11, font });
      page.drawLine({ start: { x: r ? 120 : 110, y: y - 2 }, end: { x: 400, y: y - 2 }, thickness: 0.75, color: rgb(0, 0, 0) });
    }
  }
  return doc.save();
}

/** A page with nothing on it: nothing to detect. */
export async function blankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

/** A flat form whose first page reads and whose second page object is broken (a number, not a page). */
export async function brokenPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Full name:', { x: 72, y: 702, size: 10, font });
  page.drawLine({ start: { x: 130, y: 700 }, end: { x: 400, y: 700 }, thickness: 1 });
  doc.addPage([612, 792]);
  const kids = doc.catalog.Pages().get(PDFName.of('Kids')) as PDFArray;
  kids.set(1, doc.context.register(PDFNumber.of(42)));
  return doc.save();
}

export async function manyPagesPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return doc.save();
}

/** The fillable form, encrypted (AES) with the given user password ("" opens without asking). */
export async function encryptedPdf(userPassword: string): Promise<Uint8Array> {
  const doc = await EncryptingPDFDocument.load(await fillableFormPdf());
  doc.encrypt({ userPassword, ownerPassword: 'owner-secret', permissions: { printing: 'highResolution', modifying: false } });
  return doc.save();
}

/** Starts like a PDF, then is garbage. */
export const corruptPdf = () => new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x41)]));

/** One required text field and one checkbox: a form that can be complete. */
export async function simpleFormPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const name = form.createTextField('name');
  name.enableRequired();
  name.addToPage(page, { x: 72, y: 700, width: 200, height: 20 });
  const box = form.createCheckBox('subscribe');
  box.addToPage(page, { x: 72, y: 650, width: 12, height: 12 });
  return doc.save();
}

/** A valid form written as text (fast to make): `pages` pages of `perPage` text fields, names tagged. */
export function rawForm(pages: number, perPage: number, tag: string, extra = ''): Uint8Array {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R /AcroForm 3 0 R >>', '', ''];
  const pageNums: number[] = [];
  const fieldNums: number[] = [];
  for (let p = 0; p < pages; p++) {
    const pageNum = objects.length + 1;
    pageNums.push(pageNum);
    const annots: number[] = [];
    objects.push('');
    for (let f = 0; f < perPage; f++) {
      annots.push(objects.length + 1);
      fieldNums.push(objects.length + 1);
      objects.push(`<< /Type /Annot /Subtype /Widget /FT /Tx /T (${tag}_${p}_${f}) /Rect [20 ${760 - f * 18} 300 ${774 - f * 18}] /P ${pageNum} 0 R /F 4 /DA (/Helv 10 Tf 0 g) >>`);
    }
    objects[pageNum - 1] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800]${extra} /Annots [${annots.map((n) => `${n} 0 R`).join(' ')}] >>`;
  }
  objects[1] = `<< /Type /Pages /Kids [${pageNums.map((n) => `${n} 0 R`).join(' ')}] /Count ${pages} >>`;
  objects[2] = `<< /Fields [${fieldNums.map((n) => `${n} 0 R`).join(' ')}] /DA (/Helv 0 Tf 0 g) >>`;
  let body = '%PDF-1.7\n';
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

/**
 * An application form whose fields are labelled by tooltips and printed captions: name, date of
 * birth, email, street, ZIP comb, employer, a signature. `required` names the fields marked required.
 */
export async function applicationFormPdf(required: string[] = []): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Membership Application');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const text = (name: string, tooltip: string, y: number, maxLen?: number) => {
    page.drawText(tooltip, { x: 72, y: y + 24, size: 9, font });
    const f = form.createTextField(name);
    if (maxLen) {
      f.setMaxLength(maxLen);
      f.enableCombing();
    }
    if (required.includes(name)) f.enableRequired();
    f.addToPage(page, { x: 72, y, width: 250, height: 20 });
    f.acroField.dict.set(PDFName.of('TU'), PDFString.of(tooltip));
  };
  text('applicant.full_name', 'Full name', 680);
  text('applicant.dob', 'Date of birth (mm/dd/yyyy)', 630);
  text('applicant.email', 'Email address', 580);
  text('applicant.street', 'Street address', 530);
  text('applicant.zip', 'ZIP code', 480, 5);
  text('applicant.employer', 'Name of employer', 430);
  page.drawText('Signature of applicant', { x: 72, y: 140, size: 9, font });
  const sigWidget = doc.context.obj({ Type: 'Annot', Subtype: 'Widget', Rect: [72, 100, 272, 130], F: 4, P: page.ref });
  const sigWidgetRef = doc.context.register(sigWidget);
  const sigFieldRef = doc.context.register(doc.context.obj({ FT: 'Sig', T: PDFString.of('applicant_signature'), Kids: [sigWidgetRef] }));
  sigWidget.set(PDFName.of('Parent'), sigFieldRef);
  page.node.addAnnot(sigWidgetRef);
  form.acroForm.addField(sigFieldRef);
  return doc.save();
}
