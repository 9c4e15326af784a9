// Hostile inputs built in code (issue #17): broken, cyclic, deep, bombed, oversized files and values.
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { encryptedPdf, flatPdf } from './pdfs.ts';

/** A PDF from object bodies (object n is bodies[n - 1]) with a correct xref table; root is object 1. */
export function rawPdf(bodies: (string | Uint8Array)[], opts: { trailerExtra?: string } = {}): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(offset);
    const head = Buffer.from(`${i + 1} 0 obj\n`, 'latin1');
    const b = typeof body === 'string' ? Buffer.from(body, 'latin1') : Buffer.from(body);
    const tail = Buffer.from('\nendobj\n', 'latin1');
    parts.push(head, b, tail);
    offset += head.length + b.length + tail.length;
  });
  const xref = [`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R ${opts.trailerExtra ?? ''}>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

const stream = (dict: string, data: Uint8Array) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), Buffer.from(data), Buffer.from('\nendstream', 'latin1')]);

/** Pages 2 → Pages 3 → Pages 2: the page tree is a cycle. */
export const pageTreeCyclePdf = () =>
  rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>']);

/** A page whose dictionary holds an array nested `depth` deep. */
export const deepNestingPdf = (depth = 100_000) =>
  rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
  ]);

/** One page drawing a 50000 × 50000 RGB image (7.5 GB declared) whose stream holds a few bytes. */
export const hugeImagePdf = () => {
  const content = Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    stream('', content),
    stream('/Type /XObject /Subtype /Image /Width 50000 /Height 50000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode', deflateSync(Buffer.alloc(64 * 1024))),
  ]);
};

/** A valid flat PDF cut in half. */
export const truncatedPdf = async () => {
  const b = await flatPdf();
  return b.slice(0, Math.floor(b.length / 2));
};

/** A valid flat PDF whose xref offsets all point at the wrong place and startxref past the end. */
export const brokenXrefPdf = async () => {
  const text = Buffer.from(await flatPdf()).toString('latin1');
  return new Uint8Array(Buffer.from(text.replace(/\d{10} 00000 n/g, '0000000003 00000 n').replace(/startxref\s+\d+/, 'startxref\n99999999'), 'latin1'));
};

/** The start of a JPEG (SOI, APP0 JFIF) and some bytes: what a photo named form.pdf looks like. */
export const jpegBytes = () =>
  new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), Buffer.alloc(2048, 0x55), Buffer.from([0xff, 0xd9])]));

/** A CSV whose header row names `columns` columns, with one data row. */
export function wideCsv(columns = 100_001): Uint8Array {
  const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(',');
  const row = Array.from({ length: columns }, () => '1').join(',');
  return new Uint8Array(Buffer.from(`${header}\n${row}\n`));
}

/** A CSV with the given header and one row whose `column` cell is `bytes` long. */
export function bigCellCsv(header: string[], column: string, bytes = 1024 * 1024): Uint8Array {
  const row = header.map((h) => (h === column ? 'x'.repeat(bytes) : 'a'));
  return new Uint8Array(Buffer.from(`${header.join(',')}\n${row.join(',')}\n`));
}

/** A zip of deflated parts, written with node's zlib (fast enough to build bombs in a test). */
export function zipOf(parts: Record<string, Uint8Array>): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(parts)) {
    const packed = deflateRawSync(data, { level: 1 });
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, dir, end]));
}

const xml = (s: string) => new Uint8Array(Buffer.from(s));

/** An XLSX-shaped zip whose worksheet inflates to `mb` megabytes of spaces (a zip bomb). */
export function xlsxZipBomb(mb = 64): Uint8Array {
  return zipOf({
    '[Content_Types].xml': xml('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>'),
    'xl/workbook.xml': xml('<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="S" sheetId="1"/></sheets></workbook>'),
    'xl/worksheets/sheet1.xml': new Uint8Array(mb * 1024 * 1024).fill(0x20),
  });
}

/** A DOCX-shaped zip whose document part inflates to `mb` megabytes (a zip bomb as a context document). */
export function docxZipBomb(mb = 64): Uint8Array {
  return zipOf({
    '[Content_Types].xml': xml('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
    'word/document.xml': new Uint8Array(mb * 1024 * 1024).fill(0x20),
  });
}

/**
 * An incremental update of `pdf` (saved without object streams) that replaces or adds objects:
 * `objects` maps an object number to its new body. The new trailer keeps the old Root.
 */
export function updatePdf(pdf: Uint8Array, objects: Record<number, string>): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const root = /\/Root\s+(\d+\s+\d+\s+R)/.exec(text.slice(text.lastIndexOf('trailer')))?.[1] ?? /\/Root\s+(\d+\s+\d+\s+R)/.exec(text)![1];
  const prev = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
  const size = Math.max(Number(/\/Size\s+(\d+)/.exec(text.slice(text.lastIndexOf('trailer')))?.[1] ?? 0), ...Object.keys(objects).map((n) => Number(n) + 1));
  const parts: Buffer[] = [Buffer.from(pdf), Buffer.from('\n')];
  let offset = pdf.length + 1;
  const entries: string[] = [];
  for (const [n, body] of Object.entries(objects)) {
    const b = Buffer.from(`${n} 0 obj\n${body}\nendobj\n`, 'latin1');
    entries.push(`${n} 1\n${String(offset).padStart(10, '0')} 00000 n \n`);
    parts.push(b);
    offset += b.length;
  }
  parts.push(Buffer.from(`xref\n${entries.join('')}trailer\n<< /Size ${size} /Root ${root} /Prev ${prev} >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

/** The fillable test form whose first field's dictionary holds an array nested `depth` deep. */
export async function fieldDeepNestingPdf(depth = 100_000): Promise<Uint8Array> {
  const { PDFDocument, PDFName, PDFArray, PDFDict } = await import('@cantoo/pdf-lib');
  const { fillableFormPdf } = await import('./pdfs.ts');
  const flat = await (await PDFDocument.load(await fillableFormPdf())).save({ useObjectStreams: false });
  const doc = await PDFDocument.load(flat);
  const ref = doc.getForm().acroForm.dict.lookup(PDFName.of('Fields'), PDFArray).get(0) as import('@cantoo/pdf-lib').PDFRef;
  const dict = doc.context.lookup(ref, PDFDict);
  return updatePdf(flat, { [ref.objectNumber]: dict.toString().replace(/>>\s*$/, `/Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`) });
}

/** The fillable test form whose page tree lists its own root among its kids (a cycle). */
export async function formPageCyclePdf(): Promise<Uint8Array> {
  const { PDFDocument, PDFName, PDFDict } = await import('@cantoo/pdf-lib');
  const { fillableFormPdf } = await import('./pdfs.ts');
  const flat = await (await PDFDocument.load(await fillableFormPdf())).save({ useObjectStreams: false });
  const doc = await PDFDocument.load(flat);
  const ref = doc.catalog.get(PDFName.of('Pages')) as import('@cantoo/pdf-lib').PDFRef;
  const pages = doc.context.lookup(ref, PDFDict);
  return updatePdf(flat, { [ref.objectNumber]: pages.toString().replace(/\/Kids \[/, `/Kids [ ${ref.objectNumber} 0 R `).replace(/\/Count \d+/, '/Count 3') });
}

/**
 * The fillable test form on two pages whose page tree lists, beside the first page, an object that
 * is no page (0 0 R) instead of the second, while the first page's widgets say they sit on the
 * second (/P). pdf.js, placing those widgets, walks the tree for the second page, gives up half way
 * and leaves the promises of the kids it had begun fetching rejected with nobody listening.
 */
export async function formStrayKidPdf(): Promise<Uint8Array> {
  const { PDFDocument, PDFName, PDFDict, PDFArray, PDFRef } = await import('@cantoo/pdf-lib');
  const { fillableFormPdf } = await import('./pdfs.ts');
  const doc = await PDFDocument.load(await fillableFormPdf());
  if (doc.getPageCount() < 2) doc.addPage();
  const [first, second] = doc.getPages();
  const pages = doc.catalog.lookup(PDFName.of('Pages'), PDFDict);
  pages.set(PDFName.of('Kids'), doc.context.obj([first!.ref, PDFRef.of(0)]));
  const annots = first!.node.lookup(PDFName.of('Annots'), PDFArray);
  for (let i = 0; i < annots.size(); i++) annots.lookup(i, PDFDict).set(PDFName.of('P'), second!.ref);
  return doc.save({ useObjectStreams: false });
}

/**
 * The fillable test form (saved with a cross-reference stream) whose stream dictionary declares
 * other field widths or entries: `/W [ 2147483648 2 2 ]` kept pdf-lib reading one entry's type byte
 * by byte for minutes; `/Index [ 0 1000000000 ]` had it build a billion entries.
 */
export async function xrefStreamDeclaringPdf(declared: { widths?: string; index?: string }): Promise<Uint8Array> {
  const { fillableFormPdf } = await import('./pdfs.ts');
  let text = Buffer.from(await fillableFormPdf()).toString('latin1');
  const at = text.lastIndexOf('/Type /XRef');
  const head = text.slice(0, at);
  let dict = text.slice(at);
  if (declared.widths) dict = dict.replace(/\/W \[[^\]]*\]/, `/W [ ${declared.widths} ]`);
  if (declared.index) dict = dict.replace(/\/Index \[[^\]]*\]/, `/Index [ ${declared.index} ]`);
  text = head + dict;
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

/** One page whose content is `streams` Flate streams of 1 MiB of spaces each (a decompression bomb). */
export function flateBombPdf(streams = 600): Uint8Array {
  const packed = deflateSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9 });
  const refs = Array.from({ length: streams }, (_, i) => `${i + 4} 0 R`).join(' ');
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${refs}] >>`,
    ...Array.from({ length: streams }, () => stream('/Filter /FlateDecode', packed)),
  ]);
}

/** `count` tiny objects and no xref table: a reader must scan every one of them to find the root. */
export function manyObjectsPdf(count = 210_000): Uint8Array {
  const head = '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n';
  const body = Array.from({ length: count }, (_, i) => `${i + 4} 0 obj null endobj\n`).join('');
  return new Uint8Array(Buffer.from(`${head}${body}trailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1'));
}

