// The lazy AcroForm reader (src/pdf/acroform.ts) on forms built in code: it must report what the
// pdf.js reader reported (names, types, pages, rects, options, export values, values), take
// labels from a parent field's /TU, and hand anything it cannot read to pdf.js.
import { describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { labelFromFieldName, readAcroForm, readAcroFormWithPdfjs, type AcroFormField } from '../../../src/pdf/acroform.ts';
import { openPdf } from '../../../src/pdf/pdfjs.ts';
import { fillPdf } from '../../../src/pdf/fill/index.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { buildThirdPartyForm, sh, tmpFile } from '../fill/helpers.ts';
import { fillableFormPdf, encryptedPdf, corruptPdf } from '../../helpers/pdfs.ts';

async function withPdfjs(bytes: Uint8Array): Promise<AcroFormField[]> {
  const doc = await openPdf(bytes);
  try {
    return await readAcroFormWithPdfjs(doc);
  } finally {
    await doc.destroy();
  }
}

/**
 * Everything but where the two readers may rightly differ: label and tooltip (a parent's /TU), and
 * for the named button fields, values (pdf.js reports on-state names, ignoring the field's /Opt).
 */
const shape = (fields: AcroFormField[], optFields: string[] = []) =>
  fields.map(({ label: _l, tooltip: _t, data_type: _d, ...f }) =>
    optFields.includes(f.name) ? { ...f, options: undefined, value: undefined, export_value: undefined, widgets: f.widgets.map((w) => ({ ...w, export_value: undefined })) } : f,
  );

async function expectSameAsPdfjs(bytes: Uint8Array, optFields: string[] = []): Promise<AcroFormField[]> {
  const read = await readAcroForm(bytes);
  expect(read.fallback_reason).toBeUndefined();
  expect(read.reader).toBe('objects');
  const old = await withPdfjs(bytes);
  expect(shape(read.fields, optFields)).toEqual(shape(old, optFields));
  expect(read.page_count).toBe((await openPdf(bytes)).numPages);
  return read.fields;
}

const byName = (fields: AcroFormField[]) => Object.fromEntries(fields.map((f) => [f.name, f]));

/** IRS-style names: deep XFA-derived trees, tooltips on the field (a parent of its widget) or higher. */
async function irsStyleForm(opts: { objectStreams?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const first = form.createTextField('topmostSubform[0].Page1[0].f1_01[0]');
  first.addToPage(page, { x: 72, y: 700, width: 200, height: 20, font });
  // /TU on the field dictionary, whose kid is the widget: pdf.js only reads the widget's own /TU.
  first.acroField.dict.set(PDFName.of('TU'), PDFHexString.fromText('Your first name and middle initial'));
  const second = form.createTextField('topmostSubform[0].Page1[0].Address[0].f1_02[0]');
  second.addToPage(page, { x: 72, y: 660, width: 200, height: 20, font });
  // /TU two levels up, on a non-terminal node: the nearest ancestor's tooltip applies.
  const address = second.acroField.getParent()!;
  address.dict.set(PDFName.of('TU'), PDFString.of('Home address (number and street)'));
  const own = form.createTextField('topmostSubform[0].Page1[0].Address[0].f1_03[0]');
  own.addToPage(page, { x: 72, y: 620, width: 200, height: 20, font });
  own.acroField.getWidgets()[0].dict.set(PDFName.of('TU'), PDFString.of('Apartment no.'));
  form.createTextField('topmostSubform[0].Page1[0].f1_04[0]').addToPage(page, { x: 72, y: 580, width: 200, height: 20, font });
  form.createCheckBox('topmostSubform[0].Page1[0].c1_1[b]').addToPage(page, { x: 72, y: 540, width: 12, height: 12 });
  return doc.save({ useObjectStreams: opts.objectStreams ?? true });
}

describe('labels', () => {
  it('labelFromFieldName drops every [...] index', () => {
    expect(labelFromFieldName('topmostSubform[0].Page1[0].FirstName_1[0]')).toBe('First Name 1');
    expect(labelFromFieldName('topmostSubform[0].Page1[0].c1_1[b]')).toBe('C1 1');
    expect(labelFromFieldName('1099-NEC[b]_f[a][0][0]')).toBe('1099 NEC f');
  });

  it('takes the tooltip from the field, then the nearest ancestor, then the name', async () => {
    const bytes = await irsStyleForm();
    const f = byName(await expectSameAsPdfjs(bytes));
    expect(f['topmostSubform[0].Page1[0].f1_01[0]']).toMatchObject({ label: 'Your first name and middle initial', tooltip: 'Your first name and middle initial' });
    expect(f['topmostSubform[0].Page1[0].Address[0].f1_02[0]'].label).toBe('Home address (number and street)');
    expect(f['topmostSubform[0].Page1[0].Address[0].f1_03[0]'].label).toBe('Apartment no.');
    expect(f['topmostSubform[0].Page1[0].f1_04[0]']).toMatchObject({ label: 'F1 04', tooltip: undefined });
    expect(f['topmostSubform[0].Page1[0].c1_1[b]'].label).toBe('C1 1');
    // the pdf.js reader misses both parent tooltips: this is the bug the lazy reader fixes
    const old = byName(await withPdfjs(bytes));
    expect(old['topmostSubform[0].Page1[0].f1_01[0]'].label).toBe('F1 01');
    expect(old['topmostSubform[0].Page1[0].Address[0].f1_02[0]'].label).toBe('F1 02');
    expect(old['topmostSubform[0].Page1[0].Address[0].f1_03[0]'].label).toBe('Apartment no.');
  });

  it('a tooltip that only repeats the field name is no label: the name gives one, the tooltip stays', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const dob = doc.getForm().createTextField('APPLICANT_DOB');
    dob.addToPage(page, { x: 72, y: 100, width: 200, height: 20 });
    dob.acroField.dict.set(PDFName.of('TU'), PDFString.of('applicant_dob'));
    const f = (await readAcroForm(await doc.save())).fields[0];
    // "_" is a word character: the date rule (\bdob\b) sees "APPLICANT DOB", not "APPLICANT_DOB"
    expect(f).toMatchObject({ label: 'APPLICANT DOB', tooltip: 'applicant_dob', data_type: 'date' });
  });

  it('a parent tooltip that says "signature" makes a text field a signature field', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const sig = doc.getForm().createTextField('form1[0].f9_9[0]');
    sig.addToPage(page, { x: 72, y: 100, width: 200, height: 20 });
    sig.acroField.dict.set(PDFName.of('TU'), PDFString.of('Applicant signature'));
    const f = (await readAcroForm(await doc.save())).fields[0];
    expect(f).toMatchObject({ type: 'signature', data_type: 'signature', label: 'Applicant signature' });
  });
});

