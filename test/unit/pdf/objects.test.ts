// The lazy object layer (src/pdf/objects): tokens, text strings, and a hybrid-reference file
// written byte by byte (no library writes one), checked against pdf.js.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { Parser } from '../../../src/pdf/objects/parser.ts';
import { Dict, Name, PdfString, Ref } from '../../../src/pdf/objects/model.ts';
import { decodeTextString } from '../../../src/pdf/objects/text.ts';
import { LazyPdf } from '../../../src/pdf/objects/document.ts';
import { readAcroForm, readAcroFormWithPdfjs } from '../../../src/pdf/acroform.ts';
import { openPdf } from '../../../src/pdf/pdfjs.ts';

const parse = (s: string) => new Parser(Buffer.from(s, 'latin1')).object();
const text = (o: unknown) => Buffer.from((o as PdfString).bytes).toString('latin1');

describe('parser', () => {
  it('reads literal strings with escapes, nesting, octal codes and line continuations', () => {
    expect(text(parse('(a\\(b\\)c (nested) \\\\ \\101\\60x \\n\\t end)'))).toBe('a(b)c (nested) \\ A0x \n\t end');
    expect(text(parse('(one\\\r\ntwo\r\nthree\rfour)'))).toBe('onetwo\nthree\nfour');
    expect(text(parse('<48 65 6c6C 6f 7>'))).toBe('Hellop');
  });

  it('tells references from numbers and decodes #-escaped names', () => {
    const d = parse('<< /Kids [1 0 R 2 0 R] /N 3 /Pos -4.5 /Dot .5 /Name#20With#2FSlash 1 /Nested << /A [true false null] >> >>') as Dict;
    expect(d.get('Kids')).toEqual([new Ref(1, 0), new Ref(2, 0)]);
    expect([d.get('N'), d.get('Pos'), d.get('Dot')]).toEqual([3, -4.5, 0.5]);
    expect(d.get('Name With/Slash')).toBe(1);
    expect((parse('/Name#20With#2FSlash') as Name).name).toBe('Name With/Slash');
    expect((d.get('Nested') as Dict).get('A')).toEqual([true, false, null]);
    expect(parse('[1 2 3 R]')).toEqual([1, new Ref(2, 3)]);
  });

  it('reads decimals exactly as Number() does (rects are rounded to 0.01 downstream)', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const x = ((next() - 0.5) * 2000).toFixed(Math.floor(next() * 6));
      expect(parse(`${x} `)).toBe(Number(x));
    }
    expect(parse('12345678901234567890 ')).toBe(12345678901234567890);
    expect([parse('-.5 '), parse('+7 '), parse('4. ')]).toEqual([-0.5, 7, 4]);
  });

  it('refuses what is not an object, and nesting beyond any real file', () => {
    expect(() => parse('endobj')).toThrow(/unexpected token/);
    expect(() => parse('<< /A (unterminated')).toThrow(/unterminated/);
    expect(() => parse('['.repeat(200) + ']'.repeat(200))).toThrow(/nesting too deep/);
  });
});

describe('text strings', () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);
  it('decodes UTF-16BE and UTF-8 with a byte-order mark, and PDFDocEncoding', () => {
    expect(decodeTextString(bytes(0xfe, 0xff, 0x03, 0xa9, 0x00, 0x20, 0xd8, 0x3d, 0xde, 0x00))).toBe('Ω 😀');
    expect(decodeTextString(bytes(0xff, 0xfe, 0xa9, 0x03))).toBe('Ω');
    expect(decodeTextString(bytes(0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0x74, 0xc3, 0xa9))).toBe('été');
    // PDFDocEncoding: 0x80 bullet, 0x92 trade mark, 0xa0 euro, 0xe9 é (as Latin-1)
    expect(decodeTextString(bytes(0x80, 0x20, 0x92, 0x20, 0xa0, 0x20, 0xe9))).toBe('• ™ € é');
  });

  it('drops language escape sequences', () => {
    expect(decodeTextString(bytes(0xfe, 0xff, 0x00, 0x1b, 0x00, 0x65, 0x00, 0x6e, 0x00, 0x1b, 0x00, 0x48, 0x00, 0x69))).toBe('Hi');
  });
});

/**
 * A hybrid-reference file (ISO 32000-2, 7.5.8.4), laid out as the standard's example: the main
 * table lists the objects kept in an object stream (here: the AcroForm and the field) as free; an
 * update section, empty, points (/XRefStm) at a cross-reference stream that lists them, and a
 * PDF 1.5 reader must look there before it follows /Prev to the free entries.
 */