/** An object stream that declares a million objects (its data holds a few). */
export const objectStreamBombPdf = () =>
  rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    stream('/Type /ObjStm /N 1000000 /First 4 /Filter /FlateDecode', deflateSync(Buffer.from('5 0 null', 'latin1'))),
  ]);

/** One page whose page tree declares a million (/Count). */
export const hugePageCountPdf = () =>
  rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1000000 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>']);

/** Every hostile PDF, by what it is: what the hostile-input suite and the memory bench send to each PDF upload endpoint. */
export const hostilePdfs: Record<string, () => Uint8Array | Promise<Uint8Array>> = {
  truncated: truncatedPdf,
  'broken xref': brokenXrefPdf,
  encrypted: () => encryptedPdf('secret'),
  'jpeg named .pdf': jpegBytes,
  'page-tree cycle': pageTreeCyclePdf,
  '10^5-deep nesting': () => deepNestingPdf(100_000),
  'huge declared image': hugeImagePdf,
  'Flate bomb (600 MiB of content)': () => flateBombPdf(600),
  'form with a 10^5-deep field dictionary': () => fieldDeepNestingPdf(100_000),
  'form whose page tree lists itself': formPageCyclePdf,
  'form whose page tree lists a stray kid': formStrayKidPdf,
  'cross-reference stream with 2^31-byte fields': () => xrefStreamDeclaringPdf({ widths: '2147483648 2 2' }),
  'cross-reference stream declaring 10^9 entries': () => xrefStreamDeclaringPdf({ index: '0 1000000000' }),
  '210,000 objects and no xref': () => manyObjectsPdf(),
  'object stream declaring 10^6 objects': objectStreamBombPdf,
  'page tree declaring 10^6 pages': hugePageCountPdf,
};
