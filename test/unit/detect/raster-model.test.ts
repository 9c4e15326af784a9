// The scanned-page model on pages drawn in code: grey pixels → binarise → buildRasterModel. Each
// case draws one habit of scanned forms and asserts what the model must (not) make of it.
import { describe, expect, it } from 'vitest';
import { type SKRSContext2D, createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PageModel } from '../../../src/pdf/detect/model.ts';
import { buildRasterModel } from '../../../src/pdf/detect/raster-model.ts';
import { binarize, shadeMap } from '../../../src/pdf/detect/raster.ts';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'), 'DejaVu Sans');

const DPI = 200;
const S = DPI / 72; // pixels per point
const PAGE_W = 612;
const PAGE_H = 396; // half a letter page keeps the tests quick

/** Draw on a white page in points (y down from the top), then build the raster model. */
function modelOf(draw: (ctx: SKRSContext2D) => void): PageModel {
  const w = Math.round(PAGE_W * S);
  const h = Math.round(PAGE_H * S);
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.scale(S, S);
  draw(ctx);
  const rgba = ctx.getImageData(0, 0, w, h).data;
  const data = new Uint8Array(w * h);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4 + 1];
  const gray = { width: w, height: h, data };
  return buildRasterModel({
    index: 0,
    view: [0, 0, PAGE_W, PAGE_H],
    rotate: 0,
    frame: { x0: 0, yTop: PAGE_H, scale: S },
    bin: binarize(gray),
    width: w,
    height: h,
    gray,
    shade: shadeMap(gray, 6),
    shadeCell: 6,
  });
}

/** Black captions and rules: the body of an ordinary form, so the page has a text tone. */
function body(ctx: SKRSContext2D, rows = 8): void {
  ctx.fillStyle = '#000000';
  ctx.strokeStyle = '#000000';
  ctx.lineWidth = 0.8;
  ctx.font = '9px "DejaVu Sans"';
  for (let i = 0; i < rows; i++) {
    const y = 60 + i * 36;
    ctx.fillText(`Caption number ${i + 1} of the applicant`, 40, y);
    ctx.beginPath();
    ctx.moveTo(250, y + 2);
    ctx.lineTo(560, y + 2);
    ctx.stroke();
  }
}

/** Model y (up) of a canvas y (down), in points. */
const up = (y: number) => PAGE_H - y;

describe('raster model: pale print over the form', () => {
  it('keeps a light-grey watermark out of the words and the radio buttons', () => {
    const model = modelOf((ctx) => {
      body(ctx);
      // A watermark in light grey, big letters including rings (O), in the writing space
      // between the rules.
      ctx.fillStyle = '#d8d8d8';
      ctx.font = '20px "DejaVu Sans"';
      for (const y of [90, 162, 234]) ctx.fillText('FOR OFFICE COPY O', 270, y);
      // A lone grey ring the size of a radio button.
      ctx.strokeStyle = '#d0d0d0';
      ctx.lineWidth = 1.2;
      ctx.beginPath();
      ctx.arc(500, 40, 6, 0, 2 * Math.PI);
      ctx.stroke();
    });
    expect(model.marks.filter((m) => m.kind === 'circle')).toHaveLength(0);
    // Every word is a black caption: none lies in the rules' writing space on the right.
    const inBlank = model.words.filter((w) => w.rect.x > 245 && w.rect.height > 4);
    expect(inBlank).toEqual([]);
    // The black captions are still words, and the rules still rules.
    expect(model.words.filter((w) => w.rect.x < 245 && w.rect.width > 100)).toHaveLength(8);
    expect(model.segments.filter((s) => s.orient === 'h' && s.hi - s.lo > 300)).toHaveLength(8);
  });

  it('keeps grey text when the whole page is printed grey', () => {
    const model = modelOf((ctx) => {
      body(ctx);
      ctx.fillStyle = '#ffffff';
      ctx.globalCompositeOperation = 'lighten';
      ctx.fillStyle = '#8a8a8a';
      ctx.fillRect(0, 0, PAGE_W, PAGE_H);
    });
    expect(model.words.filter((w) => w.rect.x < 245 && w.rect.width > 100)).toHaveLength(8);
  });
});

describe('raster model: small printed squares', () => {
  it('makes a checkbox of at least 9.5 pt, centred on a 7 pt square', () => {
    const model = modelOf((ctx) => {
      body(ctx, 3);
      ctx.strokeStyle = '#000000';
      ctx.lineWidth = 0.8;
      ctx.strokeRect(60, 200, 7, 7);
      ctx.fillStyle = '#000000';
      ctx.font = '9px "DejaVu Sans"';
      ctx.fillText('Yes', 74, 207);
      // A large square keeps its own size.
      ctx.strokeRect(160, 198, 14, 14);
    });
    const squares = model.marks.filter((m) => m.kind === 'square').sort((a, b) => a.rect.x - b.rect.x);
    expect(squares).toHaveLength(2);
    const [small, large] = squares.map((m) => m.rect);
    expect(small.width).toBeCloseTo(9.5, 1);
    expect(small.height).toBeCloseTo(9.5, 1);
    // Centred on the drawn square (60..67, canvas 200..207).
    expect(small.x + small.width / 2).toBeCloseTo(63.5, 0);
    expect(small.y + small.height / 2).toBeCloseTo(up(203.5), 0);
    expect(large.width).toBeGreaterThan(13.5);
    expect(large.width).toBeLessThan(15.5);
  });
});
