import { beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef } from '@cantoo/pdf-lib';
import { makeFillable, nameFromLabel } from '../../../src/pdf/fillable.ts';
import { fillPdf, FillValidationError } from '../../../src/pdf/fill/index.ts';
import type { FormField } from '../../../src/pdf/types.ts';
import { buildFlatPdf, buildThirdPartyForm, darkPixels, pdftkFields, pdftotext, qpdfCheck, toDisplay, words } from './helpers.ts';

const base = { required: false, confidence: 0.9 } as const;
const FIELDS: FormField[] = [
  { ...base, type: 'text', page: 0, rect: { x: 60, y: 700, width: 300, height: 22 }, label: 'Full name:', data_type: 'name', required: true },
  { ...base, type: 'text', page: 0, rect: { x: 60, y: 520, width: 270, height: 24 }, label: 'SSN', data_type: 'ssn', max_len: 9, comb: true },
  { ...base, type: 'text', page: 0, rect: { x: 60, y: 560, width: 300, height: 110 }, label: 'Full name:', data_type: 'string', multiline: true },
  { ...base, type: 'checkbox', page: 0, rect: { x: 60, y: 480, width: 14, height: 14 }, label: 'I agree', data_type: 'boolean', export_value: 'On' },
  { ...base, type: 'radio', page: 0, rect: { x: 60, y: 440, width: 14, height: 14 }, label: 'Yes', data_type: 'boolean', group: 'Married', export_value: 'Yes' },
  { ...base, type: 'radio', page: 0, rect: { x: 100, y: 440, width: 14, height: 14 }, label: 'No', data_type: 'boolean', group: 'Married', export_value: 'No' },
  { ...base, type: 'choice', page: 0, rect: { x: 60, y: 400, width: 200, height: 22 }, label: 'Region', data_type: 'choice', options: ['MA', 'NY', 'Île-de-France', 'Москва'] },
  { ...base, type: 'signature', page: 0, rect: { x: 60, y: 300, width: 200, height: 30 }, label: 'Signature of applicant', data_type: 'signature', required: true },
  { ...base, type: 'text', page: 1, rect: { x: 100, y: 100, width: 40, height: 400 }, label: 'Rotated box', data_type: 'string' },
  { ...base, type: 'text', page: 0, rect: { x: 400, y: 700, width: 150, height: 22 }, label: 'Date (mm.dd.yyyy)', data_type: 'date' },
];

let flat: Uint8Array;
let pdf: Uint8Array;
let names: string[];

beforeAll(async () => {
  flat = await buildFlatPdf(90);
  ({ pdf, names } = await makeFillable(flat, FIELDS));
});

