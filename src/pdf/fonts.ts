// Fonts used by the PDF writers (make fillable, fill, flatten).
//
// Two kinds of font serve field appearances:
// - the standard 14 Type 1 fonts (Helvetica, Times, Courier families) with WinAnsiEncoding, used
//   when a field's /DA names one of those typefaces and its text is WinAnsi-encodable; nothing is
//   embedded, so a plain ASCII fill adds no font bytes;
// - DejaVu Sans (Latin, Latin Extended, Greek, Cyrillic), embedded as a subset CIDFontType2 with
//   Identity-H encoding, for everything else.
//
// DejaVu text is written with CID = glyph id of the full DejaVu font (/CIDToGIDMap /Identity), and
// the embedded subset keeps those glyph ids (unused glyphs are empty). Appearance streams therefore
// do not depend on which other glyphs end up in the subset: they are laid out in one pass and the
// font objects are built at the end from the union of glyphs used. Subsets are cached by glyph set.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import type { Font as FkFont } from '@pdf-lib/fontkit';
import { Font as StdFont, Encodings } from '@cantoo/pdf-lib/standard-fonts';

// ---------------------------------------------------------------------------------------------
// Common metrics interface used by the layout code. All metrics in 1/1000 em.

export interface LayoutFont {
  readonly kind: 'standard' | 'dejavu';
  /** Name used in the PDF (BaseFont for standard fonts). */
  readonly name: string;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  /** True when every code point of `text` can be shown by this font. */
  canEncode(text: string): boolean;
  /** Advance width of one code point (1/1000 em). */
  widthOfCodePoint(cp: number): number;
  /** Operand for Tj: a PDF string token (literal or hex) for `text`. */
  encode(text: string): string;
  /** Records glyph use (DejaVu); no-op for standard fonts. */
  use?(text: string, sink: Set<number>): void;
}

export function textWidth(font: LayoutFont, text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += font.widthOfCodePoint(ch.codePointAt(0)!);
  return (w * size) / 1000;
}

// ---------------------------------------------------------------------------------------------
// Standard 14 fonts

export const STANDARD_TEXT_FONTS = [
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
] as const;
export type StandardTextFont = (typeof STANDARD_TEXT_FONTS)[number];

const stdCache = new Map<string, StandardLayoutFont>();

class StandardLayoutFont implements LayoutFont {
  readonly kind = 'standard' as const;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  private readonly widths = new Map<number, number>();
  private readonly afm: StdFont;

  constructor(readonly name: StandardTextFont) {
    this.afm = StdFont.load(name);
    this.ascent = (this.afm.Ascender as number | undefined) ?? this.afm.FontBBox[3];
    this.descent = (this.afm.Descender as number | undefined) ?? this.afm.FontBBox[1];
    this.capHeight = (this.afm.CapHeight as number | undefined) ?? 700;
  }

  canEncode(text: string): boolean {
    for (const ch of text) {
      if (!Encodings.WinAnsi.canEncodeUnicodeCodePoint(ch.codePointAt(0)!)) return false;
    }
    return true;
  }

  widthOfCodePoint(cp: number): number {
    let w = this.widths.get(cp);
    if (w === undefined) {
      if (Encodings.WinAnsi.canEncodeUnicodeCodePoint(cp)) {
        const { name } = Encodings.WinAnsi.encodeUnicodeCodePoint(cp);
        w = (this.afm.getWidthOfGlyph(name) as number | undefined) ?? 500;
      } else {
        w = 500;
      }
      this.widths.set(cp, w);
    }
    return w;
  }

  encode(text: string): string {
    let out = '(';
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const code = Encodings.WinAnsi.canEncodeUnicodeCodePoint(cp)
        ? Encodings.WinAnsi.encodeUnicodeCodePoint(cp).code
        : 0x3f;
      if (code === 0x28 || code === 0x29 || code === 0x5c) out += '\\' + String.fromCharCode(code);
      else if (code < 0x20 || code > 0x7e) out += '\\' + code.toString(8).padStart(3, '0');
      else out += String.fromCharCode(code);
    }
    return out + ')';
  }
}

export function standardFont(name: StandardTextFont): LayoutFont {
  let f = stdCache.get(name);
  if (!f) {
    f = new StandardLayoutFont(name);
    stdCache.set(name, f);
  }
  return f;
}

/**
 * Maps a font's /BaseFont (or a conventional DR resource name such as /Helv) to a standard 14 text
 * font with the same look, or undefined when it is something else (a symbol font, or a typeface
 * we cannot stand in for).
 */
