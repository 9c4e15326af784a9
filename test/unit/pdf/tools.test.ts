// The page tools' engine (src/pdf/tools.ts, src/pdf/tools/, inspect.ts), checked with independent
// readers: qpdf for structure, pdftotext for page content, pdf-lib for fields and rotations.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNull, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, test } from 'vitest';
import { buildPdf, joinPdfs, keepPages, removePages, reorderPages, rotatePages, PageToolError } from '../../../src/pdf/tools.ts';
import { inspectPdf } from '../../../src/pdf/inspect.ts';
import { encryptedPdf, fillableFormPdf } from '../../helpers/pdfs.ts';

const dir = mkdtempSync(join(tmpdir(), 'tools-unit-'));
let seq = 0;
function file(bytes: Uint8Array): string {
  const path = join(dir, `f${seq++}.pdf`);
  writeFileSync(path, bytes);
  return path;
}
const qpdfCheck = (bytes: Uint8Array) => execFileSync('qpdf', ['--check', file(bytes)], { encoding: 'utf8' });
const texts = (bytes: Uint8Array) =>
  execFileSync('pdftotext', [file(bytes), '-'], { encoding: 'utf8' })
    .split('\f')
    .map((p) => p.trim())
    .filter(Boolean);
const firstLine = (text: string) => text.split('\n')[0];
/** Every object of the file, uncompressed, as text: what a reader could dig out of it. */
function uncompressed(bytes: Uint8Array): string {
  const out = join(dir, `q${seq++}.pdf`);
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', '--stream-data=uncompress', file(bytes), out]);
  return readFileSync(out, 'latin1');
}

/**
 * Three pages saying "Page n of <tag>"; page 1 links to page 3, and a radio group has one button
 * on page 1 and one on page 3; page 2 carries a text field. Page 3 also says a secret.
 */
async function linkedForm(tag: string, options: { objectStreams?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Linked ${tag}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = [1, 2, 3].map((n) => {
    const page = doc.addPage([300, 400]);
    page.drawText(`Page ${n} of ${tag}`, { x: 20, y: 350, size: 14, font });
    return page;
  });
  pages[2].drawText('Secret of page three', { x: 20, y: 300, size: 14, font });
  const form = doc.getForm();
  const radio = form.createRadioGroup('choice');
  radio.addOptionToPage('a', pages[0], { x: 20, y: 100, width: 20, height: 20 });
  radio.addOptionToPage('b', pages[2], { x: 20, y: 100, width: 20, height: 20 });
  form.createTextField('note').addToPage(pages[1], { x: 20, y: 200, width: 200, height: 20 });
  const link = doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [20, 20, 120, 40], Dest: [pages[2].ref, 'Fit'] }));
  const annots = pages[0].node.lookup(PDFName.of('Annots'), PDFArray);
  annots.push(link);
  return doc.save({ useObjectStreams: options.objectStreams ?? false });
}

