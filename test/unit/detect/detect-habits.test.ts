// Habits of forms the detector relies on, each on a small page built for it (vector, or its scan).
// Every page also holds a real blank, so a test cannot pass by finding nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { rgb } from '@cantoo/pdf-lib';
import type { FormField, Rect } from '../../../src/pdf/types.ts';
import { detectFields, terminateOcr } from '../../../src/pdf/detect/index.ts';
import { onTint } from '../../../src/pdf/detect/candidates-boxes.ts';
import type { ShadeMap } from '../../../src/pdf/detect/model.ts';
import { type Kit, black, detectOn, pageWith, rectDistance, scanOf } from './fixtures.ts';

afterAll(() => terminateOcr());

const overlaps = (f: FormField, r: Rect) => f.rect.x < r.x + r.width && r.x < f.rect.x + f.rect.width && f.rect.y < r.y + r.height && r.y < f.rect.y + f.rect.height;

/** The page's real blank: a labelled box at the bottom. */
function realBlank(k: Kit): void {
  k.text('Full name', 76, 208);
  k.box(72, 180, 300, 20);
}

const REAL: Rect = { x: 72, y: 180, width: 300, height: 20 };

describe('scanned heading bars', () => {
  it('does not take the edge of a tinted heading bar for a blank', async () => {
    const bar: Rect = { x: 72, y: 600, width: 468, height: 16 };
    const bytes = await pageWith((k) => {
      // A grey bar, its number in a black box and its title at the left, ruled above and below
      // after the title.
      k.page.drawRectangle({ ...bar, color: rgb(0.82, 0.82, 0.82) });
      k.page.drawRectangle({ x: 72, y: 600, width: 16, height: 16, color: black });
      k.text('Multiple cases', 94, 604, 11);
      k.line(172, bar.y, bar.x + bar.width, bar.y, { grey: 0.5 });
      k.line(172, bar.y + bar.height, bar.x + bar.width, bar.y + bar.height, { grey: 0.5 });
      realBlank(k);
    });
    const { fields } = await detectFields(await scanOf(bytes), { ocr: false });
    expect(fields.filter((f) => overlaps(f, bar))).toEqual([]);
    expect(fields.some((f) => rectDistance(f.rect, REAL, true) <= 4)).toBe(true);
  }, 60_000);

  it('does not take the tinted rest of a boxed heading bar for a blank', async () => {
    const bar: Rect = { x: 72, y: 600, width: 468, height: 18 };
    const bytes = await pageWith((k) => {
      k.box(bar.x, bar.y, bar.width, bar.height, 0.82);
      k.text('Information About You', 78, 605, 11);
      realBlank(k);
    });
    const { fields } = await detectFields(await scanOf(bytes), { ocr: false });
    expect(fields.filter((f) => overlaps(f, bar))).toEqual([]);
    expect(fields.some((f) => rectDistance(f.rect, REAL, true) <= 4)).toBe(true);
  }, 60_000);

  it('does not take the rows of a lightly tinted page for blanks beside their captions', async () => {
    // Tax-schedule style: the page is tinted, its captions stand on row rules, the amounts go in
    // white boxes.
    const rows: Rect = { x: 36, y: 600, width: 318, height: 60 };
    const bytes = await pageWith((k) => {
      k.page.drawRectangle({ x: 24, y: 150, width: 564, height: 560, color: rgb(0.9, 0.9, 0.9) });
      for (const [i, caption] of ['Base amount', 'Rate', 'Line 16 minus line 17', 'Family income'].entries()) {
        k.line(rows.x, rows.y + 15 * i, rows.x + rows.width, rows.y + 15 * i, { grey: 0.4 });
        k.text(caption, 38, rows.y + 15 * i + 3, 9);
      }
      k.line(rows.x, rows.y + rows.height, rows.x + rows.width, rows.y + rows.height, { grey: 0.4 });
      k.box(380, 620, 120, 14, 1);
      k.text('12', 505, 623, 9);
    });
    const { fields } = await detectFields(await scanOf(bytes), { ocr: false });
    expect(fields.filter((f) => overlaps(f, rows))).toEqual([]);
    expect(fields.some((f) => rectDistance(f.rect, { x: 380, y: 620, width: 120, height: 14 }) <= 4)).toBe(true);
  }, 60_000);

  it('tells a tint from a watermark running across a blank', () => {
    // A 40 × 12 pt room in 2 pt blocks; paper is 1.
    const map = (lum: (x: number, y: number) => number): ShadeMap => {
      const width = 30;
      const height = 12;
      const data = new Float32Array(width * height);
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = lum(x, y);
      return { x0: 0, yTop: 24, block: 2, width, height, lum: data };
    };
    const room: Rect = { x: 4, y: 4, width: 40, height: 12 };
    expect(onTint(map(() => 0.95), room)).toBe(true);
    expect(onTint(map(() => 0.85), room)).toBe(true);
    expect(onTint(map(() => 1), room)).toBe(false);
    // Pale letters over a third of the room darken its mean, not its paper.
    expect(onTint(map((x) => (x % 3 === 0 ? 0.8 : 1)), room)).toBe(false);
  });
});

