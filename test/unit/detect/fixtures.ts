// Test forms built in code: every field is drawn at a known place, so a test can say exactly
// what the detector must find. Also the "scan" of a form: rendered to pixels and embedded as the
// page's only content, optionally tilted like a sheet on a desk scanner.
import fontkit from '@pdf-lib/fontkit';
import { createCanvas } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import { PDFDocument, StandardFonts, degrees, rgb } from '@cantoo/pdf-lib';
import type { FieldType, FormField, Rect } from '../../../src/pdf/types.ts';
import { detectFields } from '../../../src/pdf/detect/index.ts';
import { openPdf } from '../../../src/pdf/detect/pdfjs.ts';

const require = createRequire(import.meta.url);
const DEJAVU = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');

export interface Expected {
  what: string;
  type: FieldType;
  /** Where the blank is. For rules only x-range and bottom are exact (the writing room is inferred). */
  rect: Rect;
  rule?: boolean;
  max_len?: number;
  label?: RegExp;
}

export interface Fixture {
  bytes: Uint8Array;
  expected: Expected[];
}

export const black = rgb(0, 0, 0);

/** What a test draws one small page with (PDF points, y up; Helvetica, black). */
export interface Kit {
  page: PDFPage;
  font: PDFFont;
  text(t: string, x: number, y: number, size?: number): void;
  /** A box outlined 1 pt; `fill` is the grey of its inside (0 black .. 1 white), unpainted if absent. */
  box(x: number, y: number, w: number, h: number, fill?: number): void;
  /** A rule, 1 pt black unless told its thickness or grey. */
  line(x1: number, y1: number, x2: number, y2: number, style?: { thickness?: number; grey?: number }): void;
}

/** A US Letter page drawn by `draw`, saved. */
export async function pageWith(draw: (k: Kit) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  draw({
    page,
    font,
    text: (t, x, y, size = 10) => page.drawText(t, { x, y, size, font, color: black }),
    box: (x, y, w, h, fill) =>
      page.drawRectangle({ x, y, width: w, height: h, borderWidth: 1, borderColor: black, ...(fill === undefined ? {} : { color: rgb(fill, fill, fill) }) }),
    line: (x1, y1, x2, y2, { thickness = 1, grey = 0 } = {}) => page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: rgb(grey, grey, grey) }),
  });
  return doc.save();
}

/** The fields detected on a page drawn by `draw`. */
export async function detectOn(draw: (k: Kit) => void): Promise<FormField[]> {
  return (await detectFields(await pageWith(draw))).fields;
}

/** One page with one of each kind of blank. Coordinates are PDF points, y up. */
export async function buildForm(options: { rotate?: number } = {}): Promise<Fixture> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const page = doc.addPage([612, 792]);
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  // Embedded whole: @cantoo/pdf-lib subsets with fontkit 2's encode(), which @pdf-lib/fontkit lacks.
  const dejavu = await doc.embedFont(fs.readFileSync(DEJAVU));
  const text = (t: string, x: number, y: number, size = 10, font = helv) => page.drawText(t, { x, y, size, font, color: black });
  const box = (x: number, y: number, w: number, h: number, bw = 1) => page.drawRectangle({ x, y, width: w, height: h, borderWidth: bw, borderColor: black });
  const line = (x1: number, y1: number, x2: number, y2: number, t = 1) => page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: t, color: black });
  const expected: Expected[] = [];

  text('Application for a Test Permit', 72, 750, 16);

  // 1. Underline with its label on the left.
  text('Full name:', 72, 702);
  line(130, 700, 400, 700);
  expected.push({ what: 'underline', type: 'text', rect: { x: 130, y: 700, width: 270, height: 12 }, rule: true, label: /full name/i });

  // 2. Typed underscores after a label.
  text('Phone: ______________________', 420, 702);
  // Helvetica: "Phone: " is 34.5 pt wide at 10 pt; 22 underscores of 5.56 pt follow, just under the baseline.
  expected.push({ what: 'underscores', type: 'text', rect: { x: 454.5, y: 701, width: 122.3, height: 12 }, rule: true, label: /phone/i });

  // 3. An empty box with its label above.
  text('Email address', 72, 668, 8);
  box(72, 640, 250, 22);
  // An empty one-line box (18–32 pt tall) gives its lower 70% (the writing line), see writingArea.
  expected.push({ what: 'box', type: 'text', rect: { x: 72.5, y: 640.5, width: 249, height: 14.7 }, label: /email/i });

  // 4. A box with its label inside the top-left corner (government style).
  box(340, 630, 220, 34);
  text('Date of birth (mm/dd/yyyy)', 344, 655, 7);
  expected.push({ what: 'label-inside box', type: 'text', rect: { x: 340.5, y: 630.5, width: 219, height: 22.5 }, label: /date of birth/i });

  // 5. A comb: one box, ticks rising from its bottom every 18 pt → 9 characters.
  text('Social security number', 72, 610, 8);
  box(72, 584, 162, 20);
  for (let i = 1; i < 9; i++) line(72 + 18 * i, 584, 72 + 18 * i, 591, 0.75);
  expected.push({ what: 'comb', type: 'text', rect: { x: 72.5, y: 584.5, width: 161, height: 19 }, max_len: 9, label: /social security/i });

  // 6. Drawn checkboxes with their labels to the right.
  box(72, 550, 10, 10);
  text('Yes', 86, 551);
  box(130, 550, 10, 10);
  text('No', 144, 551);
  expected.push({ what: 'checkbox yes', type: 'checkbox', rect: { x: 72.5, y: 550.5, width: 9, height: 9 }, label: /yes/i });
  expected.push({ what: 'checkbox no', type: 'checkbox', rect: { x: 130.5, y: 550.5, width: 9, height: 9 }, label: /no/i });

  // 7. A ballot-box glyph (☐) typed in a Unicode font.
  text('\u2610', 250, 550, 12, dejavu);
  text('Renewal', 266, 551);
  expected.push({ what: 'glyph checkbox', type: 'checkbox', rect: { x: 250.5, y: 549, width: 9, height: 9.5 }, label: /renewal/i });

  // 8. Radio buttons: small circles on one row.
  page.drawCircle({ x: 77, y: 515, size: 5, borderWidth: 1, borderColor: black });
  text('Male', 86, 511);
  page.drawCircle({ x: 135, y: 515, size: 5, borderWidth: 1, borderColor: black });
  text('Female', 144, 511);
  expected.push({ what: 'radio 1', type: 'radio', rect: { x: 72, y: 510, width: 10, height: 10 }, label: /male/i });
  expected.push({ what: 'radio 2', type: 'radio', rect: { x: 130, y: 510, width: 10, height: 10 }, label: /female/i });

  // 9. A table: a header row of titles and two empty rows of three cells.
  const cols = [72, 232, 352, 540];
  const rows = [470, 448, 426, 404];
  for (const y of rows) line(cols[0], y, cols[3], y);
  for (const x of cols) line(x, rows[0], x, rows[3]);
  text('Child name', 76, 455);
  text('Date of birth', 236, 455);
  text('Relationship', 356, 455);
  for (let r = 1; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      expected.push({ what: `cell ${r},${c}`, type: 'text', rect: { x: cols[c] + 0.5, y: rows[r + 1] + 0.5, width: cols[c + 1] - cols[c] - 1, height: 14.7 } });
    }
  }

  // 10. A signature line with its caption below.
  line(72, 340, 300, 340);
  text('Signature of applicant', 72, 328, 8);
  line(340, 340, 480, 340);
  text('Date', 340, 328, 8);
  expected.push({ what: 'signature', type: 'signature', rect: { x: 72, y: 340, width: 228, height: 14 }, rule: true, label: /signature/i });
  expected.push({ what: 'date line', type: 'text', rect: { x: 340, y: 340, width: 140, height: 14 }, rule: true, label: /date/i });

  // Things that are not fields: a page-wide separator and a box holding printed text.
  line(36, 300, 576, 300, 2);
  box(72, 200, 468, 60);
  text('This box holds instructions printed by the form designer and is no field at all.', 78, 240, 9);
  text('Keep a copy of this application for your records.', 78, 224, 9);

  if (options.rotate) page.setRotation(degrees(options.rotate));
  return { bytes: await doc.save(), expected };
}

