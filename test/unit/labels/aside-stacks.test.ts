// Captions printed in parentheses, or parts of a name or an address, between stacked blanks: the
// ends of the stack tell whether the form prints them under its blanks or over them (caption.ts,
// settleAsideStacks).
import { describe, expect, it } from 'vitest';
import type { TextLine } from '../../../src/pdf/detect/model.ts';
import type { Rect } from '../../../src/pdf/types.ts';
import { chooseCaptions, type FieldBox } from '../../../src/pdf/labels/caption.ts';

const line = (text: string, x: number, y: number, width: number, height = 9.6): TextLine => {
  const rect = { x, y, width, height };
  return { words: [{ text, rect, size: 8 }], rect, text, size: 8 };
};
const blank = (x: number, y: number, width: number, height: number): FieldBox => ({ type: 'text', rect: { x, y, width, height } as Rect });
const captionOf = (fields: FieldBox[], lines: TextLine[]) => chooseCaptions(fields, lines).map((c) => c.lines.map((l) => l.text).join(' '));

describe('asides between stacked blanks', () => {
  it('reads them under the blanks when one is left under the last blank and none over the first', () => {
    // "____ / (Street) / ____ / (City) / ____ / (Telephone…)": the City blank is short, so
    // "(Street)" hugs its top a point closer than "(City)" hugs its line.
    const fields = [blank(51, 208.7, 286.8, 13.6), blank(51, 185.1, 204.8, 11.1), blank(51, 156, 145.5, 16)];
    const lines = [line('(Street)', 50.4, 197.4, 30.1), line('(City)', 50.4, 173.3, 21.6), line('(Telephone Number with Area Code)', 50.4, 143.8, 147)];
    expect(captionOf(fields, lines)).toEqual(['(Street)', '(City)', '(Telephone Number with Area Code)']);
  });

  it('reads them over the blanks when one is left over the first blank and none under the last', () => {
    // "(Street Number and Name) / ____ / (Town or City) / ____": the street blank's line is a
    // fifth of a point nearer "(Town or City)" than its top is to its own caption.
    const fields = [blank(53.8, 444.2, 136.3, 12), blank(35.8, 420.2, 258.5, 12)];
    const lines = [line('(Street Number and Name)', 54, 457.5, 97.7), line('(Town or City)', 54, 433.5, 54.5)];
    expect(captionOf(fields, lines)).toEqual(['(Street Number and Name)', '(Town or City)']);
  });

  it('reads a stack of name parts printed under their blanks ("First name" / "Middle name" / "Last name")', () => {
    // Each part hugs the top of the blank under it closer (0.1 pt) than the line of its own blank.
    const fields = [blank(148.4, 398.8, 194.6, 13.8), blank(148.4, 376.6, 194.6, 13.8), blank(148.4, 354.6, 194.6, 13.8)];
    const lines = [line('First name', 149.4, 390.5, 33.1, 7.5), line('Middle name', 149.4, 368.4, 40.1, 7.5), line('Last name', 149.4, 346.2, 32.7, 7.5)];
    expect(captionOf(fields, lines)).toEqual(['First name', 'Middle name', 'Last name']);
  });

  it('takes only asides that hug a blank for its ends: a note a few points under the last blank is none', () => {
    // "ZIP Code" over its box, "(USPS ZIP Code Lookup)" 3 pt under it, the box above captioned off to its left.
    const fields = [blank(462.3, 318.2, 113.5, 17.5), blank(462.3, 282.2, 113.5, 17.5)];
    const lines = [line('ZIP Code', 462, 301.1, 38.6, 11.6), line('(USPS ZIP Code Lookup)', 470, 269.8, 86, 9.3)];
    expect(captionOf(fields, lines)[1]).toBe('ZIP Code');
  });

  it('leaves a stack alone when asides are left at both ends', () => {
    const fields = [blank(53.8, 444.2, 136.3, 12), blank(35.8, 420.2, 258.5, 12)];
    const lines = [line('(Street Number and Name)', 54, 457.5, 97.7), line('(Town or City)', 54, 433.5, 54.5), line('(County)', 40, 409, 40)];
    expect(captionOf(fields, lines)[0]).toBe('(Town or City)');
  });
});
