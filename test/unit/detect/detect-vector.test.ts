import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import type { FormField } from '../../../src/pdf/types.ts';
import { PageDetectionError, PdfReadError, detectFields, terminateOcr } from '../../../src/pdf/detect/index.ts';
import { brokenPagePdf } from '../../helpers/pdfs.ts';
import type { Fixture } from './fixtures.ts';
import { buildForm, rectDistance } from './fixtures.ts';

let form: Fixture;
let fields: FormField[];

beforeAll(async () => {
  form = await buildForm();
  fields = (await detectFields(form.bytes)).fields;
});

afterAll(() => terminateOcr());

/** The detected field closest to an expected one (by rect distance). */
function closest(list: FormField[], rect: FormField['rect'], rule = false): FormField | undefined {
  return [...list].sort((a, b) => rectDistance(a.rect, rect, rule) - rectDistance(b.rect, rect, rule))[0];
}

describe('detectFields on a vector form', () => {
  it('finds every drawn blank with the right type, within 2 pt', () => {
    for (const exp of form.expected) {
      const got = closest(fields, exp.rect, exp.rule);
      expect(got, exp.what).toBeDefined();
      expect(rectDistance(got!.rect, exp.rect, exp.rule), `${exp.what}: ${JSON.stringify(got!.rect)}`).toBeLessThanOrEqual(2);
      expect(got!.type, exp.what).toBe(exp.type);
      if (exp.rule) expect(got!.rect.height, `${exp.what} height`).toBeGreaterThanOrEqual(8);
      if (exp.max_len) expect(got!.max_len, exp.what).toBe(exp.max_len);
      if (exp.label) expect(got!.label, exp.what).toMatch(exp.label);
    }
  });

  it('finds nothing else: no separators, no boxes of printed text, no header cells', () => {
    expect(fields.length).toBe(form.expected.length);
  });

  it('types data from labels', () => {
    const byLabel = (re: RegExp) => fields.find((f) => re.test(f.label));
    expect(byLabel(/email/i)?.data_type).toBe('email');
    expect(byLabel(/date of birth/i)?.data_type).toBe('date');
    expect(byLabel(/social security/i)?.data_type).toBe('ssn');
    expect(byLabel(/phone/i)?.data_type).toBe('phone');
    expect(fields.filter((f) => f.type === 'checkbox').every((f) => f.data_type === 'boolean')).toBe(true);
    expect(fields.find((f) => f.type === 'signature')?.data_type).toBe('signature');
  });

  it('groups radio buttons of one row', () => {
    const radios = fields.filter((f) => f.type === 'radio');
    expect(radios).toHaveLength(2);
    expect(radios[0].group).toBeTruthy();
    expect(radios[0].group).toBe(radios[1].group);
  });

  it('returns fields in reading order: top to bottom, left to right on a row', () => {
    const top = (f: FormField) => f.rect.y + f.rect.height;
    const name = fields.findIndex((f) => /full name/i.test(f.label));
    const phone = fields.findIndex((f) => /phone/i.test(f.label));
    const sig = fields.findIndex((f) => f.type === 'signature');
    expect(name).toBeLessThan(phone);
    expect(phone).toBeLessThan(sig);
    for (let i = 1; i < fields.length; i++) {
      // Never jumps more than a row back up the page.
      expect(top(fields[i]) - top(fields[i - 1])).toBeLessThan(40);
    }
  });
});

describe('detectFields on odd input', () => {
  it('rejects bytes that are not a PDF with a typed error', async () => {
    await expect(detectFields(new TextEncoder().encode('hello, not a pdf'))).rejects.toBeInstanceOf(PdfReadError);
  });

  it('fails on a page it cannot read instead of leaving the page out', async () => {
    const err = await detectFields(await brokenPagePdf()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PageDetectionError);
    expect((err as PageDetectionError).page).toBe(1);
    expect((err as PageDetectionError).message).toMatch(/^Page 2 could not be read/);
  });

  it('returns no fields for a blank page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const res = await detectFields(await doc.save());
    expect(res.fields).toEqual([]);
    expect(res.pages).toEqual([{ index: 0, width: 612, height: 792, rotate: 0 }]);
  });

  it('reports rects in unrotated user space on a /Rotate 90 page', async () => {
    const rotated = await buildForm({ rotate: 90 });
    const res = await detectFields(rotated.bytes);
    expect(res.pages[0].rotate).toBe(90);
    for (const exp of rotated.expected.filter((e) => !e.rule)) {
      const got = closest(res.fields, exp.rect);
      expect(rectDistance(got!.rect, exp.rect), exp.what).toBeLessThanOrEqual(2);
    }
  });

  it('keeps the accents of non-English labels', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText('Dirección:', { x: 72, y: 702, size: 10, font });
    page.drawLine({ start: { x: 130, y: 700 }, end: { x: 400, y: 700 }, thickness: 1, color: rgb(0, 0, 0) });
    page.drawText('Teléfono:', { x: 72, y: 662, size: 10, font });
    page.drawLine({ start: { x: 130, y: 660 }, end: { x: 400, y: 660 }, thickness: 1, color: rgb(0, 0, 0) });
    const res = await detectFields(await doc.save());
    expect(res.fields.map((f) => f.label)).toEqual(['Dirección', 'Teléfono']);
    expect(res.fields[1].data_type).toBe('phone');
  });

  it('detects only the requested pages', async () => {
    const doc = await PDFDocument.load(form.bytes);
    const [copy] = await doc.copyPages(doc, [0]);
    doc.addPage(copy);
    const res = await detectFields(await doc.save(), { pages: [1] });
    expect(res.pages).toHaveLength(2);
    expect(res.fields.length).toBe(form.expected.length);
    expect(res.fields.every((f) => f.page === 1)).toBe(true);
  });
});