/** Render page 1 to PNG (grey, `dpi`), as a desk scanner would see it. */
export async function renderPng(bytes: Uint8Array, dpi = 200): Promise<{ png: Buffer; width: number; height: number }> {
  const doc = await openPdf(bytes);
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: dpi / 72, rotation: 0 });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const params = { canvas, viewport } as unknown as Parameters<typeof page.render>[0];
    await page.render(params).promise;
    return { png: canvas.toBuffer('image/png'), width: viewport.width / (dpi / 72), height: viewport.height / (dpi / 72) };
  } finally {
    await doc.destroy();
  }
}

/** An image-only PDF of the page picture, tilted by `deg` (counter-clockwise) about the centre. */
export async function scanOf(bytes: Uint8Array, deg = 0): Promise<Uint8Array> {
  const { png, width, height } = await renderPng(bytes);
  const doc = await PDFDocument.create();
  const page = doc.addPage([width, height]);
  page.drawRectangle({ x: 0, y: 0, width, height, color: rgb(1, 1, 1) });
  const img = await doc.embedPng(png);
  const t = (deg * Math.PI) / 180;
  // pdf-lib rotates about the image's lower-left corner: place it so the centre stays put.
  const vx = (width / 2) * Math.cos(t) - (height / 2) * Math.sin(t);
  const vy = (width / 2) * Math.sin(t) + (height / 2) * Math.cos(t);
  page.drawImage(img, { x: width / 2 - vx, y: height / 2 - vy, width, height, rotate: degrees(deg) });
  return doc.save();
}

/** Undo a scan tilt on a detected rect: rotate its centre back about the page centre. */
export function derotate(r: Rect, deg: number, pageW = 612, pageH = 792): Rect {
  const t = (-deg * Math.PI) / 180;
  const cx = pageW / 2;
  const cy = pageH / 2;
  const mx = r.x + r.width / 2 - cx;
  const my = r.y + r.height / 2 - cy;
  const nx = cx + mx * Math.cos(t) - my * Math.sin(t);
  const ny = cy + mx * Math.sin(t) + my * Math.cos(t);
  return { x: nx - r.width / 2, y: ny - r.height / 2, width: r.width, height: r.height };
}

/** Distance between two rects: the largest difference of their edges. */
export function rectDistance(a: Rect, b: Rect, rule = false): number {
  const d = [Math.abs(a.x - b.x), Math.abs(a.x + a.width - (b.x + b.width)), Math.abs(a.y - b.y)];
  if (!rule) d.push(Math.abs(a.y + a.height - (b.y + b.height)));
  return Math.max(...d);
}
