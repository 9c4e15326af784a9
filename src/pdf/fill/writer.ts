// Incremental-update writer. An update is a set of objects (new ones, or new versions of existing
// ones) serialized after the original bytes, followed by a cross-reference section (a classic table,
// or a cross-reference stream when the original ends with one) whose trailer points back (/Prev) at
// the original. The original bytes are never touched; only what changes is written.
//
// Objects are cantoo pdf-lib objects (parsed ones from the template, or new ones); this module has its
// own serializer so that strings and streams can be encrypted with the original file key.

import { deflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  PDFContext,
} from '@cantoo/pdf-lib';
import type { SecurityHandler } from './crypto.ts';

export interface TrailerInfo {
  root: PDFRef;
  info?: PDFObject;
  id?: [Uint8Array, Uint8Array];
  /** The /Encrypt entry as found in the original trailer (a reference, or a raw direct dict). */
  encrypt?: PDFObject;
  size: number;
  prevOffset: number;
  xrefStream: boolean;
}

export function fmtNum(n: number): string {
  if (Number.isInteger(n)) return String(n);
  if (!Number.isFinite(n)) return '0';
  const r = Math.round(n * 10000) / 10000;
  if (r === 0) return '0';
  if (Math.abs(r) >= 1e21) return r.toFixed(0);
  return String(r);
}

const HEX = '0123456789abcdef';
function hexOf(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i] >> 4] + HEX[bytes[i] & 15];
  return s;
}

function stringToken(bytes: Uint8Array): string {
  // Literal when readable, hex otherwise.
  let plain = true;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x20 || b > 0x7e) {
      plain = false;
      break;
    }
  }
  if (!plain) return '<' + hexOf(bytes) + '>';
  let s = '(';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x28 || b === 0x29 || b === 0x5c) s += '\\';
    s += String.fromCharCode(b);
  }
  return s + ')';
}

/** Geometry of a form XObject written by us (read back by flatten). */
export interface FormGeometry {
  bbox: number[];
  matrix: number[];
}

/**
 * A stream to be written: its dictionary (an object, or pre-serialized entries for the many small
 * appearance streams) plus (already filtered) data. /Length is added when written.
 */
export class NewStream {
  constructor(
    readonly dict: PDFDict | string,
    readonly data: Uint8Array,
    readonly form?: FormGeometry,
  ) {}
}

type DictInternals = { dict: Map<PDFName, PDFObject> };
const mapOf = (d: PDFDict) => (d as unknown as DictInternals).dict;

/**
 * Serialized values of template dictionaries' entries. Template objects never change and are always
 * rewritten under their own object number, so an entry serializes to the same bytes every time
 * (for encrypted files: the same plaintext, freshly encrypted once and reused).
 */
const entryCache = new WeakMap<PDFDict, Map<PDFName, string>>();

class Sink {
  chunks: Uint8Array[] = [];
  cur = '';
  length = 0;
  str(s: string) {
    this.cur += s;
  }
  bin(b: Uint8Array) {
    this.flush();
    this.chunks.push(b);
    this.length += b.length;
  }
  flush() {
    if (this.cur) {
      const b = Buffer.from(this.cur, 'latin1');
      this.chunks.push(b);
      this.length += b.length;
      this.cur = '';
    }
  }
  get position() {
    return this.length + this.cur.length;
  }
}

export class Serializer {
  constructor(private readonly sec: SecurityHandler | null) {}

  value(o: PDFObject | undefined, s: Sink, num: number, gen: number): void {
    if (o === undefined || o === PDFNull) {
      s.str('null');
    } else if (o instanceof PDFName) {
      s.str(o.asString());
    } else if (o instanceof PDFNumber) {
      s.str(fmtNum(o.asNumber()));
    } else if (o instanceof PDFRef) {
      s.str(`${o.objectNumber} ${o.generationNumber} R`);
    } else if (o instanceof PDFBool) {
      s.str(o.asBoolean() ? 'true' : 'false');
    } else if (o instanceof PDFString || o instanceof PDFHexString) {
      let bytes = o.asBytes();
      if (this.sec && num > 0) bytes = this.sec.encryptString(bytes, num, gen);
      s.str(stringToken(bytes));
    } else if (o instanceof PDFArray) {
      s.str('[');
      const arr = o.asArray();
      for (let i = 0; i < arr.length; i++) {
        if (i) s.str(' ');
        this.value(arr[i], s, num, gen);
      }
      s.str(']');
    } else if (o instanceof PDFDict) {
      this.dict(o, s, num, gen);
    } else if (o instanceof PDFStream) {
      throw new Error('streams must be indirect objects');
    } else {
      // PDFInvalidObject and other exotic objects: write their own serialization.
      s.str(o.toString());
    }
  }