describe('file structures', () => {
  it('reads a classic cross-reference table and an xref stream with object streams alike', async () => {
    const classic = await irsStyleForm({ objectStreams: false });
    const compressed = await irsStyleForm({ objectStreams: true });
    expect(Buffer.from(classic).toString('latin1')).toMatch(/\nxref\r?\n/);
    expect(Buffer.from(compressed).toString('latin1')).toContain('/ObjStm');
    const a = await readAcroForm(classic);
    const b = await readAcroForm(compressed);
    expect(a.reader).toBe('objects');
    expect(b.reader).toBe('objects');
    expect(b.fields).toEqual(a.fields);
  });

  it('reads the latest value after incremental updates (/Prev chains; a later update wins)', async () => {
    for (const objectStreams of [false, true]) {
      const doc = await PDFDocument.load(await fillableFormPdf());
      const base = await doc.save({ useObjectStreams: objectStreams });
      const once = await fillPdf(base, { 'applicant.full_name': 'First Value', agree: true, color: 'red', country: 'France' });
      const twice = await fillPdf(once, { 'applicant.full_name': 'Ζωή Second', color: 'blue' });
      expect(Buffer.from(twice).toString('latin1').match(/startxref/g)!.length).toBe(3);
      const f = byName(await expectSameAsPdfjs(twice, ['color']));
      expect(f['applicant.full_name'].value).toBe('Ζωή Second');
      expect(f.color.value).toBe('blue');
      expect(f.agree.value).toBe('On');
      expect(f.country.value).toBe('France');
      expect(byName((await readAcroForm(once)).fields)['applicant.full_name'].value).toBe('First Value');
    }
  });

  it('reads widgets that /Fields does not list, through their /Parent chain (as pdf.js does)', async () => {
    const doc = await PDFDocument.load(await irsStyleForm());
    doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict).set(PDFName.of('Fields'), doc.context.obj([]));
    const bytes = await doc.save();
    const fields = await expectSameAsPdfjs(bytes);
    expect(fields).toHaveLength(5);
    expect(byName(fields)['topmostSubform[0].Page1[0].Address[0].f1_02[0]'].label).toBe('Home address (number and street)');
  });

  it('places widgets by /P when no page lists them in /Annots, and skips widgets on no page', async () => {
    const doc = await PDFDocument.load(await fillableFormPdf());
    const page2 = doc.getPages()[1];
    const form = doc.getForm();
    const country = form.getDropdown('country').acroField.getWidgets()[0];
    const signature = form.getField('applicant_signature').acroField.getWidgets()[0];
    // Both widgets leave page 2's /Annots; the dropdown's keeps /P, the signature's loses it.
    country.dict.set(PDFName.of('P'), page2.ref);
    signature.dict.delete(PDFName.of('P'));
    const annots = page2.node.lookup(PDFName.of('Annots'), PDFArray).asArray();
    page2.node.set(PDFName.of('Annots'), doc.context.obj(annots.filter((r) => ![country.dict, signature.dict].includes(doc.context.lookup(r) as never))));
    const f = byName((await readAcroForm(await doc.save())).fields);
    // (pdf-lib draws the widget's border outside the box it was given)
    expect(f.country).toMatchObject({ page: 1, rect: { x: 71.5, y: 699.5, width: 151, height: 21 } });
    expect(f.applicant_signature).toBeUndefined();
    expect(f['applicant.full_name'].page).toBe(0);
  });
});