export function standardEquivalent(baseFont: string | undefined, resName?: string): StandardTextFont | undefined {
  const fromName = (n: string): StandardTextFont | undefined => {
    const s = n.replace(/^[A-Z]{6}\+/, '').replace(/[\s_]/g, '').toLowerCase();
    const bold = /bold|black|heavy|semibold|demi/.test(s);
    const italic = /italic|oblique/.test(s);
    let family: 'Helvetica' | 'Times' | 'Courier' | undefined;
    if (/^(helvetica|arial|helv|liberationsans|nimbussans|arimo)/.test(s)) family = 'Helvetica';
    else if (/^(times|tiro|liberationserif|nimbusroman|tinos)/.test(s)) family = 'Times';
    else if (/^(courier|cour|liberationmono|nimbusmono|cousine)/.test(s)) family = 'Courier';
    if (!family) return undefined;
    if (family === 'Times') {
      return bold && italic ? 'Times-BoldItalic' : bold ? 'Times-Bold' : italic ? 'Times-Italic' : 'Times-Roman';
    }
    const suffix = bold && italic ? '-BoldOblique' : bold ? '-Bold' : italic ? '-Oblique' : '';
    return `${family}${suffix}` as StandardTextFont;
  };
  if (baseFont) return fromName(baseFont);
  if (resName) {
    const conventional: Record<string, StandardTextFont> = {
      Helv: 'Helvetica',
      HeBo: 'Helvetica-Bold',
      HeOb: 'Helvetica-Oblique',
      HeBO: 'Helvetica-BoldOblique',
      TiRo: 'Times-Roman',
      TiBo: 'Times-Bold',
      TiIt: 'Times-Italic',
      TiBI: 'Times-BoldItalic',
      Cour: 'Courier',
      CoBo: 'Courier-Bold',
      CoOb: 'Courier-Oblique',
      CoBO: 'Courier-BoldOblique',
    };
    return conventional[resName] ?? fromName(resName);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// DejaVu Sans

const require = createRequire(import.meta.url);

export function dejaVuPath(): string {
  const pkg = require.resolve('dejavu-fonts-ttf/package.json');
  return join(dirname(pkg), 'ttf', 'DejaVuSans.ttf');
}

export class DejaVuFont implements LayoutFont {
  readonly kind = 'dejavu' as const;
  readonly name = 'DejaVuSans';
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly bbox: [number, number, number, number];
  readonly fk: FkFont;
  private readonly scale: number;
  private readonly gidCache = new Map<number, number>();
  private readonly advCache = new Map<number, number>();

  readonly sfnt: Sfnt;

  constructor(bytes: Uint8Array) {
    this.fk = fontkit.create(bytes);
    this.sfnt = parseSfnt(bytes);
    this.scale = 1000 / this.fk.unitsPerEm;
    this.ascent = Math.round(this.fk.ascent * this.scale);
    this.descent = Math.round(this.fk.descent * this.scale);
    const cap = this.fk.capHeight;
    this.capHeight = cap ? Math.round(cap * this.scale) : 729;
    const b = this.fk.bbox;
    this.bbox = [b.minX, b.minY, b.maxX, b.maxY].map((v) => Math.round(v * this.scale)) as [
      number,
      number,
      number,
      number,
    ];
  }

  /** Glyph id in the full font; 0 (.notdef) when the font has no glyph. */
  gid(cp: number): number {
    let g = this.gidCache.get(cp);
    if (g === undefined) {
      g = this.fk.hasGlyphForCodePoint(cp) ? this.fk.glyphForCodePoint(cp).id : 0;
      this.gidCache.set(cp, g);
    }
    return g;
  }

  advanceOfGid(gid: number): number {
    let a = this.advCache.get(gid);
    if (a === undefined) {
      a = Math.round(this.fk.getGlyph(gid).advanceWidth * this.scale);
      this.advCache.set(gid, a);
    }
    return a;
  }

  /** Code points this font cannot show (ignoring line breaks and tabs). */
  missing(text: string): string[] {
    const out = new Set<string>();
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (cp === 10 || cp === 13 || cp === 9) continue;
      if (this.gid(cp) === 0) out.add(ch);
    }
    return [...out];
  }

  canEncode(text: string): boolean {
    return this.missing(text).length === 0;
  }

  widthOfCodePoint(cp: number): number {
    return this.advanceOfGid(this.gid(cp));
  }

  encode(text: string): string {
    let hex = '<';
    for (const ch of text) hex += this.gid(ch.codePointAt(0)!).toString(16).padStart(4, '0');
    return hex + '>';
  }

  use(text: string, sink: Set<number>): void {
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const g = this.gid(cp);
      if (g) sink.add(cp);
    }
  }
}

