// Writing a complete PDF from numbered objects, in one pass and linear time.
// pdf-lib's own writer inserts each cross-reference entry with a linear search (quadratic in the
// object count: 40 s of a 500-page join) and deflates with a JavaScript zlib; this one keeps
// streams exactly as they are (already compressed data is copied, never re-encoded), packs the
// other objects into object streams deflated by node's zlib, and ends with a cross-reference
// stream.
import { deflateSync, constants } from 'node:zlib';
import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFObject, PDFStream } from '@cantoo/pdf-lib';

/** Objects per object stream: large enough to compress well, small enough to read back quickly. */
const PER_OBJECT_STREAM = 200;

export interface WriteInput {
  /** Object n is objects[n]; index 0 and holes are free entries. */
  objects: (PDFObject | undefined)[];
  root: number;
  info?: number;
}

class Chunks {
  parts: Buffer[] = [];
  length = 0;
  push(b: Buffer | Uint8Array) {
    const buf = Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.length);
    this.parts.push(buf);
    this.length += buf.length;
  }
  text(s: string) {
    this.push(Buffer.from(s, 'latin1'));
  }
}

type Internals = { dict: Map<PDFName, PDFObject>; array: PDFObject[] };

/** An object's PDF syntax; dictionaries and arrays walked directly (pdf-lib's toString copies their entries first). */
function serialise(o: PDFObject): string {
  if (o instanceof PDFDict) {
    let s = '<<';
    for (const [k, v] of (o as unknown as Internals).dict) s += `${k.toString()} ${serialise(v)}\n`;
    return s + '>>';
  }
  if (o instanceof PDFArray) {
    let s = '[';
    const items = (o as unknown as Internals).array;
    for (let i = 0; i < items.length; i++) s += (i ? ' ' : '') + serialise(items[i]);
    return s + ']';
  }
  return o.toString();
}

export function writePdf({ objects, root, info }: WriteInput): Uint8Array {
  const out = new Chunks();
  out.text('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const size = objects.length;
  // Cross-reference rows: type (1 = offset, 2 = in object stream), field 2, field 3.
  // Room for every object, the object streams (at most one per PER_OBJECT_STREAM objects) and the xref stream.
  const capacity = size + Math.ceil(size / PER_OBJECT_STREAM) + 2;
  const type = new Uint8Array(capacity);
  const f2 = new Float64Array(capacity);
  const f3 = new Uint16Array(capacity);

  const packed: number[] = [];
  for (let n = 1; n < size; n++) {
    const obj = objects[n];
    if (obj === undefined) continue;
    if (obj instanceof PDFStream) {
      type[n] = 1;
      f2[n] = out.length;
      const data = obj.getContents();
      obj.dict.set(PDFName.of('Length'), PDFNumber.of(data.length));
      out.text(`${n} 0 obj\n${serialise(obj.dict)}\nstream\n`);
      out.push(data);
      out.text('\nendstream\nendobj\n');
    } else {
      packed.push(n);
    }
  }

  // Object streams get the numbers after the last object.
  let next = size;
  const ensure = (n: number) => {
    if (n >= type.length) throw new Error('cross-reference table overflow');
  };
  for (let i = 0; i < packed.length; i += PER_OBJECT_STREAM) {
    const group = packed.slice(i, i + PER_OBJECT_STREAM);
    const stmNum = next++;
    const bodies: string[] = [];
    const header: string[] = [];
    let offset = 0;
    group.forEach((n, k) => {
      const body = serialise(objects[n]!);
      header.push(`${n} ${offset}`);
      bodies.push(body);
      offset += Buffer.byteLength(body, 'latin1') + 1;
      type[n] = 2;
      f2[n] = stmNum;
      f3[n] = k;
    });
    const head = header.join(' ') + '\n';
    const data = deflateSync(Buffer.from(head + bodies.join('\n') + '\n', 'latin1'), { level: constants.Z_BEST_SPEED });
    ensure(stmNum);
    type[stmNum] = 1;
    f2[stmNum] = out.length;
    out.text(`${stmNum} 0 obj\n<< /Type /ObjStm /N ${group.length} /First ${Buffer.byteLength(head, 'latin1')} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`);
    out.push(data);
    out.text('\nendstream\nendobj\n');
  }

  const xrefNum = next++;
  ensure(xrefNum);
  type[xrefNum] = 1;
  f2[xrefNum] = out.length;
  const total = next;
  const rows = Buffer.alloc(total * 7);
  for (let n = 0; n < total; n++) {
    const p = n * 7;
    if (type[n] === 0) {
      rows[p] = 0;
      rows.writeUInt32BE(0, p + 1);
      rows.writeUInt16BE(n === 0 ? 65535 : 0, p + 5);
    } else {
      rows[p] = type[n];
      rows.writeUInt32BE(f2[n], p + 1);
      rows.writeUInt16BE(f3[n], p + 5);
    }
  }
  const xref = deflateSync(rows);
  // The file identifier is a digest of the content: the same input and request give the same bytes.
  const digest = createHash('md5');
  for (const part of out.parts) digest.update(part);
  const id = digest.digest('hex');
  out.text(
    `${xrefNum} 0 obj\n<< /Type /XRef /Size ${total} /W [1 4 2] /Root ${root} 0 R${info ? ` /Info ${info} 0 R` : ''} /ID [<${id}> <${id}>] /Filter /FlateDecode /Length ${xref.length} >>\nstream\n`,
  );
  out.push(xref);
  out.text(`\nendstream\nendobj\nstartxref\n${f2[xrefNum]}\n%%EOF\n`);
  const result = Buffer.concat(out.parts, out.length);
  return new Uint8Array(result.buffer, result.byteOffset, result.length);
}
