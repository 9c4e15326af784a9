// A PDF object parser built for speed, producing pdf-lib's object classes. pdf-lib's own parser
// builds strings a character at a time, decodes every name and formats every number as it reads
// (half the time of a page tool went there, and most of the garbage); this one slices, caches
// names and numbers per document, and keeps stream data as a view of the file (no copy).
import { PDFArray, PDFBool, PDFContext, PDFDict, PDFHexString, PDFName, PDFNull, PDFNumber, PDFObject, PDFRawStream, PDFRef, PDFString } from '@cantoo/pdf-lib';
import { refOf } from '../ref-pool.ts';

export class PdfSyntaxError extends Error {}
/** The file is well-formed but beyond what a page tool takes on (refused, not repaired). */
export class PdfTooComplexError extends Error {}

const WS = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;
const ENDSTREAM = Buffer.from('endstream', 'latin1');

/**
 * Caches bounded in size: in a worker thread a single allocation far past the heap limit (a huge
 * Map or array being grown) is a fatal out-of-memory for the whole process, not just the worker,
 * so nothing here grows without bound on a hostile file.
 */
const CACHE_LIMIT = 65_536;
/** Longer arrays are refused (real files stay far below: the largest are font width tables). */
export const MAX_ARRAY = 262_144;

/** The reference "num 0 R": pdf-lib's one instance for it (ref-pool.ts: by number, no string built). */
export const ref0 = (num: number): PDFRef => refOf(num, 0);

/** Caches shared by every object of one document. */
export class ParseCache {
  names = new Map<string, PDFName>();
  numbers = new Map<number, PDFNumber>();
  constructor(readonly ctx: PDFContext) {}
  name(raw: string): PDFName {
    let n = this.names.get(raw);
    if (!n) {
      n = PDFName.of(raw);
      if (this.names.size < CACHE_LIMIT) this.names.set(raw, n);
    }
    return n;
  }
  ref(num: number, gen: number): PDFRef {
    return refOf(num, gen);
  }
  /** A number whose serialisation is `text` (its token in the file, or the integer's digits). */
  number(v: number, text?: string): PDFNumber {
    let n = this.numbers.get(v);
    if (!n) {
      n = numberWithText(v, text ?? String(v));
      if (this.numbers.size < CACHE_LIMIT) this.numbers.set(v, n);
    }
    return n;
  }
}

/**
 * A PDFNumber that writes back as the file wrote it. PDFNumber.of formats its value with a slow
 * general routine (a tenth of a page tool's time); the token read is already a valid number.
 */
function numberWithText(value: number, text: string): PDFNumber {
  const n = Object.create(PDFNumber.prototype) as PDFNumber;
  Object.assign(n, { numberValue: value, stringValue: text });
  return n;
}

const latin1 = (b: Uint8Array, s: number, e: number) => Buffer.from(b.buffer, b.byteOffset + s, e - s).toString('latin1');

export class Lexer {
  constructor(
    readonly b: Uint8Array,
    public p: number,
    readonly cache: ParseCache,
    /** Resolves an indirect /Length of a stream. */
    readonly lengthOf?: (ref: PDFRef) => number | undefined,
  ) {}

  skipWs(): void {
    const b = this.b;
    let p = this.p;
    for (;;) {
      while (p < b.length && WS[b[p]]) p++;
      if (b[p] !== 0x25) break; // % comment to end of line
      while (p < b.length && b[p] !== 0x0a && b[p] !== 0x0d) p++;
    }
    this.p = p;
  }

  /** Reads an unsigned integer at the current position, or returns -1. */
  int(): number {
    this.skipWs();
    const b = this.b;
    let p = this.p;
    let v = 0;
    const s = p;
    while (p < b.length && b[p] >= 0x30 && b[p] <= 0x39) v = v * 10 + (b[p++] - 0x30);
    if (p === s) return -1;
    this.p = p;
    return v;
  }

  keyword(word: string): boolean {
    this.skipWs();
    for (let i = 0; i < word.length; i++) if (this.b[this.p + i] !== word.charCodeAt(i)) return false;
    const after = this.b[this.p + word.length];
    if (after !== undefined && !WS[after] && !DELIM[after]) return false;
    this.p += word.length;
    return true;
  }

