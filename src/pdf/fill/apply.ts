// Writing values and appearances into an update: shared by fillPdf and makeFillable.

import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import {
  buttonAppearance,
  addAppearance,
  frameFor,
  listAppearance,
  parseDA,
  textAppearance,
  widgetStyle,
  type DA,
  type Layout,
  type WidgetStyle,
} from './appearance.ts';
import { FontSet } from './fontset.ts';
import { standardFont } from '../fonts.ts';
import { FF, dictOf, resolve, type Template, type TemplateField, type TemplateWidget } from './template.ts';
import { Update, textOf, textString } from './writer.ts';

const N = (s: string) => PDFName.of(s);

// Style and /DA of template widgets never change (fills replace /AP, /AS and /V only): parse once.
const styleCache = new WeakMap<PDFDict, { st: WidgetStyle; da: DA; q?: number }>();

function styleOf(tpl: Template, field: TemplateField, w: TemplateWidget) {
  let c = styleCache.get(w.dict);
  if (!c) {
    const ctx = tpl.ctx;
    const qv = resolve(ctx, w.dict.get(N('Q')));
    c = {
      st: widgetStyle(ctx, w.dict),
      da: parseDA(textOf(resolve(ctx, w.dict.get(N('DA')))) ?? field.da ?? tpl.defaultDA),
      q: qv instanceof PDFNumber ? qv.asNumber() : undefined,
    };
    styleCache.set(w.dict, c);
  }
  return c;
}

/** One update in progress over a template. */
export class Session {
  readonly up: Update;
  readonly fonts: FontSet;
  /** Fields whose values were set in this session, by name. */
  readonly touched = new Set<string>();
  /** Widgets whose text did not fit even at the minimum font size. */
  readonly overflow: string[] = [];

  constructor(readonly tpl: Template) {
    this.up = new Update(tpl.ctx, tpl.trailer, tpl.sec);
    this.fonts = new FontSet(this.up, tpl.ctx);
  }

  /** Current dictionary of an object (this update's version if any). */
  current(ref: PDFRef): PDFDict | undefined {
    const o = this.up.lookup(ref);
    return o instanceof PDFDict ? o : undefined;
  }

  // -- text ---------------------------------------------------------------------------------------

  textAp(field: TemplateField, w: TemplateWidget, text: string): PDFRef {
    const { st, da, q: wq } = styleOf(this.tpl, field, w);
    const fr = frameFor(w.rect, w.rotation);
    const flags = field.flags;
    const multiline = !!(flags & FF.Multiline);
    const password = !!(flags & FF.Password);
    const comb =
      flags & FF.Comb && field.maxLen && !multiline && !password && !(flags & FF.FileSelect) ? field.maxLen : undefined;
    const q = wq ?? field.q;
    const shown = password ? '*'.repeat([...text].length) : text;
    // an empty value needs no font resource at all
    const pick = shown ? this.fonts.pick(field.drs, da.font, shown) : undefined;
    const { content, layout } = textAppearance(fr, st, text, {
      font: pick?.font ?? standardFont('Helvetica'),
      fontRes: pick?.res ?? 'Helv',
      da,
      q,
      multiline,
      comb,
      password,
    });
    this.noteLayout(field, layout);
    return addAppearance(this.up, fr, content, pick ? { [pick.res]: pick.ref } : undefined);
  }

  private noteLayout(field: TemplateField, layout: Layout) {
    if (layout.overflow && !this.overflow.includes(field.name)) this.overflow.push(field.name);
  }

  setText(field: TemplateField, text: string): void {
    for (const node of field.nodes) {
      const d = this.up.patch(node.ref);
      if (text === '') d.delete(N('V'));
      else d.set(N('V'), textString(text));
      d.delete(N('RV'));
    }
    for (const w of field.widgets) this.setNormalAp(w, this.textAp(field, w, text));
    this.touched.add(field.name);
  }

  /** Replaces the widget's /AP with one holding only /N (stale /D or /R would show old values). */
  setNormalAp(w: TemplateWidget, ap: PDFRef): void {
    const d = this.up.patch(w.ref);
    const apDict = PDFDict.withContext(this.tpl.ctx);
    apDict.set(N('N'), ap);
    d.set(N('AP'), apDict);
  }

  // -- choice -------------------------------------------------------------------------------------

  setChoice(field: TemplateField, value: string): void {
    const idx = field.options.findIndex((o) => o.value === value);
    for (const node of field.nodes) {
      const d = this.up.patch(node.ref);
      if (value === '') {
        d.delete(N('V'));
        d.delete(N('I'));
      } else {
        d.set(N('V'), textString(value));
        if (idx >= 0) d.set(N('I'), this.tpl.ctx.obj([idx]) as PDFArray);
        else d.delete(N('I'));
      }
    }
    const label = idx >= 0 ? field.options[idx].label : value;
    for (const w of field.widgets) {
      if (field.kind === 'combo') this.setNormalAp(w, this.textAp(field, w, label));
      else this.setNormalAp(w, this.listAp(field, w, idx));
    }
    this.touched.add(field.name);
  }

