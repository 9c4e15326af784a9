// A lazily read PDF: the cross-reference data is parsed up front (it is small), objects only when
// asked for, each once. Object streams are inflated on first use and their objects read on
// demand. Strings of encrypted files come out decrypted. Nothing here renders or interprets
// content: it is the object layer for readers that need a handful of dictionaries (the form).
import type { SecurityHandler } from '../fill/crypto.ts';
import { decodeStream } from './filters.ts';
import { Dict, ObjectReadError, PdfString, Ref, Stream, type PdfObj } from './model.ts';
import { Parser } from './parser.ts';
import { decryptStream, decryptString, openSecurity } from './security.ts';
import { readXref, streamAt, type XrefEntry } from './xref.ts';

interface ObjectStream {
  data: Buffer;
  first: number;
  /** Object number → offset of the object relative to /First. */
  offsets: Map<number, number>;
  /** Offsets in header order, to bound each object. */
  ordered: number[];
}

/** Reference chains longer than this are loops or hostile. */
const MAX_REF_CHAIN = 32;

export class LazyPdf {
  readonly buf: Buffer;
  readonly trailer: Dict;
  private readonly entries: Map<number, XrefEntry>;
  private readonly cache = new Map<number, PdfObj>();
  private readonly objStreams = new Map<number, ObjectStream>();
  private readonly loading = new Set<number>();
  private sec: SecurityHandler | null = null;
  private encryptNum = -1;

  constructor(bytes: Uint8Array) {
    this.buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    const xref = readXref(this.buf);
    this.entries = xref.entries;
    this.trailer = xref.trailer;
    const encObj = this.trailer.get('Encrypt');
    if (encObj !== undefined && encObj !== null) {
      // The /Encrypt dictionary itself is never encrypted: read it before the handler exists.
      if (encObj instanceof Ref) this.encryptNum = encObj.num;
      const enc = this.resolve(encObj);
      if (!(enc instanceof Dict)) throw new ObjectReadError('unreadable /Encrypt dictionary');
      const ids = this.resolve(this.trailer.get('ID'));
      const id0 = Array.isArray(ids) && ids[0] instanceof PdfString ? ids[0].bytes : new Uint8Array(0);
      this.sec = openSecurity(enc, id0, (o) => this.resolve(o));
      // anything parsed with the handler absent (only /Encrypt and what it references) is dropped
      for (const num of [...this.cache.keys()]) if (num !== this.encryptNum) this.cache.delete(num);
      this.objStreams.clear();
    }
  }

  /** Follows references to a direct object; a missing or free object is null, as the spec says. */
  resolve(o: PdfObj | undefined): PdfObj | undefined {
    for (let i = 0; o instanceof Ref; i++) {
      if (i >= MAX_REF_CHAIN) throw new ObjectReadError('reference chain too long');
      o = this.fetch(o.num);
    }
    return o;
  }

  /** `o` resolved, when it is a dictionary (a stream is not: its dictionary is `stream.dict`). */
  dict(o: PdfObj | undefined): Dict | undefined {
    const r = this.resolve(o);
    return r instanceof Dict ? r : undefined;
  }

  array(o: PdfObj | undefined): PdfObj[] | undefined {
    const r = this.resolve(o);
    return Array.isArray(r) ? r : undefined;
  }

  /** Generations are checked against the object header, not the reference (as pdf.js does). */
  fetch(num: number): PdfObj {
    const hit = this.cache.get(num);
    if (hit !== undefined) return hit;
    const entry = this.entries.get(num);
    if (!entry || entry.type === 'free') return null;
    if (this.loading.has(num)) throw new ObjectReadError(`object ${num} refers to itself while being read`);
    this.loading.add(num);
    try {
      const obj = entry.type === 'offset' ? this.readAt(num, entry.offset, entry.gen) : this.readCompressed(num, entry.stream);
      this.cache.set(num, obj);
      return obj;
    } finally {
      this.loading.delete(num);
    }
  }

  /** The decoded (decrypted, inflated) data of a stream. */
  streamData(s: Stream): Buffer {
    let raw: Uint8Array = this.buf.subarray(s.start, s.start + s.length);
    if (this.sec && s.num !== this.encryptNum) raw = decryptStream(this.sec, raw, s.num, s.gen);
    return decodeStream(raw, s.dict, (o) => this.resolve(o));
  }

  private readAt(num: number, offset: number, gen: number): PdfObj {
    if (offset >= this.buf.length) throw new ObjectReadError(`object ${num} lies past the end of the file`);
    const p: Parser = new Parser(this.buf, offset);
    p.skipWhite();
    const n = p.uint();
    p.skipWhite();
    const g = p.uint();
    if (n !== num || g !== gen) p.fail(`object ${num} ${gen} is not where the cross-reference says`);
    p.expectKeyword('obj');
    const sec = this.sec;
    if (sec && num !== this.encryptNum) p.decryptString = (b) => decryptString(sec, b, num, gen);
    const obj = p.object();
    p.decryptString = undefined;
    if (obj instanceof Dict) {
      p.skipWhite();
      if (p.peekKeyword() === 'stream') return streamAt(this.buf, p, obj, (o) => this.resolve(o), num, gen);
    }
    return obj;
  }

  private readCompressed(num: number, streamNum: number): PdfObj {
    const os = this.objectStream(streamNum);
    const rel = os.offsets.get(num);
    if (rel === undefined) throw new ObjectReadError(`object ${num} is not in object stream ${streamNum}`);
    const at = os.first + rel;
    const next = os.ordered.find((o) => o > rel);
    const end = next === undefined ? os.data.length : os.first + next;
    if (at >= os.data.length) throw new ObjectReadError(`object ${num} lies outside object stream ${streamNum}`);
    // Strings inside object streams are not encrypted on their own: the whole stream was.
    return new Parser(os.data, at, Math.max(at, Math.min(end, os.data.length))).object();
  }

  private objectStream(num: number): ObjectStream {
    const hit = this.objStreams.get(num);
    if (hit) return hit;
    const entry = this.entries.get(num);
    if (!entry || entry.type !== 'offset') throw new ObjectReadError(`object stream ${num} is missing`);
    const s = this.fetch(num);
    if (!(s instanceof Stream)) throw new ObjectReadError(`object ${num} is not an object stream`);
    const n = this.resolve(s.dict.get('N'));
    const first = this.resolve(s.dict.get('First'));
    if (typeof n !== 'number' || typeof first !== 'number' || n < 0 || first < 0) throw new ObjectReadError(`object stream ${num} without /N or /First`);
    const data = this.streamData(s);
    const p: Parser = new Parser(data, 0, Math.min(first, data.length));
    const offsets = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      p.skipWhite();
      const objNum = p.uint();
      p.skipWhite();
      const off = p.uint();
      if (objNum < 0 || off < 0) p.fail(`bad header of object stream ${num}`);
      if (!offsets.has(objNum)) offsets.set(objNum, off);
    }
    const os: ObjectStream = { data, first, offsets, ordered: [...new Set(offsets.values())].sort((a, b) => a - b) };
    this.objStreams.set(num, os);
    return os;
  }
}
