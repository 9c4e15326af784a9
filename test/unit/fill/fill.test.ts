import { beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { fillPdf, FillValidationError } from '../../../src/pdf/fill/index.ts';
import {
  LAYOUT,
  buildThirdPartyForm,
  darkPixels,
  pdftkFields,
  pdftotext,
  qpdfCheck,
  toDisplay,
  words,
  type Box,
} from './helpers.ts';

const VALUES = {
  'applicant.name': 'Zoë Łukasiewicz-Ōtani',
  notes: 'Дмитрий Шостакович wrote a line long enough to need wrapping inside the box.\nΑλέξανδρος ο Μέγας',
  ssn: '123456789',
  zip: '02139',
  greek: 'Καλημέρα κόσμε',
  right: 'right aligned',
  agree: true,
  cb_on: true,
  cb_one: '1',
  color: 'green',
  country: 'Ελλάδα',
  fruit: 'Banana',
  rotated: 'UPRIGHT-ROTATED-TEXT',
} satisfies Record<string, string | boolean>;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Display-space crop (72 dpi) of a layout box on a Letter page. */
function crop(b: Box, rotate = 0) {
  return toDisplay(b, 612, 792, rotate);
}

let form: Uint8Array;
let filled: Uint8Array;

beforeAll(async () => {
  form = await buildThirdPartyForm();
  filled = await fillPdf(form, VALUES);
});

describe('fillPdf on a third-party AcroForm', () => {
  it('appends an incremental update and leaves the original bytes as they were', () => {
    expect(filled.length).toBeGreaterThan(form.length);
    expect(Buffer.from(filled.subarray(0, form.length)).equals(Buffer.from(form))).toBe(true);
    const tail = Buffer.from(filled.subarray(form.length)).toString('latin1');
    expect(tail).toMatch(/\/Prev \d+/);
    expect(tail.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('passes qpdf --check without warnings', async () => {
    const r = await qpdfCheck(filled);
    expect(r.output).not.toMatch(/WARNING/);
    expect(r.ok).toBe(true);
  });

  it('writes /V that an independent reader (pdftk) reads back', async () => {
    const f = await pdftkFields(filled);
    expect(f.get('applicant.name')?.value).toBe(VALUES['applicant.name']);
    expect(f.get('notes')?.value).toBe(VALUES.notes);
    expect(f.get('ssn')?.value).toBe('123456789');
    expect(f.get('greek')?.value).toBe(VALUES.greek);
    expect(f.get('agree')?.value).toBe('Yes');
    expect(f.get('cb_on')?.value).toBe('On');
    expect(f.get('cb_one')?.value).toBe('1');
    expect(f.get('color')?.value).toBe('green');
    expect(f.get('country')?.value).toBe('Ελλάδα');
    expect(f.get('fruit')?.value).toBe('Banana');
    expect(f.get('rotated')?.value).toBe(VALUES.rotated);
    expect(f.get('sign')?.value ?? '').toBe('');
  });

  it('shows every text value inside its own widget (poppler)', async () => {
    const checks: [Box, string][] = [
      [LAYOUT.name, VALUES['applicant.name']],
      [LAYOUT.greek, VALUES.greek],
      [LAYOUT.zip, VALUES.zip],
      [LAYOUT.right, VALUES.right],
      [LAYOUT.country, VALUES.country],
    ];
    const texts = await Promise.all(checks.map(([b]) => pdftotext(filled, 1, crop(b))));
    checks.forEach(([, v], i) => expect(squash(texts[i])).toBe(v));
    const notes = squash(await pdftotext(filled, 1, crop(LAYOUT.notes)));
    expect(notes).toBe(squash(VALUES.notes));
    // the unfilled form shows none of it
    expect(squash(await pdftotext(form, 1, crop(LAYOUT.name)))).toBe('');
  });

  it('wraps multiline text onto several lines within the box', async () => {
    const ws = (await words(filled, 1)).filter((w) => w.yMin >= crop(LAYOUT.notes).y && w.yMax <= crop(LAYOUT.notes).y + LAYOUT.notes.h);
    const lines = new Set(ws.map((w) => Math.round(w.yMin)));
    expect(lines.size).toBeGreaterThanOrEqual(3);
    const box = crop(LAYOUT.notes);
    for (const w of ws) expect(w.xMax).toBeLessThanOrEqual(box.x + box.w + 0.5);
  });

  it('spreads a comb field over its MaxLen cells', async () => {
    const b = crop(LAYOUT.ssn);
    const cell = b.w / 9;
    const first = squash(await pdftotext(filled, 1, { x: b.x, y: b.y, w: cell, h: b.h }));
    const last = squash(await pdftotext(filled, 1, { x: b.x + 8 * cell, y: b.y, w: cell, h: b.h }));
    const middle = squash(await pdftotext(filled, 1, { x: b.x + 4 * cell, y: b.y, w: cell, h: b.h }));
    expect([first, middle, last]).toEqual(['1', '5', '9']);
  });

  it('right-aligns a /Q 2 field', async () => {
    const w = (await words(filled, 1)).find((x) => x.text === 'aligned')!;
    const b = crop(LAYOUT.right);
    expect(b.x + b.w - w.xMax).toBeLessThan(6);
  });

  it('checks boxes with their own on-state names (Yes, On, 1) so they render', async () => {
    for (const b of [LAYOUT.agree, LAYOUT.cbOn, LAYOUT.cbOne]) {
      const [before, after] = await Promise.all([darkPixels(form, 1, crop(b), 144), darkPixels(filled, 1, crop(b), 144)]);
      expect(after - before).toBeGreaterThan(20);
    }
    const doc = await PDFDocument.load(filled);
    const states = doc.getForm().getFields().flatMap((f) =>
      ['agree', 'cb_on', 'cb_one'].includes(f.getName())
        ? f.acroField.getWidgets().map((w) => w.getAppearanceState()?.decodeText())
        : [],
    );
    expect(states).toEqual(['Yes', 'On', '1']);
  });

  it('selects exactly one radio button by export value', async () => {
    const [red, green, blue] = await Promise.all(
      [LAYOUT.red, LAYOUT.green, LAYOUT.blue].map((b) => darkPixels(filled, 1, crop(b), 144)),
    );
    expect(green - red).toBeGreaterThan(20);
    expect(Math.abs(red - blue)).toBeLessThan(5);
    const doc = await PDFDocument.load(filled);
    const radio = doc.getForm().getRadioGroup('color');
    expect(radio.acroField.getWidgets().map((w) => w.getAppearanceState()?.decodeText())).toEqual(['Off', '1', 'Off']);
  });

  it('draws text upright on a /Rotate 90 page', async () => {
    const w = (await words(filled, 2)).find((x) => x.text === VALUES.rotated);
    expect(w).toBeDefined();
    // upright: the word is wide and low in display space, and inside the widget's display box
    expect(w!.xMax - w!.xMin).toBeGreaterThan(5 * (w!.yMax - w!.yMin));
    const b = crop(LAYOUT.rotated, 90);
    expect(w!.xMin).toBeGreaterThanOrEqual(b.x - 1);
    expect(w!.xMax).toBeLessThanOrEqual(b.x + b.w + 1);
    expect(w!.yMin).toBeGreaterThanOrEqual(b.y - 1);
    expect(w!.yMax).toBeLessThanOrEqual(b.y + b.h + 1);
  });

  it('writes an appearance stream for every touched widget and no NeedAppearances', async () => {
    const doc = await PDFDocument.load(filled);
    const form2 = doc.getForm();
    for (const name of Object.keys(VALUES)) {
      for (const w of form2.getField(name).acroField.getWidgets()) {
        const ap = w.dict.lookup(PDFName.of('AP'), PDFDict);
        expect(ap.get(PDFName.of('N')), name).toBeDefined();
      }
    }
    expect(form2.acroForm.dict.get(PDFName.of('NeedAppearances'))).toBeUndefined();
  });

  it('clears values: false unchecks, "" empties text', async () => {
    const again = await fillPdf(filled, { agree: false, 'applicant.name': '', color: false });
    const f = await pdftkFields(again);
    expect(f.get('agree')?.value).toBe('Off');
    expect(f.get('applicant.name')?.value ?? '').toBe('');
    expect(f.get('color')?.value ?? 'Off').toBe('Off');
    expect(squash(await pdftotext(again, 1, crop(LAYOUT.name)))).toBe('');
    expect(await darkPixels(again, 1, crop(LAYOUT.agree), 144)).toBeLessThanOrEqual(await darkPixels(form, 1, crop(LAYOUT.agree), 144) + 2);
  });

  it('returns the input unchanged when there is nothing to write', async () => {
    const out = await fillPdf(form, {});
    expect(out).toBe(form);
  });
});

describe('fillPdf validation', () => {
  const reasonOf = async (values: Record<string, string | boolean>) => {
    try {
      await fillPdf(form, values);
    } catch (e) {
      if (e instanceof FillValidationError) return { field: e.field, reason: e.reason, issues: e.issues };
      throw e;
    }
    return undefined;
  };

  it('rejects unknown fields', async () => {
    expect(await reasonOf({ nope: 'x' })).toMatchObject({ field: 'nope', reason: 'unknown_field' });
  });
  it('enforces MaxLen (in characters, not bytes)', async () => {
    expect(await reasonOf({ zip: '021390' })).toMatchObject({ field: 'zip', reason: 'max_len_exceeded' });
    expect(await reasonOf({ ssn: '1234567890' })).toMatchObject({ field: 'ssn', reason: 'max_len_exceeded' });
    expect(await reasonOf({ zip: 'Ωμέγα' })).toBeUndefined();
  });
  it('accepts only options in choice fields and radio groups', async () => {
    expect(await reasonOf({ country: 'Atlantis' })).toMatchObject({ field: 'country', reason: 'not_an_option' });
    expect(await reasonOf({ fruit: 'Durian' })).toMatchObject({ field: 'fruit', reason: 'not_an_option' });
    expect(await reasonOf({ color: 'purple' })).toMatchObject({ field: 'color', reason: 'not_an_option' });
    expect(await reasonOf({ color: 'blue', country: 'France' })).toBeUndefined();
  });
  it('rejects check box values that are neither boolean-like nor an on-state', async () => {
    expect(await reasonOf({ agree: 'maybe' })).toMatchObject({ field: 'agree', reason: 'invalid_checkbox_value' });
    expect(await reasonOf({ cb_on: 'Yes' })).toBeUndefined(); // boolean word
    expect(await reasonOf({ cb_on: 'On', cb_one: 'true', agree: 'Off' })).toBeUndefined();
  });
  it('refuses to fill signature fields and text a font cannot show', async () => {
    expect(await reasonOf({ sign: 'J. Doe' })).toMatchObject({ field: 'sign', reason: 'not_fillable' });
    expect(await reasonOf({ greek: '中文' })).toMatchObject({ field: 'greek', reason: 'unsupported_characters' });
    expect(await reasonOf({ agree: 'x'.repeat(3) as string, 'applicant.name': 5 as unknown as string })).toMatchObject({
      reason: 'invalid_checkbox_value',
    });
  });
  it('reports every problem at once', async () => {
    const r = await reasonOf({ zip: '1234567', nope: 'x', country: 'Mars' });
    expect(r?.issues.map((i) => [i.field, i.reason]).sort()).toEqual([
      ['country', 'not_an_option'],
      ['nope', 'unknown_field'],
      ['zip', 'max_len_exceeded'],
    ]);
  });
});

describe('fillPdf with flatten', () => {
  let flat: Uint8Array;
  beforeAll(async () => {
    flat = await fillPdf(form, VALUES, { flatten: true });
  });

  it('removes every widget and field', async () => {
    const doc = await PDFDocument.load(flat);
    for (const page of doc.getPages()) {
      const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      const subtypes = (annots?.asArray() ?? []).map((a) => (doc.context.lookup(a) as PDFDict).get(PDFName.of('Subtype'))?.toString());
      expect(subtypes).not.toContain('/Widget');
    }
    expect((await pdftkFields(flat)).size).toBe(0);
    expect((await qpdfCheck(flat)).ok).toBe(true);
  });

  it('keeps every value visible in the page content', async () => {
    const text = squash(await pdftotext(flat));
    for (const v of [VALUES['applicant.name'], VALUES.greek, VALUES.zip, VALUES.country, 'Дмитрий', 'Αλέξανδρος', VALUES.rotated]) {
      expect(text).toContain(v);
    }
    expect(squash(await pdftotext(flat, 1, crop(LAYOUT.name)))).toBe(VALUES['applicant.name']);
    const [before, after] = await Promise.all([darkPixels(form, 1, crop(LAYOUT.cbOn), 144), darkPixels(flat, 1, crop(LAYOUT.cbOn), 144)]);
    expect(after - before).toBeGreaterThan(20);
    const w = (await words(flat, 2)).find((x) => x.text === VALUES.rotated)!;
    expect(w.xMax - w.xMin).toBeGreaterThan(5 * (w.yMax - w.yMin));
  });
});

describe('fillPdf on a form that relied on NeedAppearances', () => {
  it('draws the values other writers left to the viewer and clears the flag', async () => {
    const na = await buildThirdPartyForm({ needAppearances: true, prefill: { zip: '99999' } });
    // (poppler itself honours NeedAppearances, so the flag must be gone for the check below to mean
    // that our appearance stream shows the value)
    const out = await fillPdf(na, { 'applicant.name': 'Ōtani' });
    expect(squash(await pdftotext(out, 1, crop(LAYOUT.zip)))).toBe('99999');
    expect(squash(await pdftotext(out, 1, crop(LAYOUT.name)))).toBe('Ōtani');
    const doc = await PDFDocument.load(out);
    expect(doc.getForm().acroForm.dict.get(PDFName.of('NeedAppearances'))).toBeUndefined();
  });
});

describe('fillPdf on other file structures', () => {
  it.each([
    ['classic xref table', ['--object-streams=disable']],
    ['linearized', ['--linearize']],
  ])('%s', async (_label, args) => {
    const { readFileSync } = await import('node:fs');
    const { sh, tmpFile } = await import('./helpers.ts');
    const src = tmpFile(form, 'struct');
    const dst = src.replace(/\.pdf$/, '-x.pdf');
    await sh('qpdf', [...args, src, dst]);
    const variant = new Uint8Array(readFileSync(dst));
    const out = await fillPdf(variant, { 'applicant.name': 'Łukasz Ōtani', cb_on: true, ssn: '555667777' });
    expect((await qpdfCheck(out)).ok).toBe(true);
    const tail = Buffer.from(out.subarray(variant.length)).toString('latin1');
    if (args[0] === '--object-streams=disable') expect(tail).toMatch(/\nxref\n/);
    expect(squash(await pdftotext(out, 1, crop(LAYOUT.name)))).toBe('Łukasz Ōtani');
    const f = await pdftkFields(out);
    expect(f.get('cb_on')?.value).toBe('On');
    expect(f.get('ssn')?.value).toBe('555667777');
  });

  it('drops XFA and usage-rights signatures that would hide or invalidate the values', async () => {
    const doc = await PDFDocument.load(form);
    const ctx = doc.context;
    doc.getForm().acroForm.dict.set(PDFName.of('XFA'), ctx.obj([]));
    doc.catalog.set(PDFName.of('Perms'), ctx.obj({ UR3: ctx.obj({ Type: 'Sig' }) }));
    doc.catalog.set(PDFName.of('NeedsRendering'), ctx.obj(true));
    const xfa = await doc.save();
    const out = await fillPdf(xfa, { zip: '12345' });
    const back = await PDFDocument.load(out);
    expect(back.getForm().acroForm.dict.get(PDFName.of('XFA'))).toBeUndefined();
    expect(back.catalog.get(PDFName.of('Perms'))).toBeUndefined();
    expect(back.catalog.get(PDFName.of('NeedsRendering'))).toBeUndefined();
    expect(squash(await pdftotext(out, 1, crop(LAYOUT.zip)))).toBe('12345');
  });

  it('redraws a check box whose on-state appearance is empty (left to NeedAppearances)', async () => {
    const doc = await PDFDocument.load(form);
    const w = doc.getForm().getCheckBox('agree').acroField.getWidgets()[0];
    const n = w.dict.lookup(PDFName.of('AP'), PDFDict).lookup(PDFName.of('N'), PDFDict);
    n.set(PDFName.of('Yes'), doc.context.register(doc.context.stream('')));
    const hollow = await doc.save({ updateFieldAppearances: false });
    const out = await fillPdf(hollow, { agree: true });
    const [before, after] = await Promise.all([darkPixels(hollow, 1, crop(LAYOUT.agree), 144), darkPixels(out, 1, crop(LAYOUT.agree), 144)]);
    expect(after - before).toBeGreaterThan(20);
  });

  it('draws a check box that came without any appearance', async () => {
    const doc = await PDFDocument.load(form);
    const w = doc.getForm().getCheckBox('agree').acroField.getWidgets()[0];
    w.dict.delete(PDFName.of('AP'));
    w.dict.delete(PDFName.of('AS'));
    const bare = await doc.save({ updateFieldAppearances: false });
    const out = await fillPdf(bare, { agree: true });
    const [before, after] = await Promise.all([darkPixels(bare, 1, crop(LAYOUT.agree), 144), darkPixels(out, 1, crop(LAYOUT.agree), 144)]);
    expect(after - before).toBeGreaterThan(20);
    expect((await pdftkFields(out)).get('agree')?.value).toBe('Yes');
  });
});

describe('flatten keeps values that had no appearance', () => {
  it('draws untouched valued fields that lack /AP before removing their widgets', async () => {
    const doc = await PDFDocument.load(form);
    const f = doc.getForm().getTextField('zip');
    f.acroField.dict.set(PDFName.of('V'), PDFString.of('54321'));
    for (const w of f.acroField.getWidgets()) w.dict.delete(PDFName.of('AP'));
    const bare = await doc.save({ updateFieldAppearances: false });
    const flat = await fillPdf(bare, { 'applicant.name': 'x' }, { flatten: true });
    expect(squash(await pdftotext(flat, 1, crop(LAYOUT.zip)))).toBe('54321');
  });
});
