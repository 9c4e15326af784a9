// Reading a PDF for the page tools: objects are parsed on demand through the cross-reference
// table, so a tool touches only what it uses (the page tree and the objects of the pages it
// keeps), not every object of the file. A full sequential parse by @cantoo/pdf-lib (which repairs
// broken files and decrypts) is the fallback: for encrypted files, for files whose cross-reference
// data is missing or wrong, and whenever an on-demand lookup finds something inconsistent.
import { inflateSync } from 'node:zlib';
import { Lexer, ParseCache, PdfTooComplexError, ref0 } from './lexer.ts';
import { xrefDictFault, xrefStreamFault, type XrefStreamFault } from '../xref-streams.ts';
import { LIMITS } from '../../limits.ts';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObject,
  PDFRawStream,
  PDFRef,
  PDFXRefStreamParser,
  ParseSpeeds,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';

const N = (s: string) => PDFName.of(s);

/** Something in the file is not where the cross-reference data says: re-read it sequentially. */
export class BrokenXrefError extends Error {}

/** An entry of the cross-reference index: at a byte offset, or inside an object stream. */
type Entry = { offset: number; gen: number } | { stream: number; index: number };

export interface Trailer {
  root?: PDFObject;
  info?: PDFObject;
  encrypt?: PDFObject;
  id?: PDFObject;
  size: number;
}

export interface StartXref {
  offset: number;
  xrefStream: boolean;
}

const WS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WS[c] = 1;

/** A PDF starts with %PDF- within its first kilobyte (as pdfjs.ts's looksLikePdf, without loading pdf.js). */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1').includes('%PDF-');
}

export function findStartXref(bytes: Uint8Array): StartXref | undefined {
  const tailStart = Math.max(0, bytes.length - 2048);
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + tailStart, bytes.length - tailStart).toString('latin1');
  const i = tail.lastIndexOf('startxref');
  if (i < 0) return undefined;
  const m = /^startxref\s+(\d+)/.exec(tail.slice(i));
  if (!m) return undefined;
  const offset = Number(m[1]);
  if (offset >= bytes.length) return undefined;
  let p = offset;
  while (p < bytes.length && WS[bytes[p]]) p++;
  return { offset, xrefStream: !(bytes[p] === 0x78 && bytes[p + 1] === 0x72 && bytes[p + 2] === 0x65 && bytes[p + 3] === 0x66) }; // "xref"
}

/** pdf-lib trusts a cross-reference stream's declared field widths and entry count (xref-streams.ts): refused before it reads one. */
function refuseXrefFault(fault: XrefStreamFault | null): void {
  if (fault) throw new PdfTooComplexError(fault.kind === 'widths' ? `cross-reference fields of ${fault.widths} bytes` : `${fault.entries} cross-reference entries`);
}

export class PdfReader {
  private constructor(
    readonly bytes: Uint8Array,
    readonly ctx: PDFContext,
    readonly trailer: Trailer,
    /** Null when the whole file was parsed up front (every object is in ctx). */
    private readonly index: Map<number, Entry> | null,
    readonly startXref: StartXref | undefined,
    /** True when the file was encrypted (and has been decrypted with the empty password). */
    readonly encrypted: boolean,
  ) {
    this.cache = new ParseCache(ctx);
  }

  private readonly cache: ParseCache;

  /** A stream's indirect /Length. */
  private readonly lengthOf = (ref: PDFRef) => this.number(ref);

  get lazy(): boolean {
    return this.index !== null;
  }

  /** Opens `bytes`: on demand when the cross-reference data allows, else by a full parse. */
  static async open(bytes: Uint8Array): Promise<PdfReader> {
    const found: { trailer?: Trailer } = {};
    try {
      const lazy = PdfReader.openLazy(bytes, found);
      if (lazy) return lazy;
    } catch (err) {
      if (err instanceof PdfTooComplexError) throw err; // refused, not repaired
      // Otherwise fall through to the full parse, which repairs what it can.
    }
    return PdfReader.openFull(bytes, found.trailer);
  }