describe('keep, remove, reorder', () => {
  test('keep writes only what the kept pages use: nothing of a dropped page survives', async () => {
    const src = await linkedForm('A');
    const out = await keepPages(src, [1]);
    expect(qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
    expect(texts(out)).toEqual(['Page 1 of A']);
    const raw = uncompressed(out);
    expect(raw).not.toContain('Secret of page three');
    expect(raw).not.toContain('Page 3 of A');
    const doc = await PDFDocument.load(out);
    // The radio group keeps its one button on a kept page; the link to page 3 goes nowhere.
    const radio = doc.getForm().getRadioGroup('choice');
    expect(radio.acroField.getWidgets()).toHaveLength(1);
    expect(doc.getForm().getFields().map((f) => f.getName())).toEqual(['choice']);
    const link = doc.getPage(0).node.Annots()!.asArray().map((r) => doc.context.lookup(r, PDFDict)).find((a) => a.get(PDFName.of('Subtype')) === PDFName.of('Link'))!;
    expect(link.lookup(PDFName.of('Dest'), PDFArray).get(0)).toBe(PDFNull);
    // The document information is the source's.
    expect(doc.getTitle()).toBe('Linked A');
  });

  test('remove and reorder keep links between pages that stay, pointing at their new place', async () => {
    const src = await linkedForm('B', { objectStreams: true });
    const reordered = await reorderPages(src, [3, 1, 2]);
    expect(texts(reordered).map(firstLine)).toEqual(['Page 3 of B', 'Page 1 of B', 'Page 2 of B']);
    const doc = await PDFDocument.load(reordered);
    const link = doc.getPage(1).node.Annots()!.asArray().map((r) => doc.context.lookup(r, PDFDict)).find((a) => a.get(PDFName.of('Subtype')) === PDFName.of('Link'))!;
    expect(link.lookup(PDFName.of('Dest'), PDFArray).get(0)).toBe(doc.getPage(0).ref);
    expect(doc.getForm().getRadioGroup('choice').acroField.getWidgets()).toHaveLength(2);

    const removed = await removePages(src, [2]);
    expect(texts(removed).map(firstLine)).toEqual(['Page 1 of B', 'Page 3 of B']);
    expect((await PDFDocument.load(removed)).getForm().getFields().map((f) => f.getName())).toEqual(['choice']);
    expect(qpdfCheck(removed)).toMatch(/No syntax or stream encoding errors/);
  });

  test('invalid pages are PageToolErrors with the same codes and messages', async () => {
    const src = await linkedForm('C');
    await expect(keepPages(src, [4])).rejects.toMatchObject({ code: 'invalid_pages', message: 'Document 1 has 3 page(s); no page 4.' });
    await expect(keepPages(src, [])).rejects.toMatchObject({ code: 'invalid_pages' });
    await expect(removePages(src, [1, 2, 3])).rejects.toMatchObject({ code: 'invalid_pages', message: 'Removing every page would leave an empty PDF.' });
    await expect(reorderPages(src, [1, 1, 2])).rejects.toMatchObject({ code: 'invalid_order' });
    await expect(rotatePages(src, [1], 45)).rejects.toMatchObject({ code: 'invalid_rotation' });
    await expect(buildPdf([])).rejects.toMatchObject({ code: 'no_sources' });
    const garbage = keepPages(new TextEncoder().encode('%PDF-1.4 nonsense'), [1]);
    await expect(garbage).rejects.toBeInstanceOf(PageToolError);
    await expect(garbage).rejects.toMatchObject({ code: 'unreadable_pdf' });
  });
});

describe('join and build', () => {
  test('joining the same file twice shares what pages draw with, and renames the second fields', async () => {
    // A page with a large content stream: copies share it, so the join is far smaller than twice the file.
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 400]);
    const noise = Buffer.alloc(200_000);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    const blob = doc.context.register(doc.context.flateStream(noise));
    page.node.set(PDFName.of('PieceInfo'), doc.context.obj({ Blob: blob }));
    doc.getForm().createTextField('name').addToPage(page, { x: 20, y: 200, width: 200, height: 20 });
    const src = await doc.save();

    const out = await joinPdfs([src, new Uint8Array(src)]);
    expect(qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
    expect(out.length).toBeLessThan(src.length * 1.2);
    const joined = await PDFDocument.load(out);
    expect(joined.getPageCount()).toBe(2);
    expect(joined.getForm().getFields().map((f) => f.getName())).toEqual(['name', 'name_2']);
    // Separate page objects and separate widgets, each pointing at its own page.
    const [w1, w2] = joined.getForm().getFields().map((f) => f.acroField.getWidgets()[0]);
    expect(w1.P()).toBe(joined.getPage(0).ref);
    expect(w2.P()).toBe(joined.getPage(1).ref);
  });

  test('names are taken in output order: the first document to use a name keeps it', async () => {
    const withField = async (label: string) => {
      const doc = await PDFDocument.create();
      doc.getForm().createTextField('name').addToPage(doc.addPage([300, 400]), { x: 20, y: 200, width: 200, height: 20 });
      doc.setTitle(label); // different bytes per document
      return doc.save();
    };
    const a = await withField('A');
    const b = await withField('B');
    const out = await joinPdfs([a, b, a]);
    const doc = await PDFDocument.load(out);
    const byPage = doc.getForm().getFields().map((f) => [doc.getPages().findIndex((p) => p.ref === f.acroField.getWidgets()[0].P()), f.getName()]);
    expect(byPage.sort()).toEqual([[0, 'name'], [1, 'name_2'], [2, 'name_3']]);
  });

  test('build takes a page twice as two pages; fields on the second are renamed', async () => {
    const form = await fillableFormPdf();
    const out = await buildPdf([{ bytes: form, pages: [1, 1] }, { bytes: form, pages: [2], rotate: 90 }]);
    const doc = await PDFDocument.load(out);
    expect(doc.getPageCount()).toBe(3);
    expect(new Set(doc.getPages().map((p) => p.ref.toString())).size).toBe(3);
    expect(doc.getPages().map((p) => p.getRotation().angle)).toEqual([0, 0, 90]);
    const names = doc.getForm().getFields().map((f) => f.getName());
    expect(names).toEqual(expect.arrayContaining(['applicant.full_name', 'applicant_2.full_name']));
    expect(new Set(names).size).toBe(names.length);
    expect(qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
  });

  test('an encrypted input (empty password) is written unencrypted', async () => {
    const out = await keepPages(await encryptedPdf(''), [1, 2]);
    expect(execFileSync('qpdf', ['--show-encryption', file(out)], { encoding: 'utf8' })).toMatch(/File is not encrypted/);
    expect(texts(out)[0]).toContain('Test Application Form');
    expect((await PDFDocument.load(out)).getForm().getFields().length).toBeGreaterThan(3);
  });

  test('a file whose cross-reference offsets are wrong is repaired by the full parse', async () => {
    const src = Buffer.from(await linkedForm('D'));
    // Shift every object by inserting a comment after the header; the xref table now lies.
    const broken = new Uint8Array(Buffer.concat([src.subarray(0, 9), Buffer.from('%' + 'x'.repeat(300) + '\n'), src.subarray(9)]));
    const out = await keepPages(broken, [2, 1]);
    expect(texts(out)).toEqual(['Page 2 of D', 'Page 1 of D']);
  });
});

describe('rotate', () => {
  test('appends an incremental update: the original bytes stay, inherited rotation is added to', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 3; i++) doc.addPage([300, 400]);
    doc.catalog.Pages().set(PDFName.of('Rotate'), doc.context.obj(90)); // inherited by every page
    for (const objectStreams of [false, true]) {
      const src = await doc.save({ useObjectStreams: objectStreams });
      const out = await rotatePages(src, [2, 3, 3], 90);
      expect(Buffer.from(out.subarray(0, src.length)).equals(Buffer.from(src))).toBe(true);
      expect(out.length - src.length).toBeLessThan(2000);
      expect(qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
      const turned = await PDFDocument.load(out);
      expect(turned.getPages().map((p) => p.getRotation().angle)).toEqual([90, 180, 270]);
      expect((await inspectPdf(out)).pages.map((p) => p.rotate)).toEqual([90, 180, 270]);
    }
  });

  test('an encrypted input is rewritten, unencrypted, with its fields', async () => {
    const out = await rotatePages(await encryptedPdf(''), undefined, 180);
    expect(execFileSync('qpdf', ['--show-encryption', file(out)], { encoding: 'utf8' })).toMatch(/File is not encrypted/);
    const doc = await PDFDocument.load(out);
    expect(doc.getPages().map((p) => p.getRotation().angle)).toEqual([180, 180]);
    expect(doc.getForm().getFields().length).toBeGreaterThan(3);
    expect(doc.getTitle()).toBe('Test Application Form');
  });
});

