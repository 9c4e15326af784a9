// Cross-reference data (ISO 32000-2, 7.5.4–7.5.8): classic tables, cross-reference streams,
// hybrid files (/XRefStm) and chains of incremental updates (/Prev). Sections are read newest
// first, so an entry from a later update wins over the same object in an earlier one.
import { decodeStream } from './filters.ts';
import { Dict, Name, ObjectReadError, Stream, type PdfObj } from './model.ts';
import { Parser } from './parser.ts';

export type XrefEntry =
  | { type: 'free' }
  | { type: 'offset'; offset: number; gen: number }
  | { type: 'compressed'; stream: number; index: number };

export interface Xref {
  entries: Map<number, XrefEntry>;
  /** The newest trailer, completed with keys only older trailers carry. */
  trailer: Dict;
}

/** Updates a file may chain before we call it hostile. */
const MAX_SECTIONS = 512;

function startXref(buf: Buffer): number {
  // The spec puts startxref in the last 1024 bytes; some producers append junk after %%EOF.
  const from = Math.max(0, buf.length - 4096);
  const i = buf.lastIndexOf('startxref', buf.length, 'latin1');
  if (i < from) throw new ObjectReadError('no startxref near the end of the file');
  const p: Parser = new Parser(buf, i + 9);
  p.skipWhite();
  const offset = p.uint();
  if (offset < 0 || offset >= buf.length) throw new ObjectReadError('startxref offset outside the file');
  return offset;
}

/** A classic table section; returns its trailer. Entries not yet known are added to `into`. */
function readTable(buf: Buffer, p: Parser, into: Map<number, XrefEntry>): Dict {
  p.expectKeyword('xref');
  for (;;) {
    p.skipWhite();
    if (p.peekKeyword() === 'trailer') {
      p.keyword();
      p.skipWhite();
      if (buf[p.pos] !== 0x3c || buf[p.pos + 1] !== 0x3c) p.fail('trailer is not a dictionary');
      return p.dict();
    }
    const first = p.uint();
    p.skipWhite();
    const count = p.uint();
    if (first < 0 || count < 0) p.fail('bad cross-reference subsection header');
    for (let i = 0; i < count; i++) {
      p.skipWhite();
      const offset = p.uint();
      p.skipWhite();
      const gen = p.uint();
      p.skipWhite();
      const kind = p.keyword();
      if (offset < 0 || gen < 0 || (kind !== 'n' && kind !== 'f')) p.fail('bad cross-reference entry');
      const num = first + i;
      if (into.has(num)) continue;
      // An in-use entry at offset 0 (the header is there) is an absent object to pdf.js, and to
      // us; one past the end of the file fails only if the object is ever asked for.
      into.set(num, kind === 'n' && offset > 0 ? { type: 'offset', offset, gen } : { type: 'free' });
    }
  }
}

/** A cross-reference stream at `offset`; returns its dictionary (the trailer of this section). */
function readStream(buf: Buffer, offset: number, into: Map<number, XrefEntry>): Dict {
  const p: Parser = new Parser(buf, offset);
  p.skipWhite();
  if (p.uint() < 0) p.fail('expected an object number');
  p.skipWhite();
  if (p.uint() < 0) p.fail('expected a generation number');
  p.expectKeyword('obj');
  const dict = p.object();
  if (!(dict instanceof Dict) || !(dict.get('Type') instanceof Name) || (dict.get('Type') as Name).name !== 'XRef') {
    p.fail('expected a cross-reference stream');
  }
  const stream = streamAt(buf, p, dict, (o) => o);
  const direct = (o: PdfObj | undefined) => o;
  const data = decodeStream(buf.subarray(stream.start, stream.start + stream.length), dict, direct);
  const w = dict.get('W');
  if (!Array.isArray(w) || w.length < 3 || !w.every((x) => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 8)) {
    p.fail('bad /W in cross-reference stream');
  }
  const [w0, w1, w2] = w as number[];
  const size = dict.get('Size');
  if (typeof size !== 'number') p.fail('cross-reference stream without /Size');
  const index = (dict.get('Index') as number[] | undefined) ?? [0, size];
  if (!Array.isArray(index) || index.length % 2 !== 0 || !index.every((x) => Number.isInteger(x) && (x as number) >= 0)) {
    p.fail('bad /Index in cross-reference stream');
  }
  const rowLen = w0 + w1 + w2;
  const field = (at: number, width: number) => {
    let v = 0;
    for (let i = 0; i < width; i++) v = v * 256 + data[at + i];
    return v;
  };
  let row = 0;
  for (let s = 0; s < index.length; s += 2) {
    const first = index[s];
    const count = index[s + 1];
    for (let i = 0; i < count; i++, row++) {
      const at = row * rowLen;
      if (at + rowLen > data.length) p.fail('cross-reference stream shorter than its /Index');
      const num = first + i;
      if (into.has(num)) continue;
      const type = w0 === 0 ? 1 : field(at, w0);
      const f2 = field(at + w0, w1);
      const f3 = field(at + w0 + w1, w2);
      if (type === 0) into.set(num, { type: 'free' });
      else if (type === 1) into.set(num, f2 > 0 ? { type: 'offset', offset: f2, gen: f3 } : { type: 'free' });
      else if (type === 2) into.set(num, { type: 'compressed', stream: f2, index: f3 });
      // other types are reserved: the spec says to treat them as null objects (absent)
    }
  }
  return dict;
}