  object(): PDFObject {
    this.skipWs();
    const b = this.b;
    const c = b[this.p];
    switch (c) {
      case 0x2f: // /
        return this.name();
      case 0x3c: // <
        return b[this.p + 1] === 0x3c ? this.dictOrStream() : this.hex();
      case 0x28: // (
        return this.literal();
      case 0x5b: {
        // [
        this.p++;
        const items: PDFObject[] = [];
        for (;;) {
          this.skipWs();
          if (b[this.p] === 0x5d) {
            this.p++;
            break;
          }
          if (this.p >= b.length) throw new PdfSyntaxError('unterminated array');
          if (items.length >= MAX_ARRAY) throw new PdfTooComplexError(`an array of more than ${MAX_ARRAY} items`);
          items.push(this.object());
        }
        const arr = PDFArray.withContext(this.cache.ctx);
        for (const item of items) arr.push(item);
        return arr;
      }
      case 0x74: // t
        if (this.keyword('true')) return PDFBool.True;
        break;
      case 0x66: // f
        if (this.keyword('false')) return PDFBool.False;
        break;
      case 0x6e: // n
        if (this.keyword('null')) return PDFNull;
        break;
      default:
        if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) return this.numberOrRef();
    }
    throw new PdfSyntaxError(`unexpected byte ${c} at ${this.p}`);
  }

  private name(): PDFName {
    const b = this.b;
    const s = ++this.p;
    let p = s;
    while (p < b.length && !WS[b[p]] && !DELIM[b[p]]) p++;
    this.p = p;
    let raw = '';
    if (p - s <= 24) for (let i = s; i < p; i++) raw += String.fromCharCode(b[i]);
    else raw = latin1(b, s, p);
    return this.cache.name(raw);
  }

  private numberOrRef(): PDFNumber | PDFRef {
    const b = this.b;
    const s = this.p;
    let p = s;
    let simple = true;
    let v = 0;
    while (p < b.length && b[p] >= 0x30 && b[p] <= 0x39) v = v * 10 + (b[p++] - 0x30);
    if (p === s || b[p] === 0x2e || b[p] === 0x2b || b[p] === 0x2d) {
      simple = false;
      while (p < b.length && ((b[p] >= 0x30 && b[p] <= 0x39) || b[p] === 0x2e || b[p] === 0x2b || b[p] === 0x2d)) p++;
    }
    this.p = p;
    if (!simple) {
      const text = latin1(b, s, p);
      const n = Number(text);
      if (!Number.isFinite(n)) return this.cache.number(0); // "--5", "1.2.3": readers take 0
      return this.cache.number(n, text);
    }
    // "num gen R"?
    let q = p;
    while (q < b.length && WS[b[q]]) q++;
    if (b[q] >= 0x30 && b[q] <= 0x39) {
      let gen = 0;
      while (q < b.length && b[q] >= 0x30 && b[q] <= 0x39) gen = gen * 10 + (b[q++] - 0x30);
      while (q < b.length && WS[b[q]]) q++;
      if (b[q] === 0x52 && (q + 1 >= b.length || WS[b[q + 1]] || DELIM[b[q + 1]])) {
        this.p = q + 1;
        return this.cache.ref(v, gen);
      }
    }
    return this.cache.number(v);
  }

  private hex(): PDFHexString {
    const b = this.b;
    const s = ++this.p;
    let p = s;
    while (p < b.length && b[p] !== 0x3e) p++;
    this.p = p + 1;
    let text = latin1(b, s, p);
    if (/\s/.test(text)) text = text.replace(/\s+/g, '');
    return PDFHexString.of(text);
  }

  private literal(): PDFString {
    // pdf-lib keeps a literal string's raw (escaped) text and writes it back as is.
    const b = this.b;
    const s = ++this.p;
    let p = s;
    let depth = 1;
    while (p < b.length) {
      const c = b[p];
      if (c === 0x5c) p += 2;
      else {
        if (c === 0x28) depth++;
        else if (c === 0x29 && --depth === 0) break;
        p++;
      }
    }
    if (depth !== 0) throw new PdfSyntaxError('unterminated string');
    this.p = p + 1;
    return PDFString.of(latin1(b, s, p));
  }

  private dictOrStream(): PDFDict | PDFRawStream {
    const b = this.b;
    this.p += 2;
    const map = new Map<PDFName, PDFObject>();
    for (;;) {
      this.skipWs();
      if (b[this.p] === 0x3e && b[this.p + 1] === 0x3e) {
        this.p += 2;
        break;
      }
      if (this.p >= b.length) throw new PdfSyntaxError('unterminated dictionary');
      if (b[this.p] !== 0x2f) throw new PdfSyntaxError(`dictionary key expected at ${this.p}`);
      const key = this.name();
      const value = this.object();
      if (value !== PDFNull) map.set(key, value); // a null entry is an absent entry
    }
    const dict = PDFDict.fromMapWithContext(map, this.cache.ctx);
    // A stream follows its dictionary: "stream", one end of line, the data, "endstream".
    let p = this.p;
    while (p < b.length && (b[p] === 0x20 || b[p] === 0x0a || b[p] === 0x0d || b[p] === 0x09)) p++;
    if (!(b[p] === 0x73 && b[p + 1] === 0x74 && b[p + 2] === 0x72 && b[p + 3] === 0x65 && b[p + 4] === 0x61 && b[p + 5] === 0x6d)) return dict;
    p += 6;
    if (b[p] === 0x0d) p++;
    if (b[p] === 0x0a) p++;
    const start = p;
    let end = -1;
    const lengthObj = map.get(PDFName.of('Length'));
    const length = lengthObj instanceof PDFNumber ? lengthObj.asNumber() : lengthObj instanceof PDFRef ? this.lengthOf?.(lengthObj) : undefined;
    if (length !== undefined && length >= 0 && start + length <= b.length) {
      let q = start + length;
      while (q < b.length && WS[b[q]]) q++;
      if (Buffer.from(b.buffer, b.byteOffset + q, Math.min(9, b.length - q)).equals(ENDSTREAM)) {
        end = start + length;
        this.p = q + 9;
      }
    }
    if (end < 0) {
      // Wrong or missing /Length: the data ends before the next "endstream" (less its end of line).
      const at = Buffer.from(b.buffer, b.byteOffset, b.length).indexOf(ENDSTREAM, start);
      if (at < 0) throw new PdfSyntaxError('stream without endstream');
      end = at;
      if (b[end - 1] === 0x0a) end--;
      if (b[end - 1] === 0x0d) end--;
      this.p = at + 9;
    }
    return PDFRawStream.of(dict, b.subarray(start, end));
  }
}
