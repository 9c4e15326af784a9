// Flatten: every widget's current appearance is drawn into its page's content (as a form XObject,
// placed per ISO 32000 12.5.5 "appearance streams"), widget annotations are removed from the pages
// and the AcroForm is emptied. The original content streams are kept as they are; the page gets a
// leading "q" stream and a trailing stream with "Q" and the drawings.

import { PDFArray, PDFDict, PDFName, PDFNumber, PDFObject, PDFRawStream, PDFRef, PDFStream } from '@cantoo/pdf-lib';
import type { Session } from './apply.ts';
import { ANNOT_FLAG, arrayOf, dictOf, resolve } from './template.ts';
import { NewStream, fmtNum as f, nameOf } from './writer.ts';

const N = (s: string) => PDFName.of(s);

type Mat = [number, number, number, number, number, number];

function numbers(o: PDFObject | undefined, s: Session): number[] | undefined {
  const a = arrayOf(s.tpl.ctx, o);
  if (!a) return undefined;
  return a.asArray().map((x) => {
    const r = resolve(s.tpl.ctx, x);
    return r instanceof PDFNumber ? r.asNumber() : 0;
  });
}

/** /BBox and /Matrix of a form XObject (ours or the template's). */
function geometry(s: Session, ref: PDFRef): { bbox?: number[]; matrix?: number[] } | undefined {
  const o = s.up.lookup(ref);
  if (o instanceof NewStream && o.form) return o.form;
  let d: PDFDict | undefined;
  if (o instanceof NewStream && typeof o.dict !== 'string') d = o.dict;
  else if (o instanceof PDFRawStream) d = o.dict;
  else if (o instanceof PDFStream) d = (o as unknown as { dict: PDFDict }).dict;
  if (!d) return undefined;
  return { bbox: numbers(d.get(N('BBox')), s), matrix: numbers(d.get(N('Matrix')), s) };
}

/** The appearance stream a widget currently shows, or undefined. */
function currentAppearance(s: Session, w: PDFDict): PDFRef | undefined {
  const ctx = s.tpl.ctx;
  const ap = dictOf(ctx, w.get(N('AP')));
  if (!ap) return undefined;
  const n = ap.get(N('N'));
  if (n instanceof PDFRef) {
    const target = s.up.lookup(n);
    if (target instanceof PDFStream || target instanceof NewStream) return n;
    if (target instanceof PDFDict) return stateEntry(s, target, w);
    return undefined;
  }
  if (n instanceof PDFDict) return stateEntry(s, n, w);
  return undefined;
}

function stateEntry(s: Session, states: PDFDict, w: PDFDict): PDFRef | undefined {
  const as = nameOf(resolve(s.tpl.ctx, w.get(N('AS'))));
  if (!as) return undefined;
  const e = states.get(N(as));
  return e instanceof PDFRef ? e : undefined;
}