let dejaVu: DejaVuFont | undefined;
export function getDejaVu(): DejaVuFont {
  if (!dejaVu) dejaVu = new DejaVuFont(readFileSync(dejaVuPath()));
  return dejaVu;
}

/** Everything needed to write a DejaVu subset as a Type0 font; independent of object numbers. */
export interface DejaVuSubset {
  /** Six-letter subset tag, derived from the glyph set. */
  tag: string;
  /** FontFile2 (deflated) and its uncompressed length (/Length1). */
  fontFile: Uint8Array;
  fontFileLength1: number;
  /** ToUnicode CMap (deflated). */
  toUnicode: Uint8Array;
  /** Body of the /W array, e.g. "3 [600] 17 [500]". */
  widths: string;
}

const subsetCache = new Map<string, DejaVuSubset>();
const SUBSET_CACHE_MAX = 256;

/**
 * Builds (or returns the cached) subset holding the glyphs of the given code points. Glyph ids are
 * those of the full font (unused glyphs are empty), so the PDF uses /CIDToGIDMap /Identity.
 */
export function dejaVuSubset(codePoints: Iterable<number>): DejaVuSubset {
  const font = getDejaVu();
  const cps = [...new Set(codePoints)].filter((cp) => font.gid(cp) !== 0).sort((a, b) => a - b);
  const key = cps.join(',');
  let sub = subsetCache.get(key);
  if (sub) {
    subsetCache.delete(key); // refresh LRU position
    subsetCache.set(key, sub);
    return sub;
  }
  sub = buildSubset(font, cps);
  subsetCache.set(key, sub);
  if (subsetCache.size > SUBSET_CACHE_MAX) {
    const first = subsetCache.keys().next().value;
    if (first !== undefined) subsetCache.delete(first);
  }
  return sub;
}

function buildSubset(font: DejaVuFont, cps: number[]): DejaVuSubset {
  const toUni = new Map<number, number>(); // gid -> first code point
  for (const cp of cps) {
    const g = font.gid(cp);
    if (!toUni.has(g)) toUni.set(g, cp);
  }
  const gids = [...toUni.keys()].sort((a, b) => a - b);
  const ttf = subsetTrueType(font.sfnt, gids, toUni);
  const widths = gids.map((g) => `${g} [${font.advanceOfGid(g)}]`).join(' ');
  const hash = createHash('sha1').update(cps.join(',')).digest();
  let tag = '';
  for (let i = 0; i < 6; i++) tag += String.fromCharCode(65 + (hash[i] % 26));
  return {
    tag,
    fontFile: deflateSync(ttf),
    fontFileLength1: ttf.length,
    toUnicode: deflateSync(Buffer.from(toUnicodeCMap(gids, toUni), 'latin1')),
    widths,
  };
}

// ---------------------------------------------------------------------------------------------
// TrueType subsetting that keeps glyph ids: the glyf table holds only the used glyphs (and the
// components of composite ones); every other glyph is empty. Synchronous and fast (no fontkit
// encoder, whose stream API defers work through timers).

export interface Sfnt {
  data: Buffer;
  tables: Map<string, { offset: number; length: number }>;
  numGlyphs: number;
  longLoca: boolean;
}

export function parseSfnt(bytes: Uint8Array): Sfnt {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = data.readUInt16BE(4);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < n; i++) {
    const p = 12 + 16 * i;
    tables.set(data.toString('latin1', p, p + 4), { offset: data.readUInt32BE(p + 8), length: data.readUInt32BE(p + 12) });
  }
  const head = tables.get('head')!;
  const maxp = tables.get('maxp')!;
  return {
    data,
    tables,
    numGlyphs: data.readUInt16BE(maxp.offset + 4),
    longLoca: data.readInt16BE(head.offset + 50) === 1,
  };
}

function table(f: Sfnt, tag: string): Buffer | undefined {
  const t = f.tables.get(tag);
  return t ? f.data.subarray(t.offset, t.offset + t.length) : undefined;
}

function glyphRange(f: Sfnt, loca: Buffer, gid: number): [number, number] {
  if (f.longLoca) return [loca.readUInt32BE(gid * 4), loca.readUInt32BE(gid * 4 + 4)];
  return [loca.readUInt16BE(gid * 2) * 2, loca.readUInt16BE(gid * 2 + 2) * 2];
}