  /**
   * Parses the whole file with pdf-lib: the repairing, decrypting path. `hint` is the trailer the
   * cross-reference data gave, if any (pdf-lib's decrypted context forgets /Info and /Encrypt).
   */
  static async openFull(bytes: Uint8Array, hint?: Trailer): Promise<PdfReader> {
    refuseXrefFault(xrefStreamFault(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1'), LIMITS.pdfObjects));
    // Empty-password encryption opens; callers write the output unencrypted.
    const doc = await PDFDocument.load(bytes, { password: '', updateMetadata: false, parseSpeed: ParseSpeeds.Fastest, throwOnInvalidObject: false });
    const ctx = doc.context;
    const t = ctx.trailerInfo as { Root?: PDFObject; Info?: PDFObject; Encrypt?: PDFObject; ID?: PDFObject; Size?: PDFObject };
    const size = Math.max(ctx.largestObjectNumber + 1, t.Size instanceof PDFNumber ? t.Size.asNumber() : 0);
    const encrypt = t.Encrypt ?? hint?.encrypt;
    // Without a trailer to ask, a file that mentions /Encrypt is treated as encrypted (strings are then written as hex: always safe).
    const encrypted = Boolean(encrypt) || (!hint && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).includes('/Encrypt'));
    const trailer: Trailer = { root: t.Root ?? hint?.root, info: t.Info ?? hint?.info, encrypt, id: t.ID ?? hint?.id, size };
    return new PdfReader(bytes, ctx, trailer, null, findStartXref(bytes), encrypted);
  }

  private static openLazy(bytes: Uint8Array, found: { trailer?: Trailer }): PdfReader | undefined {
    const start = findStartXref(bytes);
    if (!start) return undefined;
    const ctx = PDFContext.create();
    const index = new Map<number, Entry>();
    const trailer: Trailer = { size: 0 };
    const seen = new Set<number>();
    const reader = new PdfReader(bytes, ctx, trailer, index, start, false);
    // Newest section first: an object's first entry found is its current version.
    const pending = [start.offset];
    let first = true;
    while (pending.length) {
      const offset = pending.shift()!;
      if (seen.has(offset) || offset < 0 || offset >= bytes.length) {
        if (seen.has(offset)) continue;
        throw new BrokenXrefError('xref offset out of range');
      }
      seen.add(offset);
      const dict = reader.readXrefSection(offset, index);
      if (first) {
        trailer.root = dict.get(N('Root'));
        trailer.info = dict.get(N('Info'));
        trailer.encrypt = dict.get(N('Encrypt'));
        trailer.id = dict.get(N('ID'));
        first = false;
      }
      trailer.root ??= dict.get(N('Root'));
      const size = dict.get(N('Size'));
      if (size instanceof PDFNumber) trailer.size = Math.max(trailer.size, size.asNumber());
      const stm = dict.get(N('XRefStm'));
      if (stm instanceof PDFNumber) pending.push(stm.asNumber());
      const prev = dict.get(N('Prev'));
      if (prev instanceof PDFNumber) pending.push(prev.asNumber());
    }
    found.trailer = trailer;
    if (trailer.encrypt) return undefined; // decryption lives in the full parse
    if (!(trailer.root instanceof PDFRef)) return undefined;
    for (const n of index.keys()) if (n >= trailer.size) trailer.size = n + 1;
    // The catalog and its page tree root must be where the index says; otherwise repair.
    const catalog = reader.lookup(trailer.root);
    if (!(catalog instanceof PDFDict) || !(reader.resolve(catalog.get(N('Pages'))) instanceof PDFDict)) return undefined;
    return reader;
  }

  /** Reads one cross-reference section (table + trailer, or stream) into `index`; returns its trailer dictionary. */
  private readXrefSection(offset: number, index: Map<number, Entry>): PDFDict {
    const b = this.bytes;
    let p = offset;
    while (p < b.length && WS[b[p]]) p++;
    if (b[p] === 0x78 && b[p + 1] === 0x72 && b[p + 2] === 0x65 && b[p + 3] === 0x66) {
      // Classic table: "xref", subsections "first count" of 20-byte rows, then "trailer << … >>".
      p += 4;
      for (;;) {
        while (p < b.length && WS[b[p]]) p++;
        if (b[p] === 0x74) break; // "trailer"
        const head = readInts(b, p, 2);
        if (!head) throw new BrokenXrefError('bad xref subsection');
        const [firstNum, count] = head.values;
        p = head.end;
        for (let i = 0; i < count; i++) {
          while (p < b.length && WS[b[p]]) p++;
          const row = readInts(b, p, 2);
          if (!row) throw new BrokenXrefError('bad xref row');
          p = row.end;
          while (p < b.length && WS[b[p]]) p++;
          const kind = b[p++];
          const num = firstNum + i;
          if (kind === 0x6e /* n */ && !index.has(num)) index.set(num, { offset: row.values[0], gen: row.values[1] });
          else if (kind === 0x66 /* f */ && !index.has(num)) index.set(num, { offset: -1, gen: 0 });
          else if (kind !== 0x6e && kind !== 0x66) throw new BrokenXrefError('bad xref row type');
        }
      }
      p += 'trailer'.length;
      const dict = new Lexer(b, p, this.cache).object();
      if (!(dict instanceof PDFDict)) throw new BrokenXrefError('no trailer dictionary');
      return dict;
    }
    const { num, obj } = this.parseIndirectAt(offset);
    if (!(obj instanceof PDFRawStream) || obj.dict.get(N('Type')) !== N('XRef')) throw new BrokenXrefError('startxref points at no xref');
    if (!index.has(num)) index.set(num, { offset: -1, gen: 0 }); // the xref stream itself is nobody's object
    refuseXrefFault(xrefDictFault(obj.dict.toString(), LIMITS.pdfObjects));
    for (const e of PDFXRefStreamParser.forStream(obj).parseIntoContext()) {
      const n = e.ref.objectNumber;
      if (index.has(n)) continue;
      if (e.deleted) index.set(n, { offset: -1, gen: 0 });
      else if (e.inObjectStream) index.set(n, { stream: e.offset, index: e.ref.generationNumber });
      else index.set(n, { offset: e.offset, gen: e.ref.generationNumber });
    }
    return obj.dict;
  }

  /** Parses "num gen obj <object>" at a byte offset. */
  private parseIndirectAt(offset: number, ref?: PDFRef): { num: number; obj: PDFObject } {
    const b = this.bytes;
    let p = offset;
    while (p < b.length && WS[b[p]]) p++;
    const head = readInts(b, p, 2);
    if (!head) throw new BrokenXrefError(`no object at offset ${offset}`);
    p = head.end;
    while (p < b.length && WS[b[p]]) p++;
    if (!(b[p] === 0x6f && b[p + 1] === 0x62 && b[p + 2] === 0x6a)) throw new BrokenXrefError(`no "obj" at offset ${offset}`);
    const num = head.values[0];
    if (ref && num !== ref.objectNumber) throw new BrokenXrefError(`object ${ref.objectNumber} is not at offset ${offset}`);
    const obj = new Lexer(b, p + 3, this.cache, this.lengthOf).object();
    return { num, obj };
  }

  /** The object `ref` names (parsed on first use), or undefined when it does not exist. */
  lookup(ref: PDFRef): PDFObject | undefined {
    const cached = this.ctx.lookup(ref);
    if (cached !== undefined || !this.index) return cached;
    const entry = this.index.get(ref.objectNumber);
    if (!entry) return undefined;
    if ('stream' in entry) {
      this.loadFromObjectStream(entry.stream, ref.objectNumber);
      return this.ctx.lookup(ref);
    }
    if (entry.offset < 0) return undefined;
    const { obj } = this.parseIndirectAt(entry.offset, ref);
    this.ctx.assign(ref, obj);
    return obj;
  }

  /** Decoded object streams: their data and where each member starts. */
  private readonly objectStreams = new Map<number, { lexer: Lexer; offsets: Map<number, number> }>();

  /** Parses one member of an object stream (the stream is decoded once, members on demand). */
  private loadFromObjectStream(num: number, objNum: number): void {
    let os = this.objectStreams.get(num);
    if (!os) {
      const stream = this.lookup(ref0(num));
      if (!(stream instanceof PDFRawStream)) throw new BrokenXrefError(`object stream ${num} is missing`);
      const count = this.number(stream.dict.get(N('N')));
      const first = this.number(stream.dict.get(N('First')));
      if (count === undefined || first === undefined) throw new BrokenXrefError(`object stream ${num} has no /N or /First`);
      const data = decodeStream(stream);
      const head = readInts(data, 0, 2 * count);
      if (!head) throw new BrokenXrefError(`object stream ${num} has a bad header`);
      const offsets = new Map<number, number>();
      for (let i = 0; i < count; i++) if (!offsets.has(head.values[2 * i])) offsets.set(head.values[2 * i], first + head.values[2 * i + 1]);
      os = { lexer: new Lexer(data, 0, this.cache), offsets };
      this.objectStreams.set(num, os);
    }
    const at = os.offsets.get(objNum);
    if (at === undefined) throw new BrokenXrefError(`object ${objNum} is not in object stream ${num}`);
    os.lexer.p = at;
    this.ctx.assign(ref0(objNum), os.lexer.object());
  }

  /** Follows a reference (one level; PDF never chains references). */
  resolve(o: PDFObject | undefined): PDFObject | undefined {
    return o instanceof PDFRef ? this.lookup(o) : o;
  }

  dict(o: PDFObject | undefined): PDFDict | undefined {
    const r = this.resolve(o);
    return r instanceof PDFDict ? r : undefined;
  }

  array(o: PDFObject | undefined): PDFArray | undefined {
    const r = this.resolve(o);
    return r instanceof PDFArray ? r : undefined;
  }

  number(o: PDFObject | undefined): number | undefined {
    const r = this.resolve(o);
    return r instanceof PDFNumber ? r.asNumber() : undefined;
  }

  catalog(): PDFDict {
    const c = this.dict(this.trailer.root);
    if (!c) throw new Error('no document catalog');
    return c;
  }
}

/** Reads `count` unsigned integers separated by white space from `p`. */
function readInts(b: Uint8Array, p: number, count: number): { values: number[]; end: number } | undefined {
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    while (p < b.length && WS[b[p]]) p++;
    let v = 0;
    const s = p;
    while (p < b.length && b[p] >= 0x30 && b[p] <= 0x39) v = v * 10 + (b[p++] - 0x30);
    if (p === s) return undefined;
    values.push(v);
  }
  return { values, end: p };
}

/** Object and cross-reference streams hold structure, not content: more than this is a bomb. */
const MAX_DECODED = 64 << 20;

/** A stream's decoded data; plain Flate through node's zlib (pdf-lib's JavaScript inflate is slow). */
export function decodeStream(stream: PDFRawStream): Uint8Array {
  const filter = stream.dict.get(N('Filter'));
  const plainFlate = (filter === N('FlateDecode') || (filter instanceof PDFArray && filter.size() === 1 && filter.get(0) === N('FlateDecode'))) && !stream.dict.has(N('DecodeParms'));
  if (plainFlate) {
    try {
      return inflateSync(stream.getContents(), { finishFlush: 2 /* Z_SYNC_FLUSH: tolerate a missing end */, maxOutputLength: MAX_DECODED });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PdfTooComplexError(`a structure stream expanding past ${MAX_DECODED >> 20} MB`);
      // Otherwise pdf-lib's decoder, more forgiving about damaged data, tries.
    }
  }
  return decodePDFRawStream(stream).decode();
}