  listAp(field: TemplateField, w: TemplateWidget, selected: number): PDFRef {
    const ctx = this.tpl.ctx;
    const { st, da } = styleOf(this.tpl, field, w);
    const fr = frameFor(w.rect, w.rotation);
    const labels = field.options.map((o) => o.label);
    const pick = this.fonts.pick(field.drs, da.font, labels.join(''));
    const ti = resolve(ctx, field.nodes[0]?.dict.get(N('TI')));
    const content = listAppearance(
      fr,
      st,
      labels,
      new Set(selected >= 0 ? [selected] : []),
      ti instanceof PDFNumber ? ti.asNumber() : 0,
      { font: pick.font, fontRes: pick.res, da, q: field.q },
    );
    return addAppearance(this.up, fr, content, { [pick.res]: pick.ref });
  }

  // -- buttons ------------------------------------------------------------------------------------

  /** Generates /AP /N << /state on /Off off >> for a widget that lacks one. */
  buttonAps(field: TemplateField, w: TemplateWidget, state: string): PDFDict {
    const ctx = this.tpl.ctx;
    const { st, da } = styleOf(this.tpl, field, w);
    const fr = frameFor(w.rect, w.rotation);
    const radio = field.kind === 'radio';
    const onRef = addAppearance(this.up, fr, buttonAppearance(fr, st, true, radio, da));
    const offRef = addAppearance(this.up, fr, buttonAppearance(fr, st, false, radio, da));
    const n = PDFDict.withContext(ctx);
    n.set(N(state), onRef);
    n.set(N('Off'), offRef);
    const ap = PDFDict.withContext(ctx);
    ap.set(N('N'), n);
    return ap;
  }

  /**
   * Sets a check box or radio field: `states[i]` is the state widget i shows (its on-state name, or
   * 'Off'); `value` is the field's /V ('Off' when nothing is on).
   */
  setButtons(field: TemplateField, value: string, states: string[]): void {
    for (const node of field.nodes) {
      const d = this.up.patch(node.ref);
      d.set(N('V'), N(value));
    }
    field.widgets.forEach((w, i) => {
      const state = states[i] ?? 'Off';
      const d = this.up.patch(w.ref);
      if (state !== 'Off' && (!w.onStates.includes(state) || !drawsState(this.tpl, w, state))) {
        // missing or empty on-state appearance (some forms leave it to NeedAppearances)
        d.set(N('AP'), this.buttonAps(field, w, state));
      } else if (state === 'Off' && !hasApState(this.tpl, w, 'Off') && !w.onStates.length) {
        d.set(N('AP'), this.buttonAps(field, w, w.exportValue ?? 'Yes'));
      }
      d.set(N('AS'), N(state));
    });
    this.touched.add(field.name);
  }
}

const paints = new WeakMap<PDFRawStream, boolean>();

/** True when the widget's /AP /N has `state` and that appearance actually paints something. */
export function drawsState(tpl: Template, w: TemplateWidget, state: string): boolean {
  const ap = dictOf(tpl.ctx, w.dict.get(N('AP')));
  const n = resolve(tpl.ctx, ap?.get(N('N')));
  if (!(n instanceof PDFDict)) return false;
  const st = resolve(tpl.ctx, n.get(N(state)));
  if (!(st instanceof PDFRawStream)) return false;
  let v = paints.get(st);
  if (v === undefined) {
    try {
      if (!st.getContents().length || !st.dict.has(N('BBox'))) throw new RangeError('empty');
      const content = Buffer.from(decodePDFRawStream(st).decode()).toString('latin1');
      // any painting operator (fill, stroke, text, XObject, shading, inline image)
      v = /(^|[\s\]>)])(f\*?|F|S|s|B\*?|b\*?|Tj|TJ|'|"|Do|sh|BI)(?=[\s[(<\/]|$)/.test(content);
    } catch (e) {
      // empty or without /BBox: draws nothing; undecodable: leave it to the viewer
      v = !(e instanceof RangeError);
    }
    paints.set(st, v);
  }
  return v;
}

function hasApState(tpl: Template, w: TemplateWidget, state: string): boolean {
  const ap = dictOf(tpl.ctx, w.dict.get(N('AP')));
  const n = resolve(tpl.ctx, ap?.get(N('N')));
  if (n instanceof PDFStream) return false;
  return n instanceof PDFDict && n.has(N(state));
}

