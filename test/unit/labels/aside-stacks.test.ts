// Captions printed in parentheses between stacked blanks: the ends of the stack tell whether the
// form prints them under its blanks or over them (caption.ts, settleAsideStacks).
import { describe, expect, it } from 'vitest';
import type { TextLine } from '../../../src/pdf/detect/model.ts';
import type { Rect } from '../../../src/pdf/types.ts';
import { chooseCaptions, type FieldBox } from '../../../src/pdf/labels/caption.ts';

const line = (text: string, x: number, y: number, width: number): TextLine => {
  const rect = { x, y, width, height: 9.6 };
  return { words: [{ text, rect, size: 8 }], rect, text, size: 8 };
};
const blank = (x: number, y: number, width: number, height: number): FieldBox => ({ type: 'text', rect: { x, y, width, height } as Rect });
const captionOf = (fields: FieldBox[], lines: TextLine[]) => chooseCaptions(fields, lines).map((c) => c.lines.map((l) => l.text).join(' '));

describe('asides in parentheses between stacked blanks', () => {
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

  it('leaves a stack alone when asides are left at both ends', () => {
    const fields = [blank(53.8, 444.2, 136.3, 12), blank(35.8, 420.2, 258.5, 12)];
    const lines = [line('(Street Number and Name)', 54, 457.5, 97.7), line('(Town or City)', 54, 433.5, 54.5), line('(County)', 40, 409, 40)];
    expect(captionOf(fields, lines)[0]).toBe('(Town or City)');
  });
});