function checksum(b: Buffer): number {
  let sum = 0;
  const n = b.length & ~3;
  for (let i = 0; i < n; i += 4) sum = (sum + b.readUInt32BE(i)) >>> 0;
  if (n < b.length) {
    const tail = Buffer.alloc(4);
    b.copy(tail, 0, n);
    sum = (sum + tail.readUInt32BE(0)) >>> 0;
  }
  return sum;
}

function nameTable(orig: Buffer | undefined): Buffer | undefined {
  // keep copyright, family, subfamily, full name and PostScript name (Windows and Mac records)
  if (!orig) return undefined;
  const count = orig.readUInt16BE(2);
  const strOff = orig.readUInt16BE(4);
  const keep: { rec: Buffer; str: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const p = 6 + 12 * i;
    const nameId = orig.readUInt16BE(p + 6);
    if (![0, 1, 2, 4, 6].includes(nameId)) continue;
    const len = orig.readUInt16BE(p + 8);
    const off = orig.readUInt16BE(p + 10);
    keep.push({ rec: orig.subarray(p, p + 12), str: orig.subarray(strOff + off, strOff + off + len) });
  }
  const head = Buffer.alloc(6 + 12 * keep.length);
  head.writeUInt16BE(0, 0);
  head.writeUInt16BE(keep.length, 2);
  head.writeUInt16BE(head.length, 4);
  let off = 0;
  keep.forEach((k, i) => {
    const p = 6 + 12 * i;
    k.rec.copy(head, p);
    head.writeUInt16BE(k.str.length, p + 8);
    head.writeUInt16BE(off, p + 10);
    off += k.str.length;
  });
  return Buffer.concat([head, ...keep.map((k) => k.str)]);
}

function cmapTable(toUni: Map<number, number>): Buffer {
  // format 4, one segment per BMP code point, plus the final 0xFFFF segment
  const pairs = [...toUni].map(([g, cp]) => [cp, g] as const).filter(([cp]) => cp < 0xffff).sort((a, b) => a[0] - b[0]);
  const segs = pairs.length + 1;
  const sub = Buffer.alloc(16 + segs * 8);
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(sub.length, 2);
  sub.writeUInt16BE(0, 4);
  sub.writeUInt16BE(segs * 2, 6);
  const pow = 2 ** Math.floor(Math.log2(segs));
  sub.writeUInt16BE(pow * 2, 8);
  sub.writeUInt16BE(Math.log2(pow), 10);
  sub.writeUInt16BE(segs * 2 - pow * 2, 12);
  const endAt = 14;
  const startAt = endAt + segs * 2 + 2;
  const deltaAt = startAt + segs * 2;
  const rangeAt = deltaAt + segs * 2;
  pairs.forEach(([cp, g], i) => {
    sub.writeUInt16BE(cp, endAt + i * 2);
    sub.writeUInt16BE(cp, startAt + i * 2);
    sub.writeUInt16BE((g - cp + 0x10000) & 0xffff, deltaAt + i * 2);
    sub.writeUInt16BE(0, rangeAt + i * 2);
  });
  const last = segs - 1;
  sub.writeUInt16BE(0xffff, endAt + last * 2);
  sub.writeUInt16BE(0xffff, startAt + last * 2);
  sub.writeUInt16BE(1, deltaAt + last * 2);
  sub.writeUInt16BE(0, rangeAt + last * 2);
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0, 0);
  head.writeUInt16BE(1, 2);
  head.writeUInt16BE(3, 4); // Windows
  head.writeUInt16BE(1, 6); // Unicode BMP
  head.writeUInt32BE(12, 8);
  return Buffer.concat([head, sub]);
}

