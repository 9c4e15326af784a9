// A DejaVu Sans subset written as a Type0 font (Identity-H, CIDToGIDMap Identity, a ToUnicode map
// so the text stays extractable), into whatever is building the PDF: the filler's incremental
// update, or a new document (the fax cover page). The subset keeps the full font's glyph ids, so
// text is encoded with `getDejaVu().encode`.
import { PDFArray, PDFContext, PDFDict, PDFNumber, PDFName, PDFRawStream, PDFRef, PDFString, type PDFObject } from '@cantoo/pdf-lib';
import { dejaVuSubset, getDejaVu } from './fonts.ts';

/** Where the font's objects go. */
export interface ObjectSink {
  context: PDFContext;
  dict(entries: Record<string, PDFObject | undefined>): PDFDict;
  add(obj: PDFObject): PDFRef;
  /** Adds a stream whose data is already encoded as `dict` says. */
  addStream(dict: PDFDict, data: Uint8Array): PDFRef;
  set(ref: PDFRef, obj: PDFObject): void;
}

const N = (s: string) => PDFName.of(s);

/** Writes the font dictionary at `ref` (and its descendants) for the glyphs of `codePoints`. */
export function writeDejaVuType0(out: ObjectSink, ref: PDFRef, codePoints: Iterable<number>): void {
  const dv = getDejaVu();
  const sub = dejaVuSubset(codePoints);
  const ctx = out.context;
  const baseName = `${sub.tag}+DejaVuSans`;
  const fileRef = out.addStream(out.dict({ Filter: N('FlateDecode'), Length1: PDFNumber.of(sub.fontFileLength1) }), sub.fontFile);
  const toUniRef = out.addStream(out.dict({ Filter: N('FlateDecode') }), sub.toUnicode);
  const descRef = out.add(
    out.dict({
      Type: N('FontDescriptor'),
      FontName: N(baseName),
      Flags: PDFNumber.of(4),
      FontBBox: ctx.obj(dv.bbox) as PDFArray,
      ItalicAngle: PDFNumber.of(0),
      Ascent: PDFNumber.of(dv.ascent),
      Descent: PDFNumber.of(dv.descent),
      CapHeight: PDFNumber.of(dv.capHeight),
      StemV: PDFNumber.of(80),
      FontFile2: fileRef,
    }),
  );
  const widths = PDFArray.withContext(ctx);
  // "g [w] g [w] …" as alternating numbers and one-element arrays
  for (const m of sub.widths.matchAll(/(\d+) \[(\d+)\]/g)) {
    widths.push(PDFNumber.of(Number(m[1])));
    widths.push(ctx.obj([Number(m[2])]) as PDFArray);
  }
  const cidRef = out.add(
    out.dict({
      Type: N('Font'),
      Subtype: N('CIDFontType2'),
      BaseFont: N(baseName),
      CIDSystemInfo: out.dict({ Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: PDFNumber.of(0) }),
      FontDescriptor: descRef,
      DW: PDFNumber.of(1000),
      W: widths,
      CIDToGIDMap: N('Identity'),
    }),
  );
  const descendants = PDFArray.withContext(ctx);
  descendants.push(cidRef);
  out.set(ref, out.dict({ Type: N('Font'), Subtype: N('Type0'), BaseFont: N(baseName), Encoding: N('Identity-H'), DescendantFonts: descendants, ToUnicode: toUniRef }));
}

/** The sink of a document built in memory with @cantoo/pdf-lib. */
export function documentSink(context: PDFContext): ObjectSink {
  const dict = (entries: Record<string, PDFObject | undefined>) => {
    const d = PDFDict.withContext(context);
    for (const [k, v] of Object.entries(entries)) if (v !== undefined) d.set(N(k), v);
    return d;
  };
  return {
    context,
    dict,
    add: (obj) => context.register(obj),
    addStream: (d, data) => context.register(PDFRawStream.of(d, data)),
    set: (ref, obj) => context.assign(ref, obj),
  };
}
