// Rules that reject things looking like blanks, each on a small page built for it. Every page also
// holds one real blank, so a test cannot pass by finding nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { rgb } from '@cantoo/pdf-lib';
import type { FormField } from '../../../src/pdf/types.ts';
import { detectFields, terminateOcr } from '../../../src/pdf/detect/index.ts';
import { type Kit, black, detectOn, pageWith, rectDistance, scanOf } from './fixtures.ts';

afterAll(() => terminateOcr());

/** The page's one real blank: a labelled line at the bottom. */
function realBlank(k: Kit): void {
  k.text('Full name:', 72, 202);
  k.line(130, 200, 400, 200);
}

function expectOnlyRealBlank(fields: FormField[]): void {
  expect(fields.map((f) => f.label)).toEqual(['Full name']);
  expect(rectDistance(fields[0].rect, { x: 130, y: 200, width: 270, height: 12 }, true)).toBeLessThanOrEqual(2);
}

/** A frame 72..540 × 560..700 with a side panel reading For / Office / Use / Only, and one real blank. */
function officeUseFrame(k: Kit): void {
  k.box(72, 560, 468, 140);
  k.line(122, 560, 122, 700);
  k.text('For', 85, 660, 11);
  k.text('Office', 80, 646, 11);
  k.text('Use', 85, 632, 11);
  k.text('Only', 84, 618, 11);
  // Receipt stamp box and action block, as empty cells.
  k.line(330, 600, 330, 700);
  k.line(122, 600, 540, 600);
  k.text('Receipt', 200, 690, 8);
  k.text('Action Block', 410, 690, 8);
  // Approval checkbox and a date line in the bottom row.
  k.box(132, 575, 9, 9);
  k.text('Approved', 146, 576, 9);
  k.text('Date:', 300, 576, 9);
  k.line(325, 574, 450, 574);
  realBlank(k);
}

describe('areas that must stay blank', () => {
  it('drops the boxes, lines and checkboxes of a frame headed "For Office Use Only"', async () => {
    expectOnlyRealBlank(await detectOn(officeUseFrame));
  });

  it('drops them on a scan too, once the notice is read', async () => {
    const res = await detectFields(await scanOf(await pageWith(officeUseFrame)));
    expect(res.fields).toHaveLength(1);
    expect(rectDistance(res.fields[0].rect, { x: 130, y: 200, width: 270, height: 12 }, true)).toBeLessThanOrEqual(3.5);
  }, 60_000);

  it('drops the box under "do not write in box below"', async () => {
    const fields = await detectOn((k) => {
      k.text('Space for barcode - do not write in box below', 300, 690, 8);
      k.box(300, 560, 240, 124);
      // Nearer text on the left would otherwise become the box's label.
      k.text('Attach a copy of your ID', 170, 620);
      realBlank(k);
    });
    expectOnlyRealBlank(fields);
  });
});

describe('bullets', () => {
  it('takes bullets set before short options on a row for checkboxes', async () => {
    const fields = await detectOn((k) => {
      k.text('Does the defendant understand English?', 72, 600, 9);
      k.text('\u2022', 260, 600, 9);
      k.text('YES', 272, 600, 9);
      k.text('\u2022', 300, 600, 9);
      k.text('NO', 312, 600, 9);
      realBlank(k);
    });
    const boxes = fields.filter((f) => f.type === 'checkbox');
    expect(boxes.map((f) => f.label)).toEqual(['Does the defendant understand English?: YES', 'Does the defendant understand English?: NO']);
    // Centred on the bullet (Helvetica's bullet is 3.2 pt wide at 9 pt), about a line high.
    expect(Math.abs(boxes[0].rect.x + boxes[0].rect.width / 2 - 261.6)).toBeLessThan(1);
    expect(boxes[0].rect.y).toBeLessThan(601);
    expect(boxes[0].rect.y + boxes[0].rect.height).toBeGreaterThan(606);
  });

  it('does not take a bulleted list for checkboxes', async () => {
    const fields = await detectOn((k) => {
      k.text('\u2022 Use blue or black ink.', 72, 640, 9);
      k.text('\u2022 Print clearly in capital letters.', 72, 628, 9);
      // Two lists side by side: bullets on one row, but their items are sentences.
      k.text('\u2022 Attach a copy of your passport.', 72, 600, 9);
      k.text('\u2022 Sign and date the form below.', 300, 600, 9);
      realBlank(k);
    });
    expectOnlyRealBlank(fields);
  });
});