describe('field kinds', () => {
  it('checkboxes with on-states "On" and "1", a radio group and choices match pdf.js, blank and filled', async () => {
    const form = await buildThirdPartyForm();
    const blank = byName(await expectSameAsPdfjs(form, ['color']));
    expect(blank.cb_on).toMatchObject({ type: 'checkbox', export_value: 'On', value: null });
    expect(blank.cb_one).toMatchObject({ type: 'checkbox', export_value: '1', value: null });
    expect(blank.color).toMatchObject({ type: 'radio', group: 'color', options: ['red', 'green', 'blue'], value: null });
    expect(blank.color.widgets.map((w) => w.export_value)).toEqual(['red', 'green', 'blue']);
    // pdf-lib names the radio states by position and keeps the values in /Opt; pdf.js shows positions
    expect(byName(await withPdfjs(form)).color.options).toEqual(['0', '1', '2']);
    expect(blank.country).toMatchObject({ type: 'choice', options: ['Canada', 'France', 'Ελλάδα', 'Россия'] });
    expect(blank.fruit.options).toEqual(['Apple', 'Banana', 'Cherry']);
    expect(blank.ssn).toMatchObject({ max_len: 9, comb: true });
    expect(blank.notes.multiline).toBe(true);
    expect(blank.sign.type).toBe('signature');

    const filled = await fillPdf(form, { cb_on: true, cb_one: '1', color: 'green', country: 'Ελλάδα', fruit: 'Cherry', 'applicant.name': 'Zoë Łukasiewicz' });
    const f = byName(await expectSameAsPdfjs(filled, ['color']));
    expect(f.cb_on.value).toBe('On');
    expect(f.cb_one.value).toBe('1');
    expect(f.agree.value).toBeNull();
    expect(f.color.value).toBe('green');
    expect(f.country.value).toBe('Ελλάδα');
    expect(f.fruit.value).toBe('Cherry');
    expect(f['applicant.name'].value).toBe('Zoë Łukasiewicz');
  });

  it('a default value (/DV) is not the value: a field without /V reads empty, as pdftk reads it', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const form = doc.getForm();
    const sign = form.createTextField('signature');
    sign.addToPage(page, { x: 72, y: 700, width: 200, height: 20 });
    sign.acroField.dict.set(PDFName.of('DV'), PDFString.of("Don't forget to sign!"));
    const named = form.createTextField('name');
    named.addToPage(page, { x: 72, y: 660, width: 200, height: 20 });
    named.acroField.dict.set(PDFName.of('DV'), PDFString.of('default'));
    named.setText('Real Value');
    const f = byName((await readAcroForm(await doc.save())).fields);
    expect(f.signature.value).toBeNull();
    expect(f.name.value).toBe('Real Value');
  });

  it('reads what pdftk fill_form wrote', async () => {
    const form = await buildThirdPartyForm();
    const xfdf = `<?xml version="1.0" encoding="UTF-8"?><xfdf xmlns="http://ns.adobe.com/xfdf/"><fields>
      <field name="applicant.name"><value>Ada Lovelace</value></field><field name="cb_one"><value>1</value></field>
      <field name="color"><value>blue</value></field><field name="country"><value>France</value></field></fields></xfdf>`;
    const inPath = tmpFile(form, 'tk-in');
    const dataPath = inPath.replace(/\.pdf$/, '.xfdf');
    writeFileSync(dataPath, xfdf);
    const outPath = inPath.replace(/\.pdf$/, '-out.pdf');
    await sh('pdftk', [inPath, 'fill_form', dataPath, 'output', outPath]);
    const f = byName(await expectSameAsPdfjs(new Uint8Array(readFileSync(outPath)), ['color']));
    expect(f['applicant.name'].value).toBe('Ada Lovelace');
    expect(f.cb_one.value).toBe('1');
    expect(f.color.value).toBe('blue');
    expect(f.country.value).toBe('France');
  });
});

