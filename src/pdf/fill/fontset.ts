// Fonts of one update: standard 14 fonts written as small /Type1 dictionaries with
// WinAnsiEncoding, and at most one DejaVu subset (Type0) holding every glyph the update uses.

import { PDFContext, PDFDict, PDFName, PDFRef } from '@cantoo/pdf-lib';
import {
  getDejaVu,
  standardEquivalent,
  standardFont,
  type LayoutFont,
  type StandardTextFont,
} from '../fonts.ts';
import { NewStream, nameOf, type Update } from './writer.ts';
import { writeDejaVuType0 } from '../dejavu-type0.ts';
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
    const up = this.up;
    writeDejaVuType0(
      { dict: (entries) => up.dict(entries), add: (obj) => up.add(obj), addStream: (dict, data) => up.add(new NewStream(dict, data)), set: (ref, obj) => up.set(ref, obj), context: this.ctx },
      this.dvRef,
      this.cps,
    );
  }
}