export function subsetTrueType(f: Sfnt, gidsIn: number[], toUni: Map<number, number>): Buffer {
  const loca = table(f, 'loca')!;
  const glyf = table(f, 'glyf')!;
  // close over composite components
  const used = new Set<number>([0, ...gidsIn.filter((g) => g > 0 && g < f.numGlyphs)]);
  const stack = [...used];
  while (stack.length) {
    const g = stack.pop()!;
    const [a, b] = glyphRange(f, loca, g);
    if (b - a < 10 || glyf.readInt16BE(a) >= 0) continue;
    let p = a + 10;
    for (;;) {
      const flags = glyf.readUInt16BE(p);
      const comp = glyf.readUInt16BE(p + 2);
      if (!used.has(comp) && comp < f.numGlyphs) {
        used.add(comp);
        stack.push(comp);
      }
      p += 4 + (flags & 0x0001 ? 4 : 2);
      if (flags & 0x0008) p += 2;
      else if (flags & 0x0040) p += 4;
      else if (flags & 0x0080) p += 8;
      if (!(flags & 0x0020)) break;
    }
  }
  const n = f.numGlyphs;
  const newLoca = Buffer.alloc((n + 1) * 4);
  const parts: Buffer[] = [];
  let off = 0;
  for (let g = 0; g < n; g++) {
    newLoca.writeUInt32BE(off, g * 4);
    if (!used.has(g)) continue;
    const [a, b] = glyphRange(f, loca, g);
    if (b > a) {
      const len = b - a;
      const padded = (len + 3) & ~3;
      const gb = Buffer.alloc(padded);
      glyf.copy(gb, 0, a, b);
      parts.push(gb);
      off += padded;
    }
  }
  newLoca.writeUInt32BE(off, n * 4);
  const newGlyf = Buffer.concat(parts);

  // hmtx: full length (numberOfHMetrics = numGlyphs), zero for unused glyphs
  const hhea = Buffer.from(table(f, 'hhea')!);
  const oldHm = hhea.readUInt16BE(34);
  const hmtxOld = table(f, 'hmtx')!;
  const hmtx = Buffer.alloc(n * 4);
  for (const g of used) {
    const adv = hmtxOld.readUInt16BE(Math.min(g, oldHm - 1) * 4);
    const lsb = g < oldHm ? hmtxOld.readInt16BE(g * 4 + 2) : hmtxOld.readInt16BE(oldHm * 4 + (g - oldHm) * 2);
    hmtx.writeUInt16BE(adv, g * 4);
    hmtx.writeInt16BE(lsb, g * 4 + 2);
  }
  hhea.writeUInt16BE(n, 34);
  const head = Buffer.from(table(f, 'head')!);
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  head.writeInt16BE(1, 50); // long loca
  const post = Buffer.alloc(32);
  post.writeUInt32BE(0x00030000, 0);
  const origPost = table(f, 'post');
  if (origPost) origPost.copy(post, 4, 4, 32);
  post.writeUInt32BE(0x00030000, 0);

  const out = new Map<string, Buffer>();
  out.set('head', head);
  out.set('hhea', hhea);
  out.set('maxp', Buffer.from(table(f, 'maxp')!));
  out.set('hmtx', hmtx);
  out.set('loca', newLoca);
  out.set('glyf', newGlyf);
  out.set('cmap', cmapTable(toUni));
  out.set('post', post);
  for (const tag of ['OS/2', 'cvt ', 'fpgm', 'prep']) {
    const t = table(f, tag);
    if (t) out.set(tag, t);
  }
  const name = nameTable(table(f, 'name'));
  if (name) out.set('name', name);

  const tags = [...out.keys()].sort();
  const numTables = tags.length;
  const pow = 2 ** Math.floor(Math.log2(numTables));
  const dir = Buffer.alloc(12 + 16 * numTables);
  dir.writeUInt32BE(0x00010000, 0);
  dir.writeUInt16BE(numTables, 4);
  dir.writeUInt16BE(pow * 16, 6);
  dir.writeUInt16BE(Math.log2(pow), 8);
  dir.writeUInt16BE(numTables * 16 - pow * 16, 10);
  const bodies: Buffer[] = [];
  let pos = dir.length;
  tags.forEach((tag, i) => {
    const b = out.get(tag)!;
    const p = 12 + 16 * i;
    dir.write(tag, p, 'latin1');
    dir.writeUInt32BE(checksum(b), p + 4);
    dir.writeUInt32BE(pos, p + 8);
    dir.writeUInt32BE(b.length, p + 12);
    const padded = (b.length + 3) & ~3;
    bodies.push(b, Buffer.alloc(padded - b.length));
    pos += padded;
  });
  const font = Buffer.concat([dir, ...bodies]);
  const headPos = dir.readUInt32BE(12 + 16 * tags.indexOf('head') + 8);
  font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headPos + 8);
  return font;
}

function utf16Hex(cp: number): string {
  if (cp < 0x10000) return cp.toString(16).padStart(4, '0');
  const v = cp - 0x10000;
  return (
    (0xd800 + (v >> 10)).toString(16).padStart(4, '0') + (0xdc00 + (v & 0x3ff)).toString(16).padStart(4, '0')
  );
}

function toUnicodeCMap(gids: number[], toUni: Map<number, number>): string {
  const lines: string[] = [];
  for (let i = 0; i < gids.length; i += 100) {
    const chunk = gids.slice(i, i + 100);
    lines.push(`${chunk.length} beginbfchar`);
    for (const g of chunk) lines.push(`<${g.toString(16).padStart(4, '0')}> <${utf16Hex(toUni.get(g)!)}>`);
    lines.push('endbfchar');
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
    ...lines,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
