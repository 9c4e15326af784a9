// OCR of a PNG, a hand-made TIFF and an image-only PDF page, all rendered in code. Few and small:
// each recognition costs about a second of CPU.
import { afterAll, describe, expect, it } from 'vitest';
import { type Canvas, createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { readDocument, terminateExtractOcr } from '../../../src/extract/index.ts';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'), 'DejaVu Sans');

/** Black text on white, 36 px, one line per entry. */
function drawText(lines: string[]): Canvas {
  const canvas = createCanvas(900, 80 + lines.length * 70);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.font = '36px "DejaVu Sans"';
  lines.forEach((l, i) => ctx.fillText(l, 40, 80 + i * 70));
  return canvas;
}

/** An uncompressed 8-bit greyscale TIFF (one strip), written by hand. */
function greyTiff(canvas: Canvas): Uint8Array {
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = rgba[i * 4];
  const entries: [number, number, number][] = [
    [256, 4, width], // ImageWidth (LONG)
    [257, 4, height], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // Photometric: BlackIsZero
    [273, 4, 0], // StripOffsets, patched below
    [277, 3, 1], // SamplesPerPixel
    [278, 4, height], // RowsPerStrip
    [279, 4, pixels.length], // StripByteCounts
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const dataOffset = 8 + ifdSize;
  const buf = Buffer.alloc(dataOffset + pixels.length);
  buf.write('II', 0, 'latin1');
  buf.writeUInt16LE(42, 2);
  buf.writeUInt32LE(8, 4);
  buf.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const o = 10 + i * 12;
    buf.writeUInt16LE(tag, o);
    buf.writeUInt16LE(type, o + 2);
    buf.writeUInt32LE(1, o + 4);
    if (type === 3) buf.writeUInt16LE(value, o + 8);
    else buf.writeUInt32LE(tag === 273 ? dataOffset : value, o + 8);
  });
  buf.writeUInt32LE(0, 10 + entries.length * 12);
  buf.set(pixels, dataOffset);
  return new Uint8Array(buf);
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

afterAll(async () => {
  await terminateExtractOcr();
});

describe('OCR', () => {
  const card = drawText(['Name: ANA RUIZ', 'Card number: 900417788']);

  it('reads a PNG into lines with pixel boxes and ocr_label pairs', async () => {
    const doc = await readDocument({ id: 'i', name: 'card', bytes: new Uint8Array(card.toBuffer('image/png')) });
    expect(doc.kind).toBe('image');
    expect(doc.lines.map((l) => norm(l.text))).toEqual(['Name: ANA RUIZ', 'Card number: 900417788']);
    expect(doc.lines[0].location).toBe('p1 l1');
    expect(doc.lines[0].bbox!.y).toBeLessThan(doc.lines[1].bbox!.y);
    expect(doc.pairs.map((p) => [p.key, p.value, p.method, p.location])).toEqual([
      ['Name', 'ANA RUIZ', 'ocr_label', 'p1 l1'],
      ['Card number', '900417788', 'ocr_label', 'p1 l2'],
    ]);
  });

  it('with ocr: false an image is checked but not read', async () => {
    const doc = await readDocument({ id: 'i', name: 'card.png', bytes: new Uint8Array(card.toBuffer('image/png')) }, { ocr: false });
    expect(doc).toMatchObject({ kind: 'image', lines: [], pairs: [], chars: 0 });
  });

  it('reads a TIFF through tesseract\'s own decoder', async () => {
    const doc = await readDocument({ id: 't', name: 'scan.tif', bytes: greyTiff(drawText(['DOB: 03/14/1990'])) });
    expect(doc.kind).toBe('image');
    expect(doc.pairs.map((p) => [p.key, p.value])).toEqual([['DOB', '03/14/1990']]);
  });

  it('OCRs a PDF page that is only an image, and marks the document scanned', async () => {
    const pdf = await PDFDocument.create();
    const png = await pdf.embedPng(drawText(['Employer: Harbor Pine LLC']).toBuffer('image/png'));
    const page = pdf.addPage([612, 300]);
    page.drawImage(png, { x: 0, y: 0, width: 612, height: (612 * png.height) / png.width });
    const doc = await readDocument({ id: 's', name: 'scan.pdf', bytes: await pdf.save() });
    expect(doc.kind).toBe('scanned_pdf');
    expect(doc.pairs).toEqual([{ key: 'Employer', value: 'Harbor Pine LLC', page: 1, location: 'p1 l1', method: 'ocr_label' }]);
    const off = await readDocument({ id: 's', name: 'scan.pdf', bytes: await pdf.save() }, { ocr: false });
    expect(off).toMatchObject({ kind: 'pdf', lines: [], pairs: [] });
  });
});
