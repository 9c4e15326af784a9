// The scanned-page model on pages drawn in code: grey pixels → binarise → buildRasterModel. Each
// case draws one habit of scanned forms and asserts what the model must (not) make of it.
import { describe, expect, it } from 'vitest';
import { type SKRSContext2D, createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PageModel } from '../../../src/pdf/detect/model.ts';
import { findCandidates } from '../../../src/pdf/detect/candidates.ts';
import { buildRasterModel, rasterTextLines, type RasterModelInput } from '../../../src/pdf/detect/raster-model.ts';
import { binarize, shadeMap } from '../../../src/pdf/detect/raster.ts';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'), 'DejaVu Sans');

const DPI = 200;
const S = DPI / 72; // pixels per point
const PAGE_W = 612;
const PAGE_H = 396; // half a letter page keeps the tests quick

/** Draw on a white page in points (y down from the top), then build the raster model. */
function modelOf(draw: (ctx: SKRSContext2D) => void, noise = 0): PageModel {
  return buildRasterModel(inputOf(draw, noise));
}

/** The raster model's input for a page drawn by `draw`. */
function inputOf(draw: (ctx: SKRSContext2D) => void, noise = 0): RasterModelInput {
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
  // Scanner noise: a fixed pseudo-random ± `noise` grey levels per pixel.
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1;
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(rgba[i * 4 + 1] + noise * rnd())));
  const gray = { width: w, height: h, data };
  return {
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
  };
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

/** A horizontal rule from x `a` to `b` at canvas y `y`, in the current pen. */
function hline(ctx: SKRSContext2D, a: number, b: number, y: number): void {
  ctx.beginPath();
  ctx.moveTo(a, y);
  ctx.lineTo(b, y);
  ctx.stroke();
}

/** Model y (up) of a canvas y (down), in points. */
const up = (y: number) => PAGE_H - y;

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