describe('character blanks typed as underscores', () => {
  it('reads two stacked rows of underscore groups ending together as one comb each', async () => {
    // "Last 4 digits of SSN: ____ ____ ____ ____" and the ITIN row under it: both rows end at
    // the same x, which implies a side between them; it is not drawn, so it does not make the
    // groups a dashed frame.
    const bytes = await pageWith((k) => {
      const size = 11;
      const group = '____';
      const w = k.font.widthOfTextAtSize(group, size);
      for (const [label, y] of [['SSN xxx - xx -', 500], ['ITIN 9xx - xx -', 470]] as const) {
        k.text(label, 72, y, size);
        for (let i = 0; i < 4; i++) k.text(group, 160 + i * (w + 3), y, size);
      }
      realBlank(k);
    });
    const { fields } = await detectFields(bytes);
    const combs = fields.filter((f) => f.comb);
    expect(combs.map((f) => f.max_len)).toEqual([4, 4]);
    expect(combs.every((f) => f.rect.x >= 158 && f.rect.x <= 162)).toBe(true);
  });
});

describe('blanks set in columns', () => {
  it('takes the uncaptioned rule right of a row\'s blank as the next column\'s blank', async () => {
    const bytes = await pageWith((k) => {
      k.text('Petitioner', 230, 530);
      k.text('Respondent', 330, 530);
      for (const [caption, y] of [['Monthly wages', 500], ['Food stamps', 470]] as const) {
        k.text(caption, 100, y + 2);
        k.line(220, y, 300, y);
        k.line(320, y, 400, y);
      }
      realBlank(k);
    });
    const { fields } = await detectFields(bytes);
    const cols = fields.filter((f) => f.rect.y > 460 && f.rect.y < 510).map((f) => [Math.round(f.rect.x), Math.round(f.rect.y - 1)]);
    expect(cols.sort()).toEqual([
      [220, 470],
      [220, 500],
      [320, 470],
      [320, 500],
    ]);
  });

  it('chains uncaptioned rules across a row whatever order they are drawn in', async () => {
    const bytes = await pageWith((k) => {
      for (const [caption, y] of [['Home', 500], ['Work', 470]] as const) {
        k.text(caption, 100, y + 2);
        // Right to left: the ZIP rule first, the captioned city rule last.
        k.line(420, y, 480, y);
        k.line(330, y, 400, y);
        k.line(150, y, 310, y);
      }
      realBlank(k);
    });
    const { fields } = await detectFields(bytes);
    const row = fields.filter((f) => f.rect.y > 460 && f.rect.y < 510).map((f) => [Math.round(f.rect.x), Math.round(f.rect.y - 1)]);
    expect(row.sort()).toEqual([
      [150, 470],
      [150, 500],
      [330, 470],
      [330, 500],
      [420, 470],
      [420, 500],
    ]);
  });
});

