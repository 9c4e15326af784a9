// Fonts of one update: standard 14 fonts written as small /Type1 dictionaries with
// WinAnsiEncoding, and at most one DejaVu subset (Type0) holding every glyph the update uses.

import { PDFArray, PDFContext, PDFDict, PDFName, PDFNumber, PDFRef, PDFString } from '@cantoo/pdf-lib';
import {
  dejaVuSubset,
  getDejaVu,
  standardEquivalent,
  standardFont,
  type LayoutFont,
  type StandardTextFont,
} from '../fonts.ts';
import { NewStream, nameOf, type Update } from './writer.ts';
import { findFont } from './template.ts';

const N = (s: string) => PDFName.of(s);

export interface PickedFont {
  font: LayoutFont;
  /** Resource name to use inside the appearance stream. */
  res: string;
  ref: PDFRef;
}

// Template resource lists are immutable, so what their fonts stand for can be remembered.
const stdMemo = new WeakMap<PDFDict[], Map<string, StandardTextFont | null>>();

export class FontSet {
  private readonly std = new Map<StandardTextFont, PDFRef>();
  private dvRef?: PDFRef;
  private readonly cps = new Set<number>();

  constructor(
    private readonly up: Update,
    private readonly ctx: PDFContext,
  ) {}

  /** The standard font a /DA font name stands for, if any (memoized per resource list). */
  standardFor(drs: PDFDict[], daFont: string | undefined): StandardTextFont | undefined {
    if (!daFont) return 'Helvetica';
    let memo = stdMemo.get(drs);
    if (!memo) {
      memo = new Map();
      stdMemo.set(drs, memo);
    }
    if (memo.has(daFont)) return memo.get(daFont) ?? undefined;
    const std = this.lookupStandard(drs, daFont);
    memo.set(daFont, std ?? null);
    return std;
  }

  private lookupStandard(drs: PDFDict[], daFont: string): StandardTextFont | undefined {
    const found = findFont(this.ctx, drs, daFont);
    if (found) {
      const subtype = nameOf(found.dict.get(N('Subtype')));
      if (subtype === 'Type3') return undefined;
      const base = nameOf(found.dict.get(N('BaseFont')));
      return standardEquivalent(base, base ? undefined : daFont);
    }
    return standardEquivalent(undefined, daFont);
  }

  standardRef(name: StandardTextFont): PDFRef {
    let ref = this.std.get(name);
    if (!ref) {
      ref = this.up.add(
        this.up.dict({
          Type: N('Font'),
          Subtype: N('Type1'),
          BaseFont: N(name),
          Encoding: N('WinAnsiEncoding'),
        }),
      );
      this.std.set(name, ref);
    }
    return ref;
  }

  /**
   * Chooses the font for `text` in a field whose /DA names `daFont`: the standard equivalent of
   * the field's font when it can encode the text, else the embedded DejaVu subset.
   */
  pick(drs: PDFDict[], daFont: string | undefined, text: string): PickedFont {
    const std = this.standardFor(drs, daFont);
    if (std) {
      const font = standardFont(std);
      if (font.canEncode(text)) {
        const res = daFont && /^[A-Za-z0-9_.-]+$/.test(daFont) ? daFont : 'Helv';
        return { font, res, ref: this.standardRef(std) };
      }
    }
    return this.dejaVu(text);
  }

  dejaVu(text: string): PickedFont {
    const font = getDejaVu();
    font.use(text, this.cps);
    if (!this.dvRef) this.dvRef = this.up.alloc();
    return { font, res: 'DejaVu', ref: this.dvRef };
  }

  /** Writes the DejaVu subset objects, when DejaVu was used. */
  finish(): void {
    if (!this.dvRef) return;
    const dv = getDejaVu();
    const sub = dejaVuSubset(this.cps);
    const up = this.up;
    const ctx = this.ctx;
    const baseName = `${sub.tag}+DejaVuSans`;
    const file = new NewStream(
      up.dict({ Filter: N('FlateDecode'), Length1: PDFNumber.of(sub.fontFileLength1) }),
      sub.fontFile,
    );
    const fileRef = up.add(file);
    const toUniRef = up.add(new NewStream(up.dict({ Filter: N('FlateDecode') }), sub.toUnicode));
    const descRef = up.add(
      up.dict({
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
    const parts = sub.widths.match(/(\d+) \[(\d+)\]/g) ?? [];
    for (const p of parts) {
      const m = /(\d+) \[(\d+)\]/.exec(p)!;
      widths.push(PDFNumber.of(Number(m[1])));
      widths.push(ctx.obj([Number(m[2])]) as PDFArray);
    }
    const cidRef = up.add(
      up.dict({
        Type: N('Font'),
        Subtype: N('CIDFontType2'),
        BaseFont: N(baseName),
        CIDSystemInfo: up.dict({
          Registry: PDFString.of('Adobe'),
          Ordering: PDFString.of('Identity'),
          Supplement: PDFNumber.of(0),
        }),
        FontDescriptor: descRef,
        DW: PDFNumber.of(1000),
        W: widths,
        CIDToGIDMap: N('Identity'),
      }),
    );
    const descendants = PDFArray.withContext(ctx);
    descendants.push(cidRef);
    up.set(
      this.dvRef,
      up.dict({
        Type: N('Font'),
        Subtype: N('Type0'),
        BaseFont: N(baseName),
        Encoding: N('Identity-H'),
        DescendantFonts: descendants,
        ToUnicode: toUniRef,
      }),
    );
  }
}
