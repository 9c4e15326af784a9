// Failure modes seen on forms the detector was not tuned on, each on a small page built for it:
// character blanks drawn as short underlines, multi-line areas ruled as a lone column of rows,
// and checkbox glyph sizes.
import { afterAll, describe, expect, it } from 'vitest';
import { rgb } from '@cantoo/pdf-lib';
import { terminateOcr } from '../../../src/pdf/detect/index.ts';
import { black, detectOn } from './fixtures.ts';

afterAll(() => terminateOcr());

describe('character blanks drawn as short underlines', () => {
  it('takes a row of short underlines split by a dash for one comb field', async () => {
    const fields = await detectOn((k) => {
      k.text('Employer Identification Number (EIN)', 72, 720, 9);
      // 2 + 7 digit blanks, 13 pt each, 2 pt apart, a dash between the groups.
      const xs = [250, 265, 292, 307, 322, 337, 352, 367, 382];
      for (const x of xs) k.line(x, 718, x + 13, 718, { thickness: 0.7 });
      k.text('-', 282, 719, 9);
    });
    const text = fields.filter((f) => f.type === 'text');
    expect(text).toHaveLength(1);
    expect(text[0].max_len).toBe(9);
    expect(text[0].rect.x).toBeLessThan(251);
    expect(text[0].rect.x + text[0].rect.width).toBeGreaterThan(394);
  });

  it('keeps blanks parted by a slash (month / year) and a dashed frame out of it', async () => {
    const fields = await detectOn((k) => {
      k.text('Fiscal year ending', 72, 720, 9);
      for (const x of [160, 172]) k.line(x, 718, x + 9, 718, { thickness: 0.7 });
      k.text('/', 183, 719, 12);
      for (const x of [190, 202]) k.line(x, 718, x + 9, 718, { thickness: 0.7 });
      // A dashed frame: dashes of one length along each side.
      for (let x = 300; x < 480; x += 23) k.line(x, 600, x + 17, 600, { thickness: 0.5 });
      for (let x = 300; x < 480; x += 23) k.line(x, 700, x + 17, 700, { thickness: 0.5 });
      for (let y = 600; y < 700; y += 23) k.line(300, y, 300, y + 17, { thickness: 0.5 });
      k.text('Notes', 310, 712, 9);
    });
    expect(fields.filter((f) => f.comb).map((f) => f.rect)).toEqual([]);
  });
});

describe('multi-line areas', () => {
  it('takes a lone column of empty ruled rows inside one box for one multi-line field', async () => {
    const fields = await detectOn((k) => {
      k.text('Give reasons why the member is not employed', 72, 712, 9);
      // One box 72..320 × 600..702, rows every 17 pt, sides drawn unbroken.
      k.line(72, 600, 72, 702);
      k.line(320, 600, 320, 702);
      for (let y = 600; y <= 702; y += 17) k.line(72, y, 320, y);
    });
    const text = fields.filter((f) => f.type === 'text');
    expect(text).toHaveLength(1);
    expect(text[0].multiline).toBe(true);
    expect(text[0].rect.height).toBeGreaterThan(95);
  });

  it('keeps numbered rows of a column separate blanks', async () => {
    const fields = await detectOn((k) => {
      k.text('List each child', 72, 712, 9);
      k.line(100, 634, 100, 702);
      k.line(320, 634, 320, 702);
      for (let y = 634; y <= 702; y += 17) k.line(100, y, 320, y);
      ['1.', '2.', '3.', '4.'].forEach((n, i) => k.text(n, 84, 690 - 17 * i, 9));
    });
    expect(fields.filter((f) => f.type === 'text')).toHaveLength(4);
  });
});

describe('blanks on rules', () => {
  it('finds each rule of a name row whose captions run together into one phrase', async () => {
    const fields = await detectOn((k) => {
      k.line(50, 640, 147, 640);
      k.line(153, 640, 211, 640);
      k.line(219, 640, 330, 640);
      k.text('(First Name)', 50, 630, 9);
      // Set less than an em apart: one text line spanning the second and third rules.
      k.text('(Middle Name)  (Last Name)', 154, 630, 9);
    });
    const rules = fields.filter((f) => f.type === 'text').sort((a, b) => a.rect.x - b.rect.x);
    expect(rules.map((f) => Math.round(f.rect.x))).toEqual([50, 153, 219]);
  });

  it('takes dot leaders drawn across a framed box for blanks, even unlabelled or before the next label', async () => {
    const fields = await detectOn((k) => {
      k.box(30, 500, 540, 220);
      k.text('Adresse :', 36, 690, 11);
      k.text('Code Postal', 36, 660, 11);
      k.text('.'.repeat(18), 94, 660, 11);
      k.text('Commune', 150, 660, 11);
      k.text('.'.repeat(120), 200, 660, 11);
      k.text('Objet :', 36, 640, 11);
      k.text('.'.repeat(170), 38, 625, 11);
      k.text('.'.repeat(170), 38, 610, 11);
    });
    const text = fields.filter((f) => f.type === 'text').sort((a, b) => b.rect.y - a.rect.y || a.rect.x - b.rect.x);
    expect(text.map((f) => Math.round(f.rect.x))).toEqual([94, 200, 38, 38]);
  });

  it('does not take a link underlined inside a sentence for a blank', async () => {
    const fields = await detectOn((k) => {
      k.text('To file a complaint, complete the form found online at: www.example.gov/complaint and mail it', 36, 400, 11);
      k.line(300, 399, 420, 399);
      k.text('addressed to the office and provide in the letter all of the information requested.', 36, 386, 11);
      k.text('Full name:', 72, 202);
      k.line(130, 200, 400, 200);
    });
    expect(fields.map((f) => f.label)).toEqual(['Full name']);
  });
});

describe('section banners', () => {
  it('does not take the lower edge of a dark title bar, or the rule under a heading, for a blank', async () => {
    const fields = await detectOn((k) => {
      // "Part 1:" in white on a black bar, its lower edge a rule; the heading beside it underlined.
      k.page.drawRectangle({ x: 37, y: 447, width: 40, height: 18, color: black });
      k.page.drawText('Part 1:', { x: 41, y: 455, size: 8, font: k.font, color: rgb(1, 1, 1) });
      k.text('Identify Yourself', 82, 452.3, 8);
      k.line(37, 446.5, 77, 446.5);
      k.line(79, 446.5, 170, 446.5);
      // Section text right under the bar reads as a caption of its edges.
      k.text('Name', 40, 437, 8);
      k.text('Your full legal name', 82, 437, 8);
      k.text('Full name:', 72, 202);
      k.line(130, 200, 400, 200);
    });
    expect(fields.map((f) => f.label)).toEqual(['Full name']);
  });

  it('keeps a blank drawn on white over a dark frame (a black box with a white panel painted over it)', async () => {
    const fields = await detectOn((k) => {
      k.page.drawRectangle({ x: 19, y: 54, width: 263, height: 99, color: black });
      k.page.drawRectangle({ x: 23, y: 58, width: 255, height: 92, color: rgb(1, 1, 1) });
      k.text('Completed by', 26, 127, 8);
      k.line(78, 123, 270, 123);
    });
    expect(fields.filter((f) => f.type === 'text')).toHaveLength(1);
  });
});