function placement(rect: number[], bbox: number[], m: Mat): Mat | undefined {
  const pts = [
    [bbox[0], bbox[1]],
    [bbox[2], bbox[1]],
    [bbox[0], bbox[3]],
    [bbox[2], bbox[3]],
  ].map(([x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  if (x1 - x0 <= 0 || y1 - y0 <= 0) return undefined;
  const rx0 = Math.min(rect[0], rect[2]);
  const ry0 = Math.min(rect[1], rect[3]);
  const sx = (Math.max(rect[0], rect[2]) - rx0) / (x1 - x0);
  const sy = (Math.max(rect[1], rect[3]) - ry0) / (y1 - y0);
  if (!(sx > 0) || !(sy > 0)) return undefined;
  return [sx, 0, 0, sy, rx0 - x0 * sx, ry0 - y0 * sy];
}

export function flattenAll(s: Session): void {
  const { tpl, up } = s;
  const ctx = tpl.ctx;
  tpl.pages.forEach((page) => {
    const pageDict = s.current(page.ref) ?? page.dict;
    const annots = arrayOf(ctx, pageDict.get(N('Annots')));
    if (!annots) return;
    const keep: PDFObject[] = [];
    const draws: string[] = [];
    const xobjects: [string, PDFRef][] = [];
    let removed = 0;
    for (const a of annots.asArray()) {
      const ad = a instanceof PDFRef ? s.current(a) : a instanceof PDFDict ? a : undefined;
      if (!ad || nameOf(ad.get(N('Subtype'))) !== 'Widget') {
        keep.push(a);
        continue;
      }
      removed++;
      const flags = (resolve(ctx, ad.get(N('F'))) as PDFNumber | undefined)?.asNumber?.() ?? 0;
      if (flags & (ANNOT_FLAG.Hidden | ANNOT_FLAG.NoView)) continue;
      const apRef = currentAppearance(s, ad);
      if (!apRef) continue;
      const geo = geometry(s, apRef);
      if (!geo) continue;
      const rect = numbers(ad.get(N('Rect')), s);
      const bbox = geo.bbox;
      if (!rect || rect.length < 4 || !bbox || bbox.length < 4) continue;
      const mArr = geo.matrix;
      const m: Mat = mArr && mArr.length === 6 ? (mArr as Mat) : [1, 0, 0, 1, 0, 0];
      const place = placement(rect, bbox, m);
      if (!place) continue;
      const name = `FlatAp${xobjects.length}`;
      xobjects.push([name, apRef]);
      draws.push(`q ${place.map(f).join(' ')} cm /${name} Do Q`);
    }
    if (!removed) return;

    const pd = up.patch(page.ref);
    if (keep.length) pd.set(N('Annots'), ctx.obj(keep) as PDFArray);
    else pd.delete(N('Annots'));
    if (!draws.length) return;

    // Resources: a direct copy of the effective resources with our XObjects added.
    const res = PDFDict.withContext(ctx);
    const orig = dictOf(ctx, pageDict.get(N('Resources'))) ?? page.resources;
    if (orig) for (const [k, v] of orig.entries()) res.set(k, v);
    const xo = PDFDict.withContext(ctx);
    const origXo = dictOf(ctx, orig?.get(N('XObject')));
    if (origXo) for (const [k, v] of origXo.entries()) xo.set(k, v);
    for (const [name, ref] of xobjects) xo.set(N(name), ref);
    res.set(N('XObject'), xo);
    pd.set(N('Resources'), res);

    const contents = PDFArray.withContext(ctx);
    contents.push(up.addStream(up.dict({}), 'q\n'));
    const oc = pageDict.get(N('Contents'));
    const ocr = resolve(ctx, oc);
    if (ocr instanceof PDFArray) for (const c of ocr.asArray()) contents.push(c);
    else if (oc instanceof PDFRef) contents.push(oc);
    contents.push(up.addStream(up.dict({}), `Q\n${draws.join('\n')}\n`));
    pd.set(N('Contents'), contents);
  });

  // Empty the form.
  const af = acroFormForWrite(s);
  if (af) {
    af.set(N('Fields'), PDFArray.withContext(ctx));
    af.delete(N('XFA'));
    af.delete(N('NeedAppearances'));
    af.delete(N('SigFlags'));
  }
}

/** A writable AcroForm dictionary (patching the catalog when the AcroForm is inline). */
export function acroFormForWrite(s: Session): PDFDict | undefined {
  const { tpl, up } = s;
  if (!tpl.acroForm) return undefined;
  if (tpl.acroFormRef) return up.patch(tpl.acroFormRef);
  const cat = up.patch(tpl.catalogRef);
  const cur = cat.get(N('AcroForm'));
  if (cur instanceof PDFDict && up.has(tpl.catalogRef) && cur !== tpl.acroForm) return cur;
  const copy = tpl.acroForm.clone(tpl.ctx);
  cat.set(N('AcroForm'), copy);
  return copy;
}
