// makeFillable: adds AcroForm fields at detected rectangles, as an incremental update appended to the
// original bytes (the original objects, page content included, are untouched byte for byte).
//
// - text: /Tx with /MaxLen, comb (/Ff Comb + DoNotScroll + DoNotSpellCheck) and multiline flags;
// - checkbox: /Btn with an on-state (export_value, default "Yes") and Off, drawn as a check mark;
// - radio: one /Btn radio field per `group`, one kid widget per FormField, states = export values;
// - choice: /Ch combo box with /Opt;
// - signature: a real /Sig field (empty, ready to be signed); fillPdf refuses values for it.
// Every widget gets a normal appearance stream; fields are named from their labels (unique, no
// periods, so every name is a top-level fully qualified name) and /TU carries the label. On rotated
// pages the widgets carry /MK /R = page rotation so their content reads upright. A file that can
// take no incremental update (its startxref missing or past its end) is written out whole first.

import { PDFArray, PDFContext, PDFDict, PDFName, PDFNumber, PDFObject, PDFRef, PDFString } from '@cantoo/pdf-lib';
import type { FormField } from './types.ts';
import { Session } from './fill/apply.ts';
import { addAppearance, buttonAppearance, frameFor, textAppearance, type WidgetStyle } from './fill/appearance.ts';
import { acroFormForWrite } from './fill/flatten.ts';
import { FF, appendableBytes, arrayOf, dictOf, loadTemplate } from './fill/template.ts';
import { textString } from './fill/writer.ts';

export interface MakeFillableOptions {
  /** Font size written into every text /DA; 0 (default) means auto size. */
  fontSize?: number;
}

const N = (s: string) => PDFName.of(s);
const NO_STYLE: WidgetStyle = { borderWidth: 0, borderStyle: 'S' };

/** A field name from a label: one line, no periods (they separate name levels), at most 60 characters. */
export function nameFromLabel(label: string, fallback: string): string {
  let s = (label ?? '')
    .normalize('NFC')
    .replace(/[.\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s:*_]+$/, '')
    .replace(/^[\s:*_]+/, '');
  if (s.length > 60) s = s.slice(0, 60).replace(/\s+\S*$/, '').trim() || s.slice(0, 60);
  return s || fallback;
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let k = 2; taken.has(name); k++) name = `${base} ${k}`;
  taken.add(name);
  return name;
}

function isAsciiName(s: string): boolean {
  return /^[\x21-\x7e]+$/.test(s) && s !== 'Off';
}

