// An incremental update: new versions of a few objects appended after the original bytes, with a
// cross-reference section whose /Prev points back at the original's. Rotation changes one entry
// of some page dictionaries, so appending those dictionaries costs a few hundred bytes instead of
// rewriting megabytes, and leaves everything else (signatures included) exactly as it was.
import { deflateSync } from 'node:zlib';
import { PDFObject, PDFRef } from '@cantoo/pdf-lib';
import type { PdfReader } from './reader.ts';

/** `reader`'s bytes followed by an update holding `changed` (object number → its new version). */
export function appendUpdate(reader: PdfReader, changed: Map<PDFRef, PDFObject>): Uint8Array {
  const start = reader.startXref;
  const root = reader.trailer.root;
  if (!start || !(root instanceof PDFRef) || reader.encrypted || !reader.lazy) throw new Error('the file cannot take an incremental update');
  const original = reader.bytes;
  const parts: Buffer[] = [];
  let length = original.length;
  const text = (s: string) => {
    const b = Buffer.from(s, 'latin1');
    parts.push(b);
    length += b.length;
  };
  const last = original[original.length - 1];
  if (last !== 0x0a && last !== 0x0d) text('\n');

  const refs = [...changed.keys()].sort((a, b) => a.objectNumber - b.objectNumber);
  const offsets = new Map<number, number>();
  for (const ref of refs) {
    offsets.set(ref.objectNumber, length);
    text(`${ref.objectNumber} ${ref.generationNumber} obj\n${changed.get(ref)!.toString()}\nendobj\n`);
  }

  const t = reader.trailer;
  const entries = [`/Root ${root.toString()}`];
  if (t.info) entries.push(`/Info ${t.info.toString()}`);
  if (t.id) entries.push(`/ID ${t.id.toString()}`);
  entries.push(`/Prev ${start.offset}`);
  const xrefOffset = length;
  // Consecutive object numbers form one subsection.
  const sections: PDFRef[][] = [];
  for (const ref of refs) {
    const cur = sections[sections.length - 1];
    if (cur && cur[cur.length - 1].objectNumber === ref.objectNumber - 1) cur.push(ref);
    else sections.push([ref]);
  }
  if (!start.xrefStream) {
    // The original ends with a classic table: so does the update.
    text('xref\n');
    for (const sec of sections) {
      text(`${sec[0].objectNumber} ${sec.length}\n`);
      for (const ref of sec) text(`${String(offsets.get(ref.objectNumber)).padStart(10, '0')} ${String(ref.generationNumber).padStart(5, '0')} n\r\n`);
    }
    text(`trailer\n<< /Size ${t.size} ${entries.join(' ')} >>\nstartxref\n${xrefOffset}\n%%EOF\n`);
  } else {
    // A cross-reference stream file gets a cross-reference stream, itself the next new object.
    const xrefNum = t.size;
    const rows = Buffer.alloc((refs.length + 1) * 7);
    const index: string[] = [];
    let p = 0;
    for (const sec of sections) index.push(`${sec[0].objectNumber} ${sec.length}`);
    for (const ref of refs) {
      rows[p] = 1;
      rows.writeUInt32BE(offsets.get(ref.objectNumber)!, p + 1);
      rows.writeUInt16BE(ref.generationNumber, p + 5);
      p += 7;
    }
    rows[p] = 1;
    rows.writeUInt32BE(xrefOffset, p + 1);
    index.push(`${xrefNum} 1`);
    const data = deflateSync(rows);
    text(`${xrefNum} 0 obj\n<< /Type /XRef /Size ${xrefNum + 1} ${entries.join(' ')} /Index [${index.join(' ')}] /W [1 4 2] /Filter /FlateDecode /Length ${data.length} >>\nstream\n`);
    parts.push(data);
    length += data.length;
    text(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`);
  }
  const out = Buffer.concat([Buffer.from(original.buffer, original.byteOffset, original.length), ...parts], length);
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}