describe('marks that are lettering', () => {
  it('does not take a ring stroked over printed text for a radio button', async () => {
    const fields = await detectOn((k) => {
      // A title whose letters are stroked over their own text layer (outlined lettering).
      k.text('ORGANIZATION', 72, 700, 14);
      k.page.drawEllipse({ x: 77.5, y: 705, xScale: 5, yScale: 5, borderWidth: 0.5, borderColor: black });
      realBlank(k);
    });
    expectOnlyRealBlank(fields);
  });
});

describe('tables', () => {
  it('skips an amount cell whose line-number cell is shaded (no entry on that line)', async () => {
    const fields = await detectOn((k) => {
      // Amount column of an IRS-style page: a line-number cell, then the amount cell.
      const rows: [number, string | null][] = [
        [600, '1'],
        [588, null],
        [576, '2'],
      ];
      for (const [y, num] of rows) {
        k.page.drawRectangle({ x: 482, y, width: 22, height: 12, borderWidth: 0.5, borderColor: black, color: num ? rgb(1, 1, 1) : rgb(0.75, 0.75, 0.75) });
        k.page.drawRectangle({ x: 504, y, width: 72, height: 12, borderWidth: 0.5, borderColor: black });
        if (num) k.text(num, 490, y + 3, 8);
      }
      k.text('Wages, salaries, tips', 100, 603, 8);
      k.text('Add lines 1 and 2', 100, 579, 8);
    });
    expect(fields.map((f) => Math.round(f.rect.y))).toEqual([600, 576]);
    expect(fields.every((f) => f.rect.x > 503)).toBe(true);
  });

  it('does not take the row letters of an open-sided table for blanks', async () => {
    const fields = await detectOn((k) => {
      // IRS style: full-width rules, no outer sides, a row-letter column and two entry columns.
      for (const y of [500, 512, 524, 536]) k.line(36, y, 576, y);
      k.line(64.8, 500, 64.8, 536);
      k.line(300, 500, 300, 536);
      ['A', 'B', 'C'].forEach((letter, i) => k.text(letter, 47, 525.5 - 12 * i, 9));
      realBlank(k);
    });
    const inTable = fields.filter((f) => f.rect.y > 490 && f.rect.y < 540);
    expect(inTable.length).toBe(6);
    expect(inTable.every((f) => f.rect.x > 64)).toBe(true);
  });

  it('finds no blanks in a printed table of instructions', async () => {
    const fields = await detectOn((k) => {
      // Two columns, four rows; one row wraps to three lines, so the other rows have spare room.
      for (const y of [560, 580, 614, 634, 654]) k.line(300, y, 560, y);
      for (const x of [300, 430, 560]) k.line(x, 560, x, 654);
      k.text('IF the entity is a . . .', 304, 641, 8);
      k.text('THEN check the box for . . .', 434, 641, 8);
      k.text('Corporation', 304, 621, 8);
      k.text('Corporation.', 434, 621, 8);
      ['LLC classified as a', 'partnership for federal', 'tax purposes'].forEach((t, i) => k.text(t, 304, 605 - 10 * i, 8));
      ['Limited liability company', 'and enter the appropriate', 'tax classification'].forEach((t, i) => k.text(t, 434, 605 - 10 * i, 8));
      k.text('Trust/estate', 304, 567, 8);
      k.text('Trust/estate.', 434, 567, 8);
      realBlank(k);
    });
    expectOnlyRealBlank(fields);
  });

  it('writes a stacked amount column of tall rows on each row\'s bottom line; a lone tall box whole', async () => {
    const fields = await detectOn((k) => {
      // An amount column ruled row under row, each row 35 pt (its label wraps to two lines).
      for (const y of [495, 530, 565, 600]) k.line(400, y, 480, y);
      for (const x of [400, 480]) k.line(x, 495, x, 600);
      ['14. Monthly military allowances for', '15. Total monthly gross income. Add', '16. Monthly Supplemental Security'].forEach((t, i) => {
        k.text(t, 72, 588 - 35 * i, 9);
        k.text('subsistence and quarters', 90, 577 - 35 * i, 9);
      });
      // A lone box of the same height is a multi-line blank, filled whole.
      k.text('Remarks', 72, 440, 9);
      k.box(400, 420, 80, 35);
    });
    const column = fields.filter((f) => f.rect.y > 490).sort((a, b) => b.rect.y - a.rect.y);
    expect(column).toHaveLength(3);
    column.forEach((f, i) => {
      expect(Math.abs(f.rect.y - (565.5 - 35 * i))).toBeLessThan(1);
      expect(f.rect.height).toBeGreaterThan(20);
      expect(f.rect.height).toBeLessThan(24);
    });
    const lone = fields.find((f) => f.rect.y > 415 && f.rect.y < 425);
    expect(lone?.rect.height).toBeGreaterThan(33);
  });

  it('takes an amount box split by a cents divider for one field', async () => {
    const fields = await detectOn((k) => {
      // Canadian style: a 70 pt amount box, a divider 18 pt from its right end, line number after.
      for (const y of [600, 570]) {
        k.box(480, y, 70, 12);
        k.line(532, y, 532, y + 12);
        k.text(y === 600 ? '1' : '2', 556, y + 3, 9);
      }
      k.text('Taxable income', 100, 603, 9);
      k.text('Amount from line 1', 100, 573, 9);
    });
    expect(fields).toHaveLength(2);
    for (const f of fields) {
      expect(f.rect.x).toBeLessThan(482);
      expect(f.rect.x + f.rect.width).toBeGreaterThan(548);
    }
  });

  it('does not take a rule with a row of printed text standing on it for a blank', async () => {
    const fields = await detectOn((k) => {
      // A worksheet row's text sits right on the rule that closes the row; the next row's text is
      // under it (it would pass for the rule's caption).
      k.line(72, 600, 500, 600);
      k.text('Add lines 1 to 3.', 76, 604, 9);
      k.text('Line 5 minus line 6', 76, 590, 9);
      realBlank(k);
    });
    expectOnlyRealBlank(fields);
  });

  it('takes a tall amount box split by a cents divider, its line number boxed after it, for one field', async () => {
    const fields = await detectOn((k) => {
      // Rows whose caption wraps to three lines: the amount box is as tall; the line number sits
      // in a box of its own right after the cents.
      for (const [y, n] of [
        [600, '1'],
        [560, '2'],
      ] as const) {
        k.box(480, y, 70, 34);
        k.line(532, y, 532, y + 34);
        k.box(550, y, 20, 34);
        k.text(n, 557, y + 3, 9);
      }
      k.text('Total of your income from all sources', 100, 625, 9);
      k.text('Amount from line 1 less deductions', 100, 585, 9);
    });
    const amounts = fields.filter((f) => f.rect.x > 470);
    expect(amounts).toHaveLength(2);
    for (const f of amounts) {
      expect(f.rect.x).toBeLessThan(482);
      expect(f.rect.x + f.rect.width).toBeGreaterThan(548);
    }
  });

  it('takes the entry box standing apart from a row\'s caption cell as the field, not the caption cell', async () => {
    const fields = await detectOn((k) => {
      // Caption cells ruled off as a column; each row's amount box a little to the right, past an
      // operator sign.
      for (const [y, caption, sign] of [
        [600, 'Add lines 1 to 3.', '='],
        [580, 'Amount from line 4', '+'],
      ] as const) {
        k.box(72, y, 260, 16);
        k.text(caption, 76, y + 4, 9);
        k.text(sign, 350, y + 3, 9);
        k.box(370, y, 80, 13);
      }
    });
    expect(fields).toHaveLength(2);
    for (const f of fields) expect(f.rect.x).toBeGreaterThan(369);
  });

  it('takes the empty cell beside a row label as the field, not the label cell', async () => {
    const fields = await detectOn((k) => {
      const rows = [560, 582, 604, 626];
      for (const y of rows) k.line(72, y, 400, y);
      for (const x of [72, 300, 400]) k.line(x, 560, x, 626);
      k.text('A. Rent or mortgage', 76, 611, 9);
      k.text('B. Food', 76, 589, 9);
      k.text('C. Utilities (gas, electric)', 76, 567, 9);
    });
    expect(fields).toHaveLength(3);
    for (const f of fields) expect(f.rect.x).toBeGreaterThan(299);
    expect(fields.map((f) => f.label)).toEqual(['A. Rent or mortgage', 'B. Food', 'C. Utilities (gas, electric)']);
  });

  it('takes the room above a caption printed along the bottom of its box as the field', async () => {
    // An address table whose captions sit at the foot of each cell, centred, under the writing space.
    const fields = await detectOn((k) => {
      const rows = [500, 528, 556, 584];
      for (const y of rows) k.line(72, y, 340, y);
      for (const x of [72, 340]) k.line(x, 500, x, 584);
      k.text('Number; Street; Apartment', 150, 558, 8);
      k.text('City, State, and ZIP code', 152, 530, 8);
      k.text('Phone number', 175, 502, 8);
    });
    const inTable = fields.filter((f) => f.rect.y >= 500 && f.rect.y < 584);
    expect(inTable.map((f) => f.label)).toEqual(['Number; Street; Apartment', 'City, State, and ZIP code', 'Phone number']);
    for (const f of inTable) {
      const caption = [558, 530, 502][inTable.indexOf(f)];
      expect(f.rect.y).toBeGreaterThanOrEqual(caption + 5); // above the caption's letters
      expect(f.rect.width).toBeGreaterThan(260);
    }
  });
});