describe('inspect', () => {
  test('reports pages, sizes, rotation, widgets, annotations and title', async () => {
    const report = await inspectPdf(await linkedForm('E', { objectStreams: true }));
    expect(report).toMatchObject({ page_count: 3, encrypted: false, title: 'Linked E', form_fields: 3 });
    expect(report.pages).toEqual([
      { index: 0, width: 300, height: 400, rotate: 0, annotations: 1, widgets: 1 },
      { index: 1, width: 300, height: 400, rotate: 0, annotations: 0, widgets: 1 },
      { index: 2, width: 300, height: 400, rotate: 0, annotations: 0, widgets: 1 },
    ]);
    expect((await inspectPdf(await encryptedPdf(''))).encrypted).toBe(true);
    await expect(inspectPdf(new TextEncoder().encode('hello'))).rejects.toMatchObject({ code: 'not_a_pdf' });
  });

  test('reads a page tree whose pages sit in a compressed object stream written by another producer', async () => {
    // Hand-made: catalog and page tree inside an object stream, cross-reference stream with a predictor-free /W.
    const objs = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 500 700] >>', '<< /Type /Page /Parent 2 0 R /Rotate -90 >>'];
    let head = '';
    let body = '';
    objs.forEach((o, i) => {
      head += `${i + 1} ${body.length} `;
      body += o + '\n';
    });
    const stm = deflateSync(Buffer.from(head + '\n' + body));
    let pdf = '%PDF-1.7\n';
    const stmAt = pdf.length;
    pdf += `4 0 obj\n<< /Type /ObjStm /N 3 /First ${head.length + 1} /Filter /FlateDecode /Length ${stm.length} >>\nstream\n`;
    const parts = [Buffer.from(pdf, 'latin1'), stm];
    const xrefAt = pdf.length + stm.length + '\nendstream\nendobj\n'.length;
    const rows = Buffer.alloc(6 * 4);
    rows.set([0, 0, 0, 0], 0);
    [1, 2, 3].forEach((_, i) => rows.set([2, 0, 4, i], 4 * (i + 1))); // in object stream 4, index i
    rows.set([1, stmAt >> 8, stmAt & 255, 0], 16);
    rows.set([1, xrefAt >> 8, xrefAt & 255, 0], 20);
    const xref = deflateSync(rows);
    parts.push(Buffer.from(`\nendstream\nendobj\n`, 'latin1'));
    parts.push(Buffer.from(`5 0 obj\n<< /Type /XRef /Size 6 /W [1 2 1] /Root 1 0 R /Filter /FlateDecode /Length ${xref.length} >>\nstream\n`, 'latin1'), xref);
    parts.push(Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
    const bytes = new Uint8Array(Buffer.concat(parts));
    expect(qpdfCheck(bytes)).toMatch(/No syntax or stream encoding errors/);
    const report = await inspectPdf(bytes);
    expect(report.pages).toEqual([{ index: 0, width: 500, height: 700, rotate: 270, annotations: 0, widgets: 0 }]);
    // And the tools read it too: the inherited MediaBox travels with the page.
    const kept = await PDFDocument.load(await keepPages(bytes, [1]));
    expect(kept.getPage(0).getSize()).toEqual({ width: 500, height: 700 });
  });
});