describe('blanks stacked in a column', () => {
  /** A table column set as rules under its header, and a stack of address lines captioned in turn. */
  const stacks = (k: Kit) => {
    k.text("Dependent's", 380, 712, 8);
    k.text('age', 380, 703, 8);
    for (const y of [690, 663, 636, 609]) k.line(380, y, 440, y);
    // Address: the first and third lines captioned under them, the second line not.
    k.line(72, 560, 300, 560);
    k.text('Number     Street', 72, 552, 7);
    k.line(72, 530, 300, 530);
    k.line(72, 500, 300, 500);
    k.text('City', 72, 492, 7);
    realBlank(k);
  };
  const rows = (fields: FormField[], x: number) => fields.filter((f) => Math.abs(f.rect.x - x) < 2 && !overlaps(f, REAL)).map((f) => Math.round(f.rect.y - 1)).sort();

  it('takes every uncaptioned rule of a column of equal rules for a row of it', async () => {
    const { fields } = await detectFields(await pageWith(stacks));
    expect(rows(fields, 380)).toEqual([609, 636, 663, 690]);
    // The middle address line has no caption: it is a blank because its neighbours are.
    expect(rows(fields, 72)).toEqual([500, 530, 560]);
    expect(fields.some((f) => overlaps(f, REAL))).toBe(true);
  });

  it('does so on a scan too', async () => {
    const { fields } = await detectFields(await scanOf(await pageWith(stacks)));
    expect(rows(fields, 380)).toHaveLength(4);
    expect(rows(fields, 72)).toHaveLength(3);
  });

  it('takes no lone rule without a caption for a blank, nor rules of a column spaced unevenly', async () => {
    const { fields } = await detectFields(
      await pageWith((k) => {
        k.text('Notes', 72, 700, 12);
        k.line(72, 690, 300, 690);
        for (const y of [650, 630, 590]) k.line(380, y, 440, y);
        realBlank(k);
      }),
    );
    expect(fields.filter((f) => !overlaps(f, REAL) && f.rect.y > 660)).toEqual([]);
    expect(fields.filter((f) => Math.abs(f.rect.y - 591) < 2)).toEqual([]);
  });
});

describe('captions set tight under their rules', () => {
  it('takes a rule whose caption box pokes over it (its ink stays under) as captioned below', async () => {
    const bytes = await pageWith((k) => {
      // 8 pt captions with their baseline 6.5 pt under the rule: the text box (font ascent) tops
      // the rule by 0.3 pt, the capitals and parentheses stay 0.7 pt under it.
      k.text('Address', 72, 508);
      for (const [caption, lo, hi] of [['(Street address)', 130, 300], ['(City/Town)', 310, 400], ['(State)', 410, 450], ['(Zip)', 460, 540]] as const) {
        k.line(lo, 506.5, hi, 506.5, { thickness: 0.5 });
        k.text(caption, lo + 10, 500, 8);
      }
      realBlank(k);
    });
    const { fields } = await detectFields(bytes);
    const row = fields.filter((f) => f.rect.y > 500 && f.rect.y < 520).sort((a, b) => a.rect.x - b.rect.x);
    expect(row.map((f) => Math.round(f.rect.x))).toEqual([130, 310, 410, 460]);
    expect(row[1].label).toMatch(/city/i);
  });
});

describe('typed blanks written in pieces', () => {
  it('joins underscores split into items of one and two into one blank', async () => {
    const bytes = await pageWith((k) => {
      const size = 9;
      k.text('When', 72, 500, size);
      // One run of underscores, written as separate text items the way some writers split it.
      let x = 100;
      for (const piece of ['_', '__', '_', '__', '___', '_', '__']) {
        k.text(piece, x, 500, size);
        x += k.font.widthOfTextAtSize(piece, size);
      }
      realBlank(k);
    });
    const { fields } = await detectFields(bytes);
    const when = fields.filter((f) => f.rect.y > 480 && f.rect.y < 520);
    expect(when).toHaveLength(1);
    expect(when[0].rect.x).toBeLessThanOrEqual(101);
    expect(when[0].rect.width).toBeGreaterThan(50);
  });
});

describe('character boxes on a scan', () => {
  it('reads a row of separate character boxes as one comb, not as checkboxes', async () => {
    const bytes = await pageWith((k) => {
      k.text('Employer identification number', 72, 606);
      for (let i = 0; i < 6; i++) k.box(230 + i * 25, 600, 20, 18);
      realBlank(k);
    });
    const { fields } = await detectFields(await scanOf(bytes), { ocr: false });
    const row = fields.filter((f) => f.rect.y > 590 && f.rect.y < 620);
    expect(row.map((f) => [f.type, f.max_len])).toEqual([['text', 6]]);
  }, 60_000);
});

describe('amount boxes on a scan', () => {
  it('joins the cents to an amount box printed with "=" (two bars of ink on a scan)', async () => {
    const bytes = await pageWith((k) => {
      k.text('Line 16 minus line 17', 72, 624, 10);
      k.box(380, 620, 82, 14);
      k.line(444, 620, 444, 634);
      k.text('=', 383, 622, 12);
      realBlank(k);
    });
    const { fields } = await detectFields(await scanOf(bytes), { ocr: false });
    const amount = fields.filter((f) => overlaps(f, { x: 380, y: 620, width: 82, height: 14 }));
    expect(amount).toHaveLength(1);
    expect(Math.abs(amount[0].rect.x + amount[0].rect.width - 462)).toBeLessThanOrEqual(2);
  }, 60_000);
});