describe('checkbox size', () => {
  it('gives a small drawn square a field of at least 10 pt, centred on it', async () => {
    const fields = await detectOn((k) => {
      k.box(72, 600, 6, 6);
      k.text('Death', 82, 600, 8);
      k.box(72, 580, 12, 12);
      k.text('Divorce', 88, 582, 8);
    });
    const boxes = fields.filter((f) => f.type === 'checkbox').sort((a, b) => b.rect.y - a.rect.y);
    expect(boxes).toHaveLength(2);
    const [small, big] = boxes.map((f) => f.rect);
    expect(small.width).toBeGreaterThanOrEqual(9.9);
    expect(small.height).toBeGreaterThanOrEqual(9.9);
    expect(Math.abs(small.x + small.width / 2 - 75)).toBeLessThan(0.6);
    expect(Math.abs(small.y + small.height / 2 - 603)).toBeLessThan(0.6);
    // A square already that big is its own field.
    expect(big.width).toBeLessThan(12.5);
  });
});

describe('typed underscores', () => {
  it('puts the field bottom at the descender line, under the underscore run', async () => {
    const fields = await detectOn((k) => {
      k.text('Name of your spouse: ______________________________', 72, 400, 10);
    });
    expect(fields).toHaveLength(1);
    // Baseline 400, 10 pt: the underscores hang to about 399; the field reaches 0.3 em under the baseline.
    expect(fields[0].rect.y).toBeGreaterThan(396);
    expect(fields[0].rect.y).toBeLessThan(398);
  });
});