function hybridPdf(opts: { badObjStmLength?: boolean } = {}): Uint8Array {
  const tu = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('Nom de l’employé', 'utf16le').swap16()]);
  const inner = [
    '<< /Fields [6 0 R] /DA (/Helv 0 Tf 0 g) >>',
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (hybrid) /TU <${tu.toString('hex')}> /V (bullet \\200 euro \\240) /MaxLen 40 /Rect [110 40 10 20] /P 3 0 R /F 4 >>`,
  ];
  const header = `5 0 6 ${inner[0].length + 1} `;
  const objStm = deflateSync(Buffer.from(header + inner.join(' '), 'latin1'));
  const chunks: Buffer[] = [];
  const offsets: Record<number, number> = {};
  let size = 0;
  const add = (s: string | Buffer) => {
    const b = typeof s === 'string' ? Buffer.from(s, 'latin1') : s;
    chunks.push(b);
    size += b.length;
  };
  const obj = (num: number, body: string | Buffer[]) => {
    offsets[num] = size;
    if (typeof body === 'string') add(`${num} 0 obj\n${body}\nendobj\n`);
    else {
      add(`${num} 0 obj\n`);
      body.forEach(add);
      add('\nendobj\n');
    }
  };
  add('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n');
  obj(1, '<< /Type /Catalog /Pages 2 0 R /AcroForm 5 0 R >>');
  obj(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [6 0 R] >>');
  const declared = objStm.length + (opts.badObjStmLength ? 7 : 0);
  obj(4, [Buffer.from(`<< /Type /ObjStm /N 2 /First ${header.length} /Filter /FlateDecode /Length ${declared} >>\nstream\n`, 'latin1'), objStm, Buffer.from('\nendstream')]);
  // xref stream rows: type (1 byte), field 2 (4 bytes), field 3 (2 bytes), PNG "Up" predicted
  const rows = [
    [2, 4, 0],
    [2, 4, 1],
  ].map(([t, f2, f3]) => Buffer.from([t, (f2 >>> 24) & 255, (f2 >>> 16) & 255, (f2 >>> 8) & 255, f2 & 255, f3 >> 8, f3 & 255]));
  const predicted = Buffer.concat(rows.map((r, i) => Buffer.concat([Buffer.from([2]), Buffer.from(r.map((b, j) => (b - (i ? rows[i - 1][j] : 0)) & 255))])));
  const xrefData = deflateSync(predicted);
  obj(7, [Buffer.from(`<< /Type /XRef /Size 8 /W [1 4 2] /Index [5 2] /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >> /Length ${xrefData.length} >>\nstream\n`, 'latin1'), xrefData, Buffer.from('\nendstream')]);
  const mainAt = size;
  const entry = (n: number) => `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  add('xref\n0 8\n0000000000 65535 f \n' + [1, 2, 3, 4].map(entry).join(''));
  add('0000000000 65535 f \n0000000000 65535 f \n' + entry(7));
  add(`trailer\n<< /Size 8 /Root 1 0 R >>\nstartxref\n${mainAt}\n%%EOF\n`);
  const updateAt = size;
  add(`xref\n0 0\ntrailer\n<< /Size 8 /Root 1 0 R /Prev ${mainAt} /XRefStm ${offsets[7]} >>\nstartxref\n${updateAt}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(chunks));
}

describe('hybrid-reference files', () => {
  it('reads objects the table hides in an object stream through /XRefStm, as pdf.js does', async () => {
    const bytes = hybridPdf();
    const pdf = new LazyPdf(bytes);
    expect((pdf.dict(new Ref(5, 0))?.get('DA') as PdfString).bytes).toBeDefined();
    const read = await readAcroForm(bytes);
    expect(read).toMatchObject({ reader: 'objects', page_count: 1 });
    expect(read.fields).toEqual([
      expect.objectContaining({
        name: 'hybrid',
        type: 'text',
        label: 'Nom de l’employé',
        value: 'bullet • euro €',
        max_len: 40,
        page: 0,
        rect: { x: 10, y: 20, width: 100, height: 20 },
      }),
    ]);
    const doc = await openPdf(bytes);
    expect(await readAcroFormWithPdfjs(doc)).toEqual(read.fields);
    await doc.destroy();
  });

  it('reads a stream whose /Length is wrong up to its endstream', async () => {
    const read = await readAcroForm(hybridPdf({ badObjStmLength: true }));
    expect(read.reader).toBe('objects');
    expect(read.fields.map((f) => f.value)).toEqual(['bullet • euro €']);
  });
});

describe('hostile structures', () => {
  it('a field tree that loops (a kid listing its own parent) ends, and reads each field once', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const field = doc.getForm().createTextField('loop.inner');
    field.addToPage(page, { x: 72, y: 700, width: 200, height: 20 });
    const parent = field.acroField.getParent()!;
    field.acroField.dict.set(PDFName.of('Kids'), doc.context.obj([...field.acroField.normalizedEntries().Kids.asArray(), parent.ref]));
    // and the top node claims the field as its parent: the /Parent chain loops too
    parent.dict.set(PDFName.of('Parent'), field.acroField.ref);
    const read = await readAcroForm(await doc.save({ updateFieldAppearances: false }));
    expect(read.reader).toBe('objects');
    expect(read.fields.map((f) => f.name)).toEqual(['loop.inner']);
  });
});