/**
 * The stream whose dictionary the parser just read: `stream` keyword, data, `endstream`. When
 * /Length is wrong (a common defect), the data runs to the next `endstream`.
 */
export function streamAt(buf: Buffer, p: Parser, dict: Dict, resolveLength: (o: PdfObj | undefined) => PdfObj | undefined, num = 0, gen = 0): Stream {
  p.skipWhite();
  if (p.keyword() !== 'stream') p.fail('expected "stream"');
  let start = p.pos;
  if (buf[start] === 0x0d) start++;
  if (buf[start] === 0x0a) start++;
  const declared = resolveLength(dict.get('Length'));
  if (typeof declared === 'number' && Number.isInteger(declared) && declared >= 0 && start + declared <= buf.length) {
    const q: Parser = new Parser(buf, start + declared);
    q.skipWhite();
    if (q.peekKeyword() === 'endstream') return new Stream(dict, start, declared, num, gen);
  }
  const end = buf.indexOf('endstream', start, 'latin1');
  if (end < 0) p.fail('stream without endstream');
  let len = end - start;
  if (buf[start + len - 1] === 0x0a) len--;
  if (buf[start + len - 1] === 0x0d) len--;
  return new Stream(dict, start, Math.max(0, len), num, gen);
}

export function readXref(buf: Buffer): Xref {
  const entries = new Map<number, XrefEntry>();
  let trailer: Dict | undefined;
  const seen = new Set<number>();
  let offset: number | undefined = startXref(buf);
  while (offset !== undefined) {
    if (seen.has(offset) || seen.size >= MAX_SECTIONS) throw new ObjectReadError('cross-reference /Prev chain loops');
    seen.add(offset);
    const p: Parser = new Parser(buf, offset);
    p.skipWhite();
    let sectionTrailer: Dict;
    if (p.peekKeyword() === 'xref') {
      // Hybrid file: the table's own entries come first, then its /XRefStm (objects in object
      // streams, which PDF 1.4 readers must not see), then older sections.
      const section = new Map<number, XrefEntry>();
      sectionTrailer = readTable(buf, p, section);
      const stm = sectionTrailer.get('XRefStm');
      if (typeof stm === 'number') {
        const extra = new Map<number, XrefEntry>();
        readStream(buf, stm, extra);
        for (const [num, e] of extra) if (section.get(num)?.type !== 'offset') section.set(num, e);
      }
      for (const [num, e] of section) if (!entries.has(num)) entries.set(num, e);
    } else {
      sectionTrailer = readStream(buf, p.pos, entries);
    }
    if (!trailer) trailer = new Dict(sectionTrailer);
    else for (const [k, v] of sectionTrailer) if (!trailer.has(k)) trailer.set(k, v);
    const prev = sectionTrailer.get('Prev');
    offset = typeof prev === 'number' && prev > 0 ? prev : undefined;
    if (offset !== undefined && offset >= buf.length) throw new ObjectReadError('/Prev offset outside the file');
  }
  return { entries, trailer: trailer! };
}