describe('divided lines', () => {
  it('splits a line at the captions set flush under its parts; a line with its own label on its left stays whole', async () => {
    const fields = await detectOn((k) => {
      // Two stacked lines, open at the sides: a name line, then a line captioned in three parts.
      k.line(72, 640, 400, 640);
      k.text('Name of the other party', 72, 632, 7);
      k.line(72, 610, 400, 610);
      k.text('City', 72, 602, 7);
      k.text('State', 250, 602, 7);
      k.text('ZIP Code', 330, 602, 7);
      // A labelled line whose captions only hint at what to write.
      k.text('Mailing address', 72, 502);
      k.line(150, 500, 540, 500);
      k.text('Street', 150, 492, 7);
      k.text('City', 330, 492, 7);
      k.text('ZIP Code', 470, 492, 7);
    });
    const divided = fields.filter((f) => Math.abs(f.rect.y - 610) < 3).sort((a, b) => a.rect.x - b.rect.x);
    expect(divided.map((f) => Math.round(f.rect.x))).toEqual([72, 250, 330]);
    expect(divided.map((f) => f.label)).toEqual(['City', 'State', 'ZIP Code']);
    const whole = fields.filter((f) => Math.abs(f.rect.y - 500) < 3);
    expect(whole).toHaveLength(1);
    expect(whole[0].rect.width).toBeGreaterThan(380);
  });
});

describe('typed brackets', () => {
  it('takes empty brackets before options for checkboxes', async () => {
    const fields = await detectOn((k) => {
      k.text('[ ] New appointment', 72, 600, 10);
      k.text('[ ] Renewal', 250, 600, 10);
      k.text('[  ] Change of hours', 72, 586, 10);
      realBlank(k);
    });
    const boxes = fields.filter((f) => f.type === 'checkbox');
    expect(boxes.map((f) => f.label)).toEqual(['New appointment', 'Renewal', 'Change of hours']);
    // Over the brackets ("[ ]" is about 8.4 pt wide in Helvetica 10 pt), about a line high.
    expect(boxes[0].rect.x).toBeGreaterThan(70);
    expect(boxes[0].rect.x + boxes[0].rect.width).toBeLessThan(83);
    expect(boxes[0].rect.y).toBeLessThan(600);
    expect(boxes[0].rect.y + boxes[0].rect.height).toBeGreaterThan(606);
  });

  it('does not take bracketed words or citations for checkboxes', async () => {
    const fields = await detectOn((k) => {
      k.text('Enter the amount [optional] as shown in [a] of the notice.', 72, 600, 10);
      k.text('See 28 U.S.C. [ 1915 ] for fee waivers.', 72, 586, 10);
      realBlank(k);
    });
    expectOnlyRealBlank(fields);
  });
});