describe('encryption (empty user password)', () => {
  for (const [label, bits, extra] of [
    ['AES-256 (R6)', 256, []],
    ['AES-128 (R4)', 128, ['--use-aes=y']],
    ['RC4-128 (R3)', 128, ['--use-aes=n']],
  ] as const) {
    it(`decrypts strings and object streams: ${label}`, async () => {
      const plain = await fillPdf(await irsStyleForm(), { 'topmostSubform[0].Page1[0].f1_04[0]': 'Ωμέγα (€) value' });
      const src = tmpFile(plain, 'acro-plain');
      const out = src.replace(/\.pdf$/, '-enc.pdf');
      const args = ['--object-streams=generate', '--encrypt', '', 'owner-secret', String(bits), ...extra, '--', src, out];
      await sh('qpdf', bits < 256 ? ['--allow-weak-crypto', ...args] : args, { okCodes: [3] });
      const enc = new Uint8Array(readFileSync(out));
      expect(Buffer.from(enc).toString('latin1')).toContain('/ObjStm');
      expect(Buffer.from(enc).toString('latin1')).toContain('/Encrypt');
      const f = byName(await expectSameAsPdfjs(enc));
      expect(f['topmostSubform[0].Page1[0].f1_04[0]'].value).toBe('Ωμέγα (€) value');
      expect(f['topmostSubform[0].Page1[0].f1_01[0]'].label).toBe('Your first name and middle initial');
    });
  }

  it('reads a form encrypted by @cantoo/pdf-lib, and refuses one that needs a password like openPdf does', async () => {
    const read = await readAcroForm(await encryptedPdf(''));
    expect(read.reader).toBe('objects');
    expect(byName(read.fields)['applicant.full_name'].label).toBe('Full name');
    await expect(readAcroForm(await encryptedPdf('pw'))).rejects.toMatchObject({ code: 'encrypted_pdf' });
  });
});

describe('fallback to pdf.js', () => {
  it('a broken cross-reference table goes to pdf.js, which repairs it: same fields', async () => {
    const good = await irsStyleForm({ objectStreams: false });
    // shift every in-use offset: each entry now points into the middle of another object
    const text = Buffer.from(good).toString('latin1');
    const at = text.lastIndexOf('\nxref');
    const broken = text.slice(0, at) + text.slice(at).replace(/^(\d{10}) (\d{5}) n/gm, (_m, off: string, gen: string) => `${String(Number(off) + 7).padStart(10, '0')} ${gen} n`);
    const read = await readAcroForm(new Uint8Array(Buffer.from(broken, 'latin1')));
    expect(read.reader).toBe('pdfjs');
    expect(read.fallback_reason).toMatch(/not where the cross-reference says|unexpected/);
    expect(shape(read.fields)).toEqual(shape((await readAcroForm(good)).fields));
  });

  it('a file without startxref goes to pdf.js; hostile files keep their errors', async () => {
    const good = Buffer.from(await irsStyleForm({ objectStreams: false }));
    const cut = good.subarray(0, good.lastIndexOf('startxref'));
    const read = await readAcroForm(new Uint8Array(cut));
    expect(read.reader).toBe('pdfjs');
    expect(read.fields.map((f) => f.name)).toContain('topmostSubform[0].Page1[0].f1_01[0]');
    await expect(readAcroForm(new TextEncoder().encode('hello'))).rejects.toMatchObject({ code: 'not_a_pdf' });
    await expect(readAcroForm(corruptPdf())).rejects.toMatchObject({ code: 'unreadable_pdf' });
  });
});