describe('makeFillable', () => {
  it('names fields from labels, uniquely, one name per input field', () => {
    expect(names).toEqual([
      'Full name',
      'SSN',
      'Full name 2',
      'I agree',
      'Married',
      'Married',
      'Region',
      'Signature of applicant',
      'Rotated box',
      'Date (mm dd yyyy)',
    ]);
    expect(nameFromLabel('  ** ', 'text 3')).toBe('text 3');
    expect(nameFromLabel('a'.repeat(100), 'x').length).toBeLessThanOrEqual(60);
  });

  it('leaves the original bytes (and so the page content) untouched', () => {
    expect(Buffer.from(pdf.subarray(0, flat.length)).equals(Buffer.from(flat))).toBe(true);
  });

  it('produces fields of the right kinds that pdftk reads, with tooltips', async () => {
    expect((await qpdfCheck(pdf)).ok).toBe(true);
    const f = await pdftkFields(pdf);
    expect(f.get('Full name')).toMatchObject({ type: 'Text', alt: 'Full name:' });
    expect(f.get('Full name')!.flags & 2).toBe(2); // required
    expect(f.get('SSN')).toMatchObject({ type: 'Text', maxLen: 9 });
    expect(f.get('SSN')!.flags & (1 << 24)).toBe(1 << 24); // comb
    expect(f.get('Full name 2')!.flags & (1 << 12)).toBe(1 << 12); // multiline
    expect(f.get('I agree')).toMatchObject({ type: 'Button' });
    expect(f.get('I agree')!.states.sort()).toEqual(['Off', 'On']);
    expect(f.get('Married')!.states.sort()).toEqual(['No', 'Off', 'Yes']);
    expect(f.get('Married')!.flags & (1 << 15)).toBe(1 << 15); // radio
    expect(f.get('Region')).toMatchObject({ type: 'Choice' });
    expect(f.get('Region')!.states).toEqual(['MA', 'NY', 'Île-de-France', 'Москва']);
    expect(f.get('Signature of applicant')).toMatchObject({ type: 'Signature' });
  });

  it('gives every widget a normal appearance stream and /MK /R on rotated pages', async () => {
    const doc = await PDFDocument.load(pdf);
    let widgets = 0;
    doc.getPages().forEach((page, i) => {
      const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray)?.asArray() ?? [];
      for (const a of annots) {
        const d = doc.context.lookup(a as PDFRef) as PDFDict;
        widgets++;
        const ap = d.lookup(PDFName.of('AP'), PDFDict);
        expect(ap.get(PDFName.of('N'))).toBeDefined();
        const mk = d.lookupMaybe(PDFName.of('MK'), PDFDict);
        const r = mk?.lookupMaybe(PDFName.of('R'), PDFNumber)?.asNumber() ?? 0;
        expect(r).toBe(i === 1 ? 90 : 0);
      }
    });
    expect(widgets).toBe(FIELDS.length);
  });

  it('round-trips through fillPdf with the returned names', async () => {
    const filled = await fillPdf(pdf, {
      [names[0]]: 'Zoë Łukasiewicz-Ōtani',
      [names[1]]: '123456789',
      [names[2]]: 'Дмитрий\nΑλέξανδρος',
      [names[3]]: true,
      Married: 'No',
      Region: 'Москва',
      [names[8]]: 'UPRIGHT',
    });
    expect((await qpdfCheck(filled)).ok).toBe(true);
    const f = await pdftkFields(filled);
    expect(f.get('Full name')?.value).toBe('Zoë Łukasiewicz-Ōtani');
    expect(f.get('I agree')?.value).toBe('On');
    expect(f.get('Married')?.value).toBe('No');
    expect(f.get('Region')?.value).toBe('Москва');
    const text = (await pdftotext(filled)).replace(/\s+/g, ' ');
    for (const v of ['Zoë Łukasiewicz-Ōtani', 'Дмитрий', 'Αλέξανδρος', 'Москва']) expect(text).toContain(v);
    const up = (await words(filled, 2)).find((w) => w.text === 'UPRIGHT')!;
    expect(up.xMax - up.xMin).toBeGreaterThan(3 * (up.yMax - up.yMin));
    const box = toDisplay({ x: 60, y: 480, w: 14, h: 14 }, 612, 792, 0);
    expect((await darkPixels(filled, 1, box, 144)) - (await darkPixels(pdf, 1, box, 144))).toBeGreaterThan(15);
    await expect(fillPdf(pdf, { [names[7]]: 'J. Doe' })).rejects.toBeInstanceOf(FillValidationError);
    await expect(fillPdf(pdf, { SSN: '1234567890' })).rejects.toMatchObject({ reason: 'max_len_exceeded' });
  });

  it('adds to an existing form without clashing names', async () => {
    const tp = await buildThirdPartyForm();
    const r = await makeFillable(tp, [
      { ...base, type: 'text', page: 0, rect: { x: 400, y: 600, width: 150, height: 20 }, label: 'notes', data_type: 'string' },
    ]);
    expect(r.names).toEqual(['notes 2']);
    const f = await pdftkFields(r.pdf);
    expect(f.has('notes')).toBe(true);
    expect(f.has('notes 2')).toBe(true);
    expect(f.has('applicant.name')).toBe(true);
  });

  it('makes a file whose startxref points past its end fillable, written out whole', async () => {
    // Viewers (and pdf.js) read such a file by scanning its objects; an incremental update has no table to chain to.
    const broken = new Uint8Array(Buffer.from(Buffer.from(flat).toString('latin1').replace(/startxref\s+\d+/, 'startxref\n99999999'), 'latin1'));
    const r = await makeFillable(broken, [FIELDS[0]]);
    expect((await qpdfCheck(r.pdf)).ok).toBe(true);
    const filled = await fillPdf(r.pdf, { [r.names[0]]: 'Ada Lovelace' });
    expect((await pdftkFields(filled)).get(r.names[0])?.value).toBe('Ada Lovelace');
  });

  it('rejects fields on pages that do not exist', async () => {
    await expect(makeFillable(flat, [{ ...FIELDS[0], page: 7 }])).rejects.toThrow(/page 7/);
  });
});

describe('makeFillable on pages rotated 180 and 270', () => {
  it.each([180, 270])('/Rotate %i: the value reads upright inside the widget', async (rot) => {
    const src = await buildFlatPdf(rot);
    const rect = { x: 100, y: 100, width: 40, height: 400 };
    const { pdf, names } = await makeFillable(src, [
      { ...base, type: 'text', page: 1, rect, label: 'Turned', data_type: 'string' },
    ]);
    const filled = await fillPdf(pdf, { [names[0]]: 'UPRIGHT-TEXT' });
    const w = (await words(filled, 2)).find((x) => x.text === 'UPRIGHT-TEXT');
    expect(w).toBeDefined();
    expect(w!.xMax - w!.xMin).toBeGreaterThan(4 * (w!.yMax - w!.yMin));
    const box = toDisplay({ x: rect.x, y: rect.y, w: rect.width, h: rect.height }, 612, 792, rot);
    expect(w!.xMin).toBeGreaterThanOrEqual(box.x - 1);
    expect(w!.xMax).toBeLessThanOrEqual(box.x + box.w + 1);
    expect(w!.yMin).toBeGreaterThanOrEqual(box.y - 1);
    expect(w!.yMax).toBeLessThanOrEqual(box.y + box.h + 1);
  });
});