describe('a currency sign at the start of a blank', () => {
  /** "Total wages  1  $ ______": the sign stands on the rule where the blank begins. */
  const amountLine = (k: Kit) => {
    k.text('Total wages', 340, 602, 10);
    k.text('1', 430, 602, 10);
    k.text('$', 452, 604, 10);
    k.line(450, 600, 560, 600, { thickness: 0.5 });
    realBlank(k);
  };
  const blank: Rect = { x: 450, y: 600, width: 110, height: 12 };

  it('keeps the rule a blank on a vector page', async () => {
    const { fields } = await detectFields(await pageWith(amountLine));
    const got = fields.filter((f) => overlaps(f, blank));
    expect(got).toHaveLength(1);
    expect(rectDistance(got[0].rect, blank, true)).toBeLessThanOrEqual(2);
  });

  it('keeps the rule a blank on a scan, where the sign is ink standing on the rule', async () => {
    const { fields } = await detectFields(await scanOf(await pageWith(amountLine)), { ocr: false });
    const got = fields.filter((f) => overlaps(f, blank));
    expect(got).toHaveLength(1);
    expect(rectDistance(got[0].rect, blank, true)).toBeLessThanOrEqual(3);
  }, 60_000);
});

describe('a writing line typed inside an amount box', () => {
  /** "Income  [ $ __________ ]": the box is two lines tall, its blank typed as underscores low in it. */
  const amountBox = (k: Kit) => {
    k.text('Monthly income', 300, 614, 10);
    k.box(400, 600, 90, 30);
    k.text('$_______________', 403, 610, 9);
    realBlank(k);
  };
  const inBox: Rect = { x: 400, y: 600, width: 90, height: 30 };

  it('writes on the typed line, not over the whole box, on a vector page', async () => {
    const got = (await detectOn(amountBox)).filter((f) => overlaps(f, inBox));
    expect(got).toHaveLength(1);
    // The underscores' descender line is about 608; the box bottom (600) is no part of the entry.
    expect(Math.abs(got[0].rect.y - 608)).toBeLessThanOrEqual(2);
    expect(got[0].rect.height).toBeLessThanOrEqual(17);
  });

  it('and on its scan, where the underscores are a rule of ink inside the box', async () => {
    const { fields } = await detectFields(await scanOf(await pageWith(amountBox)), { ocr: false });
    const got = fields.filter((f) => overlaps(f, inBox));
    expect(got).toHaveLength(1);
    expect(Math.abs(got[0].rect.y - 608)).toBeLessThanOrEqual(3);
    expect(got[0].rect.height).toBeLessThanOrEqual(17);
  }, 60_000);
});

describe('a currency sign marking where an amount is written', () => {
  /** "1 Nonemployee compensation" over "$" in a box of an information return; a tall "$" box. */
  const captioned: Rect = { x: 300, y: 600, width: 200, height: 34 };
  const tall: Rect = { x: 420, y: 500, width: 80, height: 36 };
  const amounts = (k: Kit) => {
    for (const r of [captioned, tall]) k.box(r.x, r.y, r.width, r.height);
    k.text('1 Nonemployee compensation', 303, 624, 7);
    k.text('$', 303, 605, 10);
    k.text('Total credits', 300, 520, 10);
    k.text('$', 423, 503, 10);
    realBlank(k);
  };

  const check = (fields: FormField[]) => {
    const one = fields.filter((f) => overlaps(f, captioned));
    expect(one).toHaveLength(1);
    // The room under the caption, from the sign on: not only the part right of the caption.
    expect(one[0].rect.x).toBeLessThan(315);
    expect(one[0].rect.y + one[0].rect.height).toBeLessThan(624);
    const two = fields.filter((f) => overlaps(f, tall));
    expect(two).toHaveLength(1);
    // The line the sign stands on, not the whole box.
    expect(two[0].rect.height).toBeLessThanOrEqual(16);
  };

  it('on a vector page', async () => {
    check(await detectOn(amounts));
  });

  it('on its scan, where the sign is a small blot of ink', async () => {
    check((await detectFields(await scanOf(await pageWith(amounts)), { ocr: false })).fields);
  }, 60_000);
});
