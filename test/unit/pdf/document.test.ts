// The opened PDF (src/pdf/document.ts): each reader runs once and lends its parse to the next, the
// holder closes it, "fillable" has one answer, and radio widget states come from the form reader
// (or, for a file only pdf.js can read, from the fill engine's parser) with the same counts.
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { PdfDocument, hasFillableFields, withPdf } from '../../../src/pdf/document.ts';
import { corruptPdf, fillableFormPdf, flatPdf } from '../../helpers/pdfs.ts';

/** A classic cross-reference table with every in-use offset shifted: the lazy reader gives up, pdf.js repairs it. */
async function brokenXref(bytes: Uint8Array): Promise<Uint8Array> {
  const classic = await (await PDFDocument.load(bytes)).save({ useObjectStreams: false });
  const text = Buffer.from(classic).toString('latin1');
  const at = text.lastIndexOf('\nxref');
  const broken = text.slice(0, at) + text.slice(at).replace(/^(\d{10}) (\d{5}) n/gm, (_m, off: string, gen: string) => `${String(Number(off) + 7).padStart(10, '0')} ${gen} n`);
  return new Uint8Array(Buffer.from(broken, 'latin1'));
}

/** A radio group of three buttons, the second chosen; `alsoOn` draws the third on as well. */
async function radioForm(alsoOn: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const group = doc.getForm().createRadioGroup('size');
  for (const [i, option] of ['small', 'medium', 'large'].entries()) group.addOptionToPage(option, page, { x: 72 + 60 * i, y: 700, width: 12, height: 12 });
  group.select('medium');
  if (alsoOn) {
    const third = group.acroField.getWidgets()[2];
    third.setAppearanceState(third.getOnValue()!);
  }
  return doc.save({ useObjectStreams: false });
}

/** Push buttons only: widgets, but nothing a value can be written to. */
async function pushButtonsOnly(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.getForm().createButton('print').addToPage('Print', page, { x: 72, y: 700, width: 80, height: 20, font });
  return doc.save();
}

describe('PdfDocument', () => {
  it('opens pdf.js once: the summary, the form reader’s fallback and the pages share one document', async () => {
    const pdf = new PdfDocument(await brokenXref(await fillableFormPdf()));
    try {
      const doc = await pdf.pdfjs();
      expect(await pdf.summary()).toEqual({ page_count: 2, title: 'Test Application Form' });
      const read = await pdf.acroForm();
      expect(read.reader).toBe('pdfjs');
      expect(read.fields.map((f) => f.name)).toContain('applicant.full_name');
      // the fallback borrowed the document and left it open for the next reader
      expect(await pdf.pdfjs()).toBe(doc);
      expect((await doc.getPage(2)).pageNumber).toBe(2);
      expect(await pdf.acroForm()).toBe(read);
    } finally {
      await pdf.close();
    }
  });

  it('reads the form without pdf.js when the lazy reader can, and keeps only the first page', async () => {
    await withPdf(await fillableFormPdf(), async (pdf) => {
      expect((await pdf.acroForm()).reader).toBe('objects');
      const first = await pdf.rawPage(0);
      expect(await pdf.rawPage(0)).toBe(first);
      expect(first.items.map((i) => i.str).join(' ')).toContain('Test Application Form');
      expect(await pdf.rawPage(1)).not.toBe(await pdf.rawPage(1));
    });
  });

  it('close() releases the pdf.js document', async () => {
    const pdf = new PdfDocument(await fillableFormPdf());
    const doc = await pdf.pdfjs();
    await pdf.close();
    await expect(Promise.resolve().then(() => doc.getPage(1))).rejects.toThrow();
  });

  it('fillable: a field to write to; push buttons, flat pages and unreadable files are not', async () => {
    expect(await new PdfDocument(await fillableFormPdf()).fillable()).toBe(true);
    expect(await new PdfDocument(await pushButtonsOnly()).fillable()).toBe(false);
    expect(await new PdfDocument(await flatPdf()).fillable()).toBe(false);
    expect(await new PdfDocument(corruptPdf()).fillable()).toBe(false);
    expect(hasFillableFields({ page_count: 1, fields: [], reader: 'objects' })).toBe(false);
  });

  it('counts the radio buttons drawn on, alike on the fast path and on a file only pdf.js reads', async () => {
    for (const alsoOn of [false, true]) {
      const bytes = await radioForm(alsoOn);
      const fast = await withPdf(bytes, async (pdf) => ((await pdf.acroForm()).reader === 'objects' ? pdf.radioButtonsOn() : undefined));
      expect(fast).toEqual(new Map([['size', alsoOn ? 2 : 1]]));
      const repaired = await withPdf(await brokenXref(bytes), async (pdf) => ((await pdf.acroForm()).reader === 'pdfjs' ? pdf.radioButtonsOn() : undefined));
      expect(repaired).toEqual(fast);
    }
  });

  it('an Off state is not on', async () => {
    const bytes = await radioForm(false);
    const doc = await PDFDocument.load(bytes);
    for (const w of doc.getForm().getRadioGroup('size').acroField.getWidgets()) w.setAppearanceState(PDFName.of('Off'));
    expect(await withPdf(await doc.save(), (pdf) => pdf.radioButtonsOn())).toEqual(new Map([['size', 0]]));
  });
});