export async function makeFillable(
  pdfBytes: Uint8Array,
  fields: FormField[],
  opts: MakeFillableOptions = {},
): Promise<{ pdf: Uint8Array; names: string[] }> {
  const base = await appendableBytes(pdfBytes);
  const tpl = await loadTemplate(base);
  const s = new Session(tpl);
  const { up } = s;
  const ctx = tpl.ctx;
  const fontSize = opts.fontSize ?? 0;

  const taken = new Set<string>();
  for (const name of tpl.fields.keys()) taken.add(name.split('.')[0]);
  // also top-level names of non-terminal fields
  for (const f of arrayOf(ctx, tpl.acroForm?.get(N('Fields')))?.asArray() ?? []) {
    const d = dictOf(ctx, f);
    const t = d?.get(N('T'));
    if (t instanceof PDFString || (t && 'decodeText' in t)) taken.add((t as PDFString).decodeText());
  }

  const helv = s.fonts.standardRef('Helvetica');
  const zadb = up.add(up.dict({ Type: N('Font'), Subtype: N('Type1'), BaseFont: N('ZapfDingbats') }));
  // Our text fields name Helvetica /Helv in /DA, unless the form already uses /Helv for another font.
  const oldDrFonts = dictOf(ctx, dictOf(ctx, tpl.acroForm?.get(N('DR')))?.get(N('Font')));
  const helvName =
    !oldDrFonts?.has(N('Helv')) || isHelvetica(ctx, oldDrFonts.get(N('Helv'))) ? 'Helv' : 'HelvFF';
  const zadbName = !oldDrFonts?.has(N('ZaDb')) || isZapf(ctx, oldDrFonts.get(N('ZaDb'))) ? 'ZaDb' : 'ZaDbFF';
  const textDA = `/${helvName} ${fontSize} Tf 0 g`;
  const buttonDA = `/${zadbName} 0 Tf 0 g`;
  const names: string[] = new Array(fields.length);
  const newTopLevel: PDFRef[] = [];
  const annotsByPage = new Map<number, PDFRef[]>();
  let hasSig = false;

  const num = (n: number) => PDFNumber.of(Math.round(n * 1000) / 1000);
  const rectOf = (f: FormField) => {
    const { x, y, width, height } = f.rect;
    if (![x, y, width, height].every(Number.isFinite) || width <= 0 || height <= 0) {
      throw new RangeError(`field "${f.label}": invalid rect`);
    }
    return [x, y, x + width, y + height] as [number, number, number, number];
  };
  const pageOf = (f: FormField, i: number) => {
    const p = tpl.pages[f.page];
    if (!p) throw new RangeError(`field ${i} ("${f.label}"): page ${f.page} does not exist`);
    return p;
  };
  const widgetBase = (f: FormField, i: number): { d: PDFDict; rect: [number, number, number, number]; rot: number } => {
    const page = pageOf(f, i);
    const rect = rectOf(f);
    const d = up.dict({
      Type: N('Annot'),
      Subtype: N('Widget'),
      Rect: ctx.obj(rect.map(num)) as PDFArray,
      P: page.ref,
      F: PDFNumber.of(4),
    });
    return { d, rect, rot: page.rotate };
  };
  const addAnnot = (page: number, ref: PDFRef) => {
    const list = annotsByPage.get(page) ?? [];
    list.push(ref);
    annotsByPage.set(page, list);
  };
  const mk = (rot: number, ca?: string) => {
    const m = PDFDict.withContext(ctx);
    if (ca) m.set(N('CA'), PDFString.of(ca));
    if (rot) m.set(N('R'), PDFNumber.of(rot));
    return m;
  };
  const emptyAp = (rect: [number, number, number, number], rot: number, content: string) => {
    const fr = frameFor(rect, rot);
    const ap = PDFDict.withContext(ctx);
    ap.set(N('N'), addAppearance(up, fr, content));
    return ap;
  };
  const buttonAp = (rect: [number, number, number, number], rot: number, state: string, radio: boolean) => {
    const fr = frameFor(rect, rot);
    const st: WidgetStyle = { ...NO_STYLE, caption: radio ? 'l' : '4' };
    const da = { size: 0, color: '0 g' };
    const n = PDFDict.withContext(ctx);
    n.set(N(state), addAppearance(up, fr, buttonAppearance(fr, st, true, radio, da)));
    n.set(N('Off'), addAppearance(up, fr, buttonAppearance(fr, st, false, radio, da)));
    const ap = PDFDict.withContext(ctx);
    ap.set(N('N'), n);
    return ap;
  };
  const common = (d: PDFDict, name: string, f: FormField, flags: number) => {
    d.set(N('T'), textString(name));
    d.set(N('TU'), textString(f.tooltip ?? f.label ?? name));
    const ff = flags | (f.required ? FF.Required : 0);
    if (ff) d.set(N('Ff'), PDFNumber.of(ff));
  };

  // Radio groups first collect their members.
  const groups = new Map<string, number[]>();
  fields.forEach((f, i) => {
    if (f.type !== 'radio') return;
    const key = f.group ?? `\u0000${i}`;
    const list = groups.get(key) ?? [];
    list.push(i);
    groups.set(key, list);
  });

  fields.forEach((f, i) => {
    if (f.type === 'radio') return;
    const { d, rect, rot } = widgetBase(f, i);
    const name = uniqueName(nameFromLabel(f.name ?? f.label, `${f.type} ${i + 1}`), taken);
    names[i] = name;
    switch (f.type) {
      case 'text': {
        let flags = 0;
        if (f.multiline) flags |= FF.Multiline;
        const comb = !!f.comb && !!f.max_len && !f.multiline;
        if (comb) flags |= FF.Comb | FF.DoNotScroll | FF.DoNotSpellCheck;
        common(d, name, f, flags);
        d.set(N('FT'), N('Tx'));
        d.set(N('DA'), PDFString.of(textDA));
        if (f.max_len && f.max_len > 0) d.set(N('MaxLen'), PDFNumber.of(Math.floor(f.max_len)));
        d.set(N('MK'), mk(rot));
        d.set(N('AP'), emptyAp(rect, rot, '/Tx BMC\nEMC\n'));
        break;
      }
      case 'checkbox': {
        const exp = f.export_value && f.export_value !== 'Off' ? f.export_value : 'Yes';
        const state = isAsciiName(exp) ? exp : '0';
        common(d, name, f, 0);
        d.set(N('FT'), N('Btn'));
        if (state !== exp) d.set(N('Opt'), ctx.obj([textString(exp)]) as PDFArray);
        d.set(N('DA'), PDFString.of(buttonDA));
        d.set(N('MK'), mk(rot, '4'));
        d.set(N('V'), N('Off'));
        d.set(N('AS'), N('Off'));
        d.set(N('AP'), buttonAp(rect, rot, state, false));
        break;
      }
      case 'choice': {
        const options = f.options ?? [];
        common(d, name, f, FF.Combo | (options.length ? 0 : FF.Edit));
        d.set(N('FT'), N('Ch'));
        d.set(N('Opt'), ctx.obj(options.map((o) => textString(o))) as PDFArray);
        d.set(N('DA'), PDFString.of(textDA));
        d.set(N('MK'), mk(rot));
        d.set(N('AP'), emptyAp(rect, rot, '/Tx BMC\nEMC\n'));
        break;
      }
      case 'signature': {
        hasSig = true;
        common(d, name, f, 0);
        d.set(N('FT'), N('Sig'));
        d.set(N('MK'), mk(rot));
        d.set(N('AP'), emptyAp(rect, rot, ''));
        break;
      }
      default:
        throw new RangeError(`field ${i}: unknown type ${(f as FormField).type}`);
    }
    const ref = up.add(d);
    newTopLevel.push(ref);
    addAnnot(f.page, ref);
  });

  for (const [key, members] of groups) {
    const first = fields[members[0]];
    const base = key.startsWith('\u0000') ? first.label : key;
    const name = uniqueName(nameFromLabel(base, `radio ${members[0] + 1}`), taken);
    const parentRef = up.alloc();
    const parent = up.dict({ FT: N('Btn') });
    common(parent, name, { ...first, tooltip: first.tooltip ?? (key.startsWith('\u0000') ? first.label : key) }, FF.Radio | FF.NoToggleToOff);
    parent.set(N('DA'), PDFString.of(buttonDA));
    parent.set(N('V'), N('Off'));
    // export values: unique within the group
    const seen = new Set<string>();
    const exports = members.map((i, k) => {
      const f = fields[i];
      let v = f.export_value ?? f.options?.[k] ?? nameFromLabel(f.label, String(k + 1));
      if (v === 'Off' || v === '') v = String(k + 1);
      let u = v;
      for (let n = 2; seen.has(u); n++) u = `${v} ${n}`;
      seen.add(u);
      return u;
    });
    const ascii = exports.every(isAsciiName);
    if (!ascii) parent.set(N('Opt'), ctx.obj(exports.map((e) => textString(e))) as PDFArray);
    const kids: PDFRef[] = [];
    members.forEach((i, k) => {
      const f = fields[i];
      const { d, rect, rot } = widgetBase(f, i);
      const state = ascii ? exports[k] : String(k);
      d.set(N('Parent'), parentRef);
      d.set(N('MK'), mk(rot, 'l'));
      d.set(N('AS'), N('Off'));
      d.set(N('AP'), buttonAp(rect, rot, state, true));
      const ref = up.add(d);
      kids.push(ref);
      addAnnot(f.page, ref);
      names[i] = name;
    });
    parent.set(N('Kids'), ctx.obj(kids) as PDFArray);
    up.set(parentRef, parent);
    newTopLevel.push(parentRef);
  }

  // Pages: append the widgets to /Annots.
  for (const [pageIndex, refs] of annotsByPage) {
    const page = tpl.pages[pageIndex];
    const pd = up.patch(page.ref);
    const annots = PDFArray.withContext(ctx);
    const existing = arrayOf(ctx, pd.get(N('Annots')));
    if (existing) for (const a of existing.asArray()) annots.push(a);
    for (const r of refs) annots.push(r);
    pd.set(N('Annots'), annots);
  }

  // AcroForm: new, or the existing one with our fields and fonts added.
  let af = acroFormForWrite(s);
  if (!af) {
    af = up.dict({});
    const ref = up.add(af);
    up.patch(tpl.catalogRef).set(N('AcroForm'), ref);
  }
  const fieldsArr = PDFArray.withContext(ctx);
  const oldFields = arrayOf(ctx, af.get(N('Fields')));
  if (oldFields) for (const x of oldFields.asArray()) fieldsArr.push(x);
  for (const r of newTopLevel) fieldsArr.push(r);
  af.set(N('Fields'), fieldsArr);
  const dr = PDFDict.withContext(ctx);
  const oldDr = dictOf(ctx, af.get(N('DR')));
  if (oldDr) for (const [k, v] of oldDr.entries()) dr.set(k, v);
  const fontDict = PDFDict.withContext(ctx);
  const oldFonts = dictOf(ctx, dr.get(N('Font')));
  if (oldFonts) for (const [k, v] of oldFonts.entries()) fontDict.set(k, v);
  if (!fontDict.has(N(helvName))) fontDict.set(N(helvName), helv);
  if (!fontDict.has(N(zadbName))) fontDict.set(N(zadbName), zadb);
  dr.set(N('Font'), fontDict);
  af.set(N('DR'), dr);
  if (!af.has(N('DA'))) af.set(N('DA'), PDFString.of(`/${helvName} 0 Tf 0 g`));
  af.delete(N('XFA'));
  if (hasSig) {
    const sf = af.get(N('SigFlags'));
    af.set(N('SigFlags'), PDFNumber.of((sf instanceof PDFNumber ? sf.asNumber() : 0) | 1));
  }

  await s.fonts.finish();
  const update = up.serialize(tpl.length, tpl.endsWithEol);
  const out = new Uint8Array(base.length + update.length);
  out.set(base, 0);
  out.set(update, base.length);
  return { pdf: out, names };
}

function baseFontIs(ctx: PDFContext, o: PDFObject | undefined, re: RegExp): boolean {
  const base = dictOf(ctx, o)?.get(N('BaseFont'));
  return base instanceof PDFName && re.test(base.decodeText());
}
const isHelvetica = (ctx: PDFContext, o: PDFObject | undefined) => baseFontIs(ctx, o, /Helvetica|Arial/i);
const isZapf = (ctx: PDFContext, o: PDFObject | undefined) => baseFontIs(ctx, o, /ZapfDingbats|Dingbats/i);
