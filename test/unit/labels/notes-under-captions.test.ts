// A caption with a note printed under it that says how to fill the blank in ("Gain or (loss)" /
// "Subtract column (e) from column (d)…", "8f. Other government assistance…" / "Include cash
// assistance…"): the blank is named by the caption over the note (caption.ts, wrapped).
import { describe, expect, it } from 'vitest';
import { field, labelsOf, line } from './page.ts';

describe('notes under captions', () => {
  it('reads a column head from its first line, not the note under it', () => {
    const lines = [
      line('Gain or (loss)', 522, 441, 44, 7.4),
      line('Subtract column (e)', 513, 432.6, 61, 7.4),
      line('from column (d) and', 513, 424.2, 61, 7.4),
      line('combine the result', 515, 415.8, 58, 7.4),
      line('with column (g).', 519, 407.4, 50, 7.4),
    ];
    expect(labelsOf([field('text', 510, 390, 66, 12)], lines)).toEqual(['Gain or (loss)']);
  });

  it('reads a numbered item over the errand set under its hanging indent', () => {
    const lines = [
      line('8f. Other government assistance that you regularly receive', 54, 324.6, 225, 8.5),
      line('Include cash assistance and the value (if known) of any non-cash assistance', 67.2, 313.4, 271, 8.5),
      line('that you receive, such as food stamps (benefits under the Supplemental', 67.5, 304.2, 254, 8.5),
      line('Nutrition Assistance Program) or housing subsidies.', 67.5, 295, 184, 8.5),
    ];
    expect(labelsOf([field('text', 365, 293, 70, 12)], lines)).toEqual(['8f. Other government assistance that you regularly receive']);
  });

  it('reads the caption that introduces an instruction under it', () => {
    const lines = [
      line('Line 11 minus line 12 (if negative, enter "0")', 30, 224.1, 193, 10.6),
      line('Unused tuition amount that you are claiming for 2025:', 30, 208.6, 237, 10.6),
      line('Enter whichever is less: amount from line 9 or line 13.', 30, 197.6, 245, 10.6),
    ];
    expect(labelsOf([field('text', 290, 195, 80, 12)], lines)).toEqual(['Unused tuition amount that you are claiming for 2025']);
  });

  it('keeps a formula set as an item of its own under the item above', () => {
    const lines = [line('(included on line 23200 of the return)', 24, 583.7, 163, 10.6), line('Add lines 7 to 9.', 24, 568.6, 72, 10.6)];
    expect(labelsOf([field('text', 110, 567, 90, 12)], lines)).toEqual(['Add lines 7 to 9.']);
  });
});