  dict(d: PDFDict, s: Sink, num: number, gen: number, override?: Map<string, string>, origin?: PDFDict): void {
    s.str('<<');
    const originMap = origin ? mapOf(origin) : undefined;
    let cache = origin ? entryCache.get(origin) : undefined;
    if (origin && !cache) {
      cache = new Map();
      entryCache.set(origin, cache);
    }
    for (const [k, v] of mapOf(d)) {
      if (v === undefined) continue;
      const ks = k.asString();
      if (override?.has(ks)) continue;
      s.str(ks);
      s.str(' ');
      if (cache && originMap!.get(k) === v) {
        let tok = cache.get(k);
        if (tok === undefined) {
          const sub = new Sink();
          this.value(v, sub, num, gen);
          sub.flush();
          tok = Buffer.concat(sub.chunks).toString('latin1');
          cache.set(k, tok);
        }
        s.str(tok);
      } else {
        this.value(v, s, num, gen);
      }
      s.str('\n');
    }
    if (override) for (const [k, v] of override) s.str(`${k} ${v}\n`);
    s.str('>>');
  }

  indirect(obj: PDFObject | NewStream, num: number, gen: number, s: Sink, origin?: PDFDict): void {
    s.str(`${num} ${gen} obj\n`);
    if (obj instanceof NewStream && typeof obj.dict === 'string') {
      let data = obj.data;
      if (this.sec) data = this.sec.encryptStream(data, num, gen);
      s.str(`<<${obj.dict} /Length ${data.length}>>\nstream\n`);
      s.bin(data);
      s.str('\nendstream');
    } else if (obj instanceof NewStream || obj instanceof PDFRawStream) {
      const dict = obj.dict as PDFDict;
      let data = obj instanceof NewStream ? obj.data : obj.getContents();
      if (this.sec) data = this.sec.encryptStream(data, num, gen);
      this.dict(dict, s, num, gen, new Map([['/Length', String(data.length)]]));
      s.str('\nstream\n');
      s.bin(data);
      s.str('\nendstream');
    } else if (obj instanceof PDFStream) {
      throw new Error('unsupported stream object');
    } else if (obj instanceof PDFDict) {
      this.dict(obj, s, num, gen, undefined, origin);
    } else {
      this.value(obj, s, num, gen);
    }
    s.str('\nendobj\n');
  }
}

/**
 * Collects the objects of one incremental update. `patch(ref)` returns a private shallow copy of
 * an existing dictionary to modify; the template's objects are never mutated.
 */
export class Update {
  private readonly objects = new Map<number, { gen: number; obj: PDFObject | NewStream }>();
  /** Patched copies -> the template dictionary they were copied from. */
  private readonly origins = new Map<number, PDFDict>();
  private nextNum: number;

  constructor(
    readonly ctx: PDFContext,
    readonly trailer: TrailerInfo,
    readonly sec: SecurityHandler | null,
  ) {
    this.nextNum = trailer.size;
  }

  get isEmpty(): boolean {
    return this.objects.size === 0;
  }

  alloc(): PDFRef {
    return PDFRef.of(this.nextNum++, 0);
  }

  has(ref: PDFRef): boolean {
    return this.objects.has(ref.objectNumber);
  }

  set(ref: PDFRef, obj: PDFObject | NewStream): void {
    this.objects.set(ref.objectNumber, { gen: ref.generationNumber, obj });
    this.origins.delete(ref.objectNumber);
  }

  add(obj: PDFObject | NewStream): PDFRef {
    const ref = this.alloc();
    this.set(ref, obj);
    return ref;
  }

  /** Current version of an object: the one in this update, else the template's. */
  lookup(ref: PDFRef): PDFObject | NewStream | undefined {
    const mine = this.objects.get(ref.objectNumber);
    if (mine) return mine.obj;
    return this.ctx.lookup(ref);
  }

  /** A modifiable copy of the dictionary at `ref` (the same copy on repeated calls). */
  patch(ref: PDFRef): PDFDict {
    const mine = this.objects.get(ref.objectNumber);
    if (mine && mine.obj instanceof PDFDict) return mine.obj;
    const orig = this.ctx.lookup(ref);
    if (!(orig instanceof PDFDict)) throw new Error(`object ${ref.toString()} is not a dictionary`);
    const copy = orig.clone(this.ctx);
    this.set(ref, copy);
    this.origins.set(ref.objectNumber, orig);
    return copy;
  }

  dict(entries: Record<string, PDFObject | undefined>): PDFDict {
    const d = PDFDict.withContext(this.ctx);
    for (const [k, v] of Object.entries(entries)) if (v !== undefined) d.set(PDFName.of(k), v);
    return d;
  }

  /** Adds a stream; data larger than `compressOver` bytes is deflated. */
  addStream(dict: PDFDict, data: Uint8Array | string, compressOver = 512): PDFRef {
    let bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    if (bytes.length > compressOver && !dict.has(PDFName.of('Filter'))) {
      bytes = deflateSync(bytes);
      dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
    }
    return this.add(new NewStream(dict, bytes));
  }