describe('raster model: checkbox squares a scan thinned or broke', () => {
  const squaresOf = (model: PageModel) => model.marks.filter((m) => m.kind === 'square');
  const near = (x: number) => (m: { rect: { x: number; width: number } }) => Math.abs(m.rect.x + m.rect.width / 2 - x) < 2;
  /** A form's body, then black ink of this pen and font for the marks. */
  const page = (ctx: SKRSContext2D, lineWidth: number, font: string) => {
    body(ctx, 3);
    ctx.strokeStyle = '#000000';
    ctx.fillStyle = '#000000';
    ctx.lineWidth = lineWidth;
    ctx.font = font;
  };

  it('takes a square thinned to about 6.2 pt beside its label, not one as small inside a word', () => {
    const model = modelOf((ctx) => {
      page(ctx, 0.8, '8px "DejaVu Sans"');
      // Ink 60..66.2: a drawn 7-8 pt box as a scan leaves it; its label a space away.
      ctx.strokeRect(60.4, 200.4, 5.4, 5.4);
      ctx.fillText('Chapter 7', 70.5, 206.4);
      // The same square glued to letters of its height is a bold capital in a word.
      ctx.strokeRect(300.4, 200.4, 5.4, 5.4);
      ctx.font = 'bold 8.5px "DejaVu Sans"';
      ctx.fillText('ATE', 306.8, 206.6);
      // A ring that small is a letter or a bullet.
      ctx.beginPath();
      ctx.arc(453.1, 203.1, 2.7, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.font = '8px "DejaVu Sans"';
      ctx.fillText('Other', 460.5, 206.4);
    });
    const squares = squaresOf(model);
    expect(squares.filter(near(63.1))).toHaveLength(1);
    expect(squares.filter(near(303.1))).toHaveLength(0);
    expect(model.marks.filter(near(453.1))).toHaveLength(0);
  });

  it('takes no square from the letters of a large title, but boxes numbered and labelled close by', () => {
    const model = modelOf((ctx) => {
      page(ctx, 0.8, '17px "DejaVu Sans"');
      // A title at 17 pt: its b and a are hollow shapes of checkbox size, set tight in a word.
      ctx.fillText('Tribunals Service', 60, 40);
      // A 9 pt box with its number a little left and its label a space right.
      ctx.font = '9px "DejaVu Sans"';
      ctx.fillText('2', 300, 208.5);
      ctx.strokeRect(307.4, 200.4, 8.2, 8.2);
      ctx.fillText('Death', 318.5, 208.5);
      // A box with its label set right against it.
      ctx.strokeRect(400.4, 200.4, 10.2, 10.2);
      ctx.fillText('Worker’s compensation', 411.6, 209.5);
    });
    const squares = squaresOf(model);
    expect(squares.filter((m) => m.rect.y > up(70))).toHaveLength(0);
    expect(squares.filter(near(311.5))).toHaveLength(1);
    expect(squares.filter(near(405.5))).toHaveLength(1);
  });

  it('takes a pair of facing brackets, blank between, for a square; not bars or a bracketed letter', () => {
    const bracket = (ctx: SKRSContext2D, x: number, dir: 1 | -1) => {
      ctx.beginPath();
      ctx.moveTo(x + dir * 2.6, 200);
      ctx.lineTo(x, 200);
      ctx.lineTo(x, 210);
      ctx.lineTo(x + dir * 2.6, 210);
      ctx.stroke();
    };
    const model = modelOf((ctx) => {
      page(ctx, 1.2, '9px "DejaVu Sans"');
      // "[ ]" Yes: the square's top and bottom edges lost in the middle.
      bracket(ctx, 60, 1);
      bracket(ctx, 70, -1);
      ctx.fillText('Yes', 76, 209);
      // Two bars with no arms.
      for (const x of [200, 210]) {
        ctx.beginPath();
        ctx.moveTo(x, 200);
        ctx.lineTo(x, 210);
        ctx.stroke();
      }
      // A letter between brackets is text.
      bracket(ctx, 400, 1);
      bracket(ctx, 410, -1);
      ctx.font = '8px "DejaVu Sans"';
      ctx.fillText('a', 403, 208);
    });
    const squares = squaresOf(model);
    expect(squares.filter(near(65))).toHaveLength(1);
    const [square] = squares.filter(near(65));
    expect(square.rect.width).toBeGreaterThanOrEqual(9.5);
    expect(square.rect.y + square.rect.height / 2).toBeCloseTo(up(205), 0);
    expect(squares.filter(near(205))).toHaveLength(0);
    expect(squares.filter(near(405))).toHaveLength(0);
  });
});

describe('raster model + candidates: typed dots across the page', () => {
  it('takes a writing line of dots running the width of the page for a blank, as the vector page does', () => {
    const model = modelOf((ctx) => {
      body(ctx, 2);
      ctx.fillStyle = '#000000';
      ctx.font = 'bold 10px "DejaVu Sans"';
      ctx.fillText('Name or title of the organisation:', 40, 190);
      ctx.font = '10px "DejaVu Sans"';
      for (let x = 40; x < 560; x += 2.8) ctx.fillText('.', x, 214);
    }, 3);
    const dots = model.segments.filter((sg) => sg.orient === 'h' && Math.abs(sg.pos - up(213.5)) < 2);
    expect(dots.map((sg) => sg.source)).toEqual(['dots']);
    const cands = findCandidates(model).filter((c) => Math.abs(c.rect.y - up(213.5)) < 2);
    expect(cands).toHaveLength(1);
    expect(cands[0].rect.width).toBeGreaterThan(500);
  });
});

describe('raster model: white answer boxes on a light tint', () => {
  // A panel only 15 grey levels below the paper, under noise of ±8: tax forms print their
  // background so, with the answer boxes left white and no outline but an underline.
  const boxes = [
    { x: 300, y: 100, w: 90, h: 14 },
    { x: 420, y: 100, w: 90, h: 14 },
    { x: 300, y: 180, w: 210, h: 14 },
  ];
  const page = (tinted: boolean) => (ctx: SKRSContext2D) => {
    if (tinted) {
      ctx.fillStyle = '#f0f0f0';
      ctx.fillRect(20, 20, 572, 356);
    }
    ctx.fillStyle = '#ffffff';
    for (const b of boxes) ctx.fillRect(b.x, b.y, b.w, b.h);
    ctx.fillStyle = '#000000';
    ctx.font = '9px "DejaVu Sans"';
    for (let i = 0; i < 8; i++) ctx.fillText(`Amount from line ${i + 1} of your return`, 40, 60 + i * 36);
  };
  const near = (a: number, b: number) => Math.abs(a - b) < 1.5;

  it('finds the sides of each white box', () => {
    const model = modelOf(page(true), 8);
    for (const b of boxes) {
      const [x1, x2, top, bottom] = [b.x, b.x + b.w, up(b.y), up(b.y + b.h)];
      expect(model.segments.some((s) => s.orient === 'h' && near(s.pos, bottom) && near(s.lo, x1) && near(s.hi, x2)), `bottom of ${b.x},${b.y}`).toBe(true);
      expect(model.segments.some((s) => s.orient === 'h' && near(s.pos, top) && near(s.lo, x1) && near(s.hi, x2)), `top of ${b.x},${b.y}`).toBe(true);
      expect(model.segments.some((s) => s.orient === 'v' && near(s.pos, x1) && near(s.lo, bottom) && near(s.hi, top)), `left of ${b.x},${b.y}`).toBe(true);
    }
  });

  it('sees no boxes in the noise of an untinted page', () => {
    const model = modelOf(page(false), 8);
    expect(model.segments.filter((s) => s.orient === 'v')).toEqual([]);
  });
});

describe('raster model + candidates: an amount box with a sign and a cents divider', () => {
  it('gives one field from after the sign to the cents side', () => {
    const model = modelOf((ctx) => {
      body(ctx, 3);
      ctx.strokeStyle = '#000000';
      ctx.lineWidth = 0.8;
      // [ + ........ | ... ] : 81 pt box, sign in its first 12 pt, cents divider 18 pt from the right.
      ctx.strokeRect(380, 250, 81, 14);
      ctx.beginPath();
      ctx.moveTo(443, 250);
      ctx.lineTo(443, 264);
      ctx.stroke();
      ctx.fillStyle = '#000000';
      ctx.font = '10px "DejaVu Sans"';
      ctx.fillText('+', 383, 261);
    });
    const cands = findCandidates(model).filter((c) => c.rect.y < up(245) && c.rect.y > up(270));
    expect(cands).toHaveLength(1);
    const r = cands[0].rect;
    expect(r.x).toBeGreaterThan(388);
    expect(r.x + r.width).toBeGreaterThan(458);
  });
});

describe('raster model: how dark a rule is', () => {
  it('tells thin black rules from light-grey writing lines on a soft, noisy scan', () => {
    const model = modelOf((ctx) => {
      body(ctx, 2);
      ctx.lineWidth = 0.5;
      for (let i = 0; i < 5; i++) {
        ctx.strokeStyle = '#bfbfbf';
        ctx.beginPath();
        ctx.moveTo(60, 150 + i * 18);
        ctx.lineTo(560, 150 + i * 18);
        ctx.stroke();
      }
      ctx.strokeStyle = '#000000';
      ctx.beginPath();
      ctx.moveTo(60, 260);
      ctx.lineTo(560, 260);
      ctx.stroke();
    }, 6);
    const long = model.segments.filter((s) => s.orient === 'h' && s.hi - s.lo > 400 && s.lo < 70);
    const grey = long.filter((s) => s.pos > up(150 + 4 * 18) - 1 && s.pos < up(150) + 1);
    const black = long.filter((s) => Math.abs(s.pos - up(260)) < 1);
    expect(grey).toHaveLength(5);
    expect(black).toHaveLength(1);
    for (const s of grey) expect(s.lum).toBeGreaterThan(0.65);
    expect(black[0].lum).toBeLessThan(0.45);
  });
});

describe('raster model: long rules drawn side by side', () => {
  it('keeps two long rules a few points apart two blanks; a rule broken by the scan is one', () => {
    const model = modelOf((ctx) => {
      body(ctx, 2);
      ctx.lineWidth = 0.8;
      ctx.strokeStyle = '#000000';
      hline(ctx, 60, 250, 200);
      hline(ctx, 254, 400, 200);
      hline(ctx, 60, 250, 240);
      hline(ctx, 251, 400, 240);
    });
    const on = (y: number) => model.segments.filter((sg) => sg.orient === 'h' && Math.abs(sg.pos - up(y)) < 1.5).length;
    expect(on(200)).toBe(2);
    expect(on(240)).toBe(1);
  });
});

describe('raster model: a rule running into a solid block', () => {
  it('keeps the column rules of a table whose one cell is blacked out', () => {
    const model = modelOf((ctx) => {
      body(ctx, 2);
      ctx.strokeStyle = '#000000';
      ctx.lineWidth = 0.6;
      // Three columns (x 100 | 210 | 240 | 320), six rows of 30 pt, rows 100..280.
      for (const x of [100, 210, 240, 320]) {
        ctx.beginPath();
        ctx.moveTo(x, 100);
        ctx.lineTo(x, 280);
        ctx.stroke();
      }
      for (let y = 100; y <= 280; y += 30) {
        ctx.beginPath();
        ctx.moveTo(100, y);
        ctx.lineTo(320, y);
        ctx.stroke();
      }
      ctx.fillStyle = '#000000';
      // The block covers the rules' own pixels: every column of it is one run.
      ctx.fillRect(208.5, 100, 33, 30);
    });
    for (const x of [210, 240]) {
      const rule = model.segments.find((s) => s.orient === 'v' && Math.abs(s.pos - x) < 2 && s.lo < up(270) && s.hi > up(140));
      expect(rule, `column rule at ${x}`).toBeDefined();
    }
    // The block itself is no rule.
    expect(model.segments.some((s) => s.orient === 'v' && s.thickness > 5)).toBe(false);
  });
});

describe('raster text lines alone', () => {
  // Pages with words drawn as outlines take only their text lines from pixels: the same lines the
  // whole model finds, on a tinted page with white boxes (whose edges and shades it skips).
  it('are the lines of the whole model', () => {
    const input = inputOf((ctx) => {
      ctx.fillStyle = '#e4e4e4';
      ctx.fillRect(20, 20, 572, 356);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(250, 80, 200, 20);
      body(ctx);
    }, 3);
    const lines = rasterTextLines(input);
    expect(lines.length).toBeGreaterThanOrEqual(8);
    expect(lines).toEqual(buildRasterModel(input).lines);
  });
});

describe('raster model: a pale slanted watermark', () => {
  // "THIS FORM IS FREE AT …" printed pale and slanted across the page, as court forms carry it.
  const watermark = (ctx: SKRSContext2D) => {
    body(ctx, 2);
    ctx.save();
    ctx.fillStyle = '#e4e4e4';
    ctx.font = '20px "DejaVu Sans"';
    ctx.translate(120, 360);
    ctx.rotate((-35 * Math.PI) / 180);
    ctx.fillText('THIS FORM IS AVAILABLE FOR FREE AT SELF.GOV', 0, 0);
    ctx.restore();
  };
  // The watermark runs from (120, 360) up to the right; the body's captions are at y 60 and 96.
  const inWatermark = (model: PageModel) => model.words.filter((w) => w.rect.x > 130 && w.rect.x < 400 && w.rect.y < up(120) && w.rect.y > up(350));

  it('takes no button and no words from its letters, and keeps pale print set along a row', () => {
    // With one real button and a form's own pale print (dashes between comb groups) on a row.
    const model = modelOf((ctx) => {
      watermark(ctx);
      ctx.strokeStyle = '#000000';
      ctx.lineWidth = 0.8;
      ctx.beginPath();
      ctx.arc(66, 160, 5.5, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.fillStyle = '#000000';
      ctx.font = '9px "DejaVu Sans"';
      ctx.fillText('Married', 76, 163);
      ctx.fillStyle = '#e4e4e4';
      for (const x of [440, 470, 500]) ctx.fillRect(x, 330, 6, 1.5);
    }, 4);
    const rings = model.marks.filter((m) => m.kind === 'circle');
    expect(rings).toHaveLength(1);
    expect(rings[0].rect.x).toBeLessThan(66);
    expect(inWatermark(model)).toEqual([]);
    const dashes = model.words.filter((w) => w.rect.x > 435 && Math.abs(w.rect.y - up(331)) < 3);
    expect(dashes.length).toBeGreaterThanOrEqual(3);
  });

  it('takes no words from letters that a black speck of dust falls on', () => {
    const model = modelOf((ctx) => {
      watermark(ctx);
      // Dust: 2 × 2 black pixels, inside the letters' boxes (7 pt above the slanted baseline).
      ctx.fillStyle = '#000000';
      const [c, sn] = [Math.cos((35 * Math.PI) / 180), Math.sin((35 * Math.PI) / 180)];
      for (let d = 8; d < 440; d += 30) {
        const x = 120 + d * c - 7 * sn;
        const y = 360 - d * sn - 7 * c;
        ctx.fillRect(Math.round(x * S) / S, Math.round(y * S) / S, 2 / S, 2 / S);
      }
    }, 4);
    expect(inWatermark(model)).toEqual([]);
  });
});

describe('raster model + candidates: stems of printed letters are no rules', () => {
  it('keeps a box labelled inside at its top a labelled blank, its letters drawing no inner rules', () => {
    const model = modelOf((ctx) => {
      body(ctx, 3);
      ctx.strokeStyle = '#000000';
      ctx.lineWidth = 1.2;
      ctx.strokeRect(45, 200, 380, 58);
      ctx.fillStyle = '#000000';
      ctx.font = '10px "DejaVu Sans"';
      ctx.fillText('Any expense not shown above', 50, 209);
    });
    // The scan reads the stems of the label as little upright rules...
    expect(model.segments.some((s) => s.orient === 'v' && s.pos > 50 && s.pos < 230 && s.hi - s.lo < 12)).toBe(true);
    // ... which do not make it an option cell: the room under the label is the field.
    const cands = findCandidates(model).filter((c) => c.rect.x < 60 && c.rect.y > up(260) && c.rect.y < up(210));
    expect(cands).toHaveLength(1);
    expect(cands[0].kind).toBe('label-inside');
    expect(cands[0].rect.width).toBeGreaterThan(370);
  });

  /** A rule at y 250 pt from `x1` to `x2`, `ticks` rising 6 pt from it, 7 pt captions hanging under it. */
  function ruleWithCaptions(x1: number, x2: number, captions: [string, number][], ticks: number[] = []): PageModel {
    return modelOf((ctx) => {
      body(ctx, 3);
      ctx.strokeStyle = '#000000';
      ctx.fillStyle = '#000000';
      ctx.lineWidth = 0.8;
      ctx.beginPath();
      ctx.moveTo(x1, 250);
      ctx.lineTo(x2, 250);
      for (const x of ticks) {
        ctx.moveTo(x, 250);
        ctx.lineTo(x, 244);
      }
      ctx.stroke();
      ctx.font = '7px "DejaVu Sans"';
      for (const [text, x] of captions) ctx.fillText(text, x, 256.6);
    });
  }

  it('divides a rule at the captions under it though their letters have stems', () => {
    const model = ruleWithCaptions(100, 400, [['Auto', 101], ['State', 230], ['Area zone', 300]]);
    // The stems of the captions' letters hang from the rule, but with their letters' arms and
    // neighbours beside them: no comb ticks.
    expect(model.segments.filter((s) => s.orient === 'v' && s.pos > 105 && s.pos < 395 && s.hi - s.lo < 8)).toEqual([]);
    const cands = findCandidates(model).filter((c) => c.rect.y > up(252) && c.rect.y < up(240) && c.rect.x >= 95);
    expect(cands.map((c) => Math.round(c.rect.x))).toEqual([100, 230, 300].map((x) => expect.closeTo(x, -1)));
  });

  it('keeps the ticks of a comb, lone strokes, on a rule whose caption hangs under it', () => {
    // Ten character cells 15 pt wide.
    const ticks = [115, 130, 145, 160, 175, 190, 205, 220, 235];
    const model = ruleWithCaptions(100, 250, [['Name (LAST, FIRST, MIDDLE)', 101]], ticks);
    // Every tick rising from the rule stays one, whatever stands under the rule.
    const rising = model.segments.filter((s) => s.orient === 'v' && s.pos > 105 && s.pos < 245 && s.hi - s.lo < 8 && s.lo > up(250) - 1.5);
    expect(rising.map((s) => Math.round(s.pos))).toEqual(ticks.map((x) => expect.closeTo(x, 0)));
  });
});