  /** Adds a form XObject given as pre-serialized dictionary entries (see appearance.formHeader). */
  addForm(header: string, form: FormGeometry, content: string, compressOver = 512): PDFRef {
    let bytes: Uint8Array = Buffer.from(content, 'latin1');
    let h = header;
    if (bytes.length > compressOver) {
      bytes = deflateSync(bytes);
      h += ' /Filter /FlateDecode';
    }
    return this.add(new NewStream(h, bytes, form));
  }

  /** Serializes the update; returns the bytes to append to `original`. */
  serialize(originalLength: number, originalEndsWithEol: boolean): Uint8Array {
    const ser = new Serializer(this.sec);
    const s = new Sink();
    if (!originalEndsWithEol) s.str('\n');
    const nums = [...this.objects.keys()].sort((a, b) => a - b);
    const offsets = new Map<number, number>();
    for (const num of nums) {
      const { gen, obj } = this.objects.get(num)!;
      offsets.set(num, originalLength + s.position);
      ser.indirect(obj, num, gen, s, this.origins.get(num));
    }
    const size = Math.max(this.nextNum, this.trailer.size);
    const t = this.trailer;
    const idStr = t.id ? `[<${hexOf(t.id[0])}> <${hexOf(t.id[1])}>]` : undefined;
    const trailerEntries: string[] = [`/Size ${size}`, `/Root ${t.root.objectNumber} ${t.root.generationNumber} R`];
    const plainSer = new Serializer(null);
    const tok = (o: PDFObject) => {
      const sk = new Sink();
      plainSer.value(o, sk, 0, 0);
      sk.flush();
      return Buffer.concat(sk.chunks).toString('latin1');
    };
    if (t.info) trailerEntries.push(`/Info ${tok(t.info)}`);
    if (t.encrypt) trailerEntries.push(`/Encrypt ${tok(t.encrypt)}`);
    if (idStr) trailerEntries.push(`/ID ${idStr}`);
    trailerEntries.push(`/Prev ${t.prevOffset}`);

    // Subsections of consecutive object numbers.
    const sections: number[][] = [];
    for (const n of nums) {
      const last = sections[sections.length - 1];
      if (last && last[last.length - 1] === n - 1) last.push(n);
      else sections.push([n]);
    }

    const xrefOffset = originalLength + s.position;
    if (!t.xrefStream) {
      s.str('xref\n');
      for (const sec of sections) {
        s.str(`${sec[0]} ${sec.length}\n`);
        for (const n of sec) {
          const gen = this.objects.get(n)!.gen;
          s.str(`${String(offsets.get(n)!).padStart(10, '0')} ${String(gen).padStart(5, '0')} n\r\n`);
        }
      }
      s.str(`trailer\n<< ${trailerEntries.join(' ')} >>\nstartxref\n${xrefOffset}\n%%EOF\n`);
    } else {
      const xrefNum = size; // the stream takes the next free number
      const allNums = [...nums, xrefNum];
      offsets.set(xrefNum, xrefOffset);
      const secs: number[][] = [];
      for (const n of allNums) {
        const last = secs[secs.length - 1];
        if (last && last[last.length - 1] === n - 1) last.push(n);
        else secs.push([n]);
      }
      const rows = Buffer.alloc(allNums.length * 7);
      let p = 0;
      for (const n of allNums) {
        rows[p] = 1;
        rows.writeUInt32BE(offsets.get(n)!, p + 1);
        rows.writeUInt16BE(n === xrefNum ? 0 : this.objects.get(n)!.gen, p + 5);
        p += 7;
      }
      const data = deflateSync(rows);
      const index = secs.map((x) => `${x[0]} ${x.length}`).join(' ');
      trailerEntries[0] = `/Size ${xrefNum + 1}`;
      s.str(
        `${xrefNum} 0 obj\n<< /Type /XRef ${trailerEntries.join(' ')} /Index [${index}] /W [1 4 2] /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      );
      s.bin(data);
      s.str(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`);
    }
    s.flush();
    return Buffer.concat(s.chunks);
  }
}

export function nameOf(o: PDFObject | undefined): string | undefined {
  return o instanceof PDFName ? o.decodeText() : undefined;
}

export function numOf(o: PDFObject | undefined): number | undefined {
  return o instanceof PDFNumber ? o.asNumber() : undefined;
}

export function textOf(o: PDFObject | undefined): string | undefined {
  if (o instanceof PDFString || o instanceof PDFHexString) return o.decodeText();
  return undefined;
}

/** A PDF text string: PDFDocEncoding-compatible ASCII as is, anything else UTF-16BE with BOM. */
export function textString(s: string): PDFHexString {
  let ascii = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7e || (c < 0x20 && c !== 10 && c !== 13 && c !== 9)) {
      ascii = false;
      break;
    }
  }
  if (ascii) return PDFHexString.of(Buffer.from(s, 'latin1').toString('hex'));
  const units = Buffer.alloc(2 + s.length * 2);
  units[0] = 0xfe;
  units[1] = 0xff;
  for (let i = 0; i < s.length; i++) units.writeUInt16BE(s.charCodeAt(i), 2 + i * 2);
  return PDFHexString.of(units.toString('hex'));
}
