// Stacks of blanks each with an aside under it ("First name" / "Middle name" / "Last name") beside
// the numbered item they answer ("1. Your name"), a note set beside them, or boxes the detector drew
// between their writing lines (caption.ts, settleAsideStacks).
import { describe, expect, it } from 'vitest';
import type { TextLine } from '../../../src/pdf/detect/model.ts';
import type { Rect } from '../../../src/pdf/types.ts';
import { chooseCaptions, type FieldBox } from '../../../src/pdf/labels/caption.ts';
import { line, settledLabels } from './page.ts';

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height }) as Rect;
/** A writing line: the space over a rule drawn at its foot. */
const rule = (x: number, y: number, width: number, height: number): FieldBox => ({ type: 'text', rect: rect(x, y, width, height), anchor: rect(x, y + 1, width, 0.6) });
/** The space between two writing lines, taken by the detector for a box captioned inside its top. */
const between = (x: number, y: number, width: number, inside: TextLine): FieldBox => ({ type: 'text', rect: rect(x, y + 0.3, width, 12.4), anchor: rect(x, y, width, 22.1), insideLabel: [inside] });
const captionOf = (fields: FieldBox[], lines: TextLine[]) => chooseCaptions(fields, lines).map((c) => c.lines.map((l) => l.text).join(' '));

describe('stacks of blanks beside the item they answer', () => {
  it('reads the numbered item left of the first blank before every part, in both persons’ columns', () => {
    // "1. Your name" left of a first-name line; the middle and last name lines under it were drawn
    // as boxes whose top holds the caption of the line above.
    const lines = [line('For Debtor 1:', 149.4, 431.1, 50.2, 8.5), line('For Debtor 2 (Only If Spouse Is Filing):', 369.9, 431.1, 146.2, 8.5), line('1. Your name', 40.5, 402.3, 60)];
    const fields: FieldBox[] = [];
    for (const x of [149.4, 369.9]) {
      const parts = [line('First name', x, 390.5, 33.1, 7.5), line('Middle name', x, 368.4, 40.1, 7.5), line('Last name', x, 346.2, 32.7, 7.5)];
      lines.push(...parts);
      fields.push(rule(x, 397.9, 190.7, 16.2), between(x, 377.2, 190.7, parts[0]), between(x, 355.1, 190.7, parts[1]));
    }
    expect(settledLabels(fields, lines)).toEqual([
      'For Debtor 1: 1. Your name: First name',
      'For Debtor 1: 1. Your name: Middle name',
      'For Debtor 1: 1. Your name: Last name',
      'For Debtor 2 (Only If Spouse Is Filing): 1. Your name: First name',
      'For Debtor 2 (Only If Spouse Is Filing): 1. Your name: Middle name',
      'For Debtor 2 (Only If Spouse Is Filing): 1. Your name: Last name',
    ]);
  });

  it('reads the asides under the blanks when only the item’s caption on the first row tells, and the spare blank at the end its own line', () => {
    // "2. All other names you" by the first of four blanks; the fourth is the business name's, whose
    // caption is no name part: no aside closes the stack at either end.
    const lines = [
      line('2. All other names you', 42.2, 302.9, 97.8),
      line('First name', 173.2, 297, 32.8, 7.4),
      line('Middle name', 173.2, 274.9, 39.7, 7.4),
      line('Last name', 173.2, 252.8, 32.4, 7.4),
      line('Business name (if applicable)', 173.2, 230.7, 90.2, 7.4),
    ];
    const field = (y: number): FieldBox => ({ type: 'text', rect: rect(172.5, y, 194.6, 13.8) });
    const fields = [field(305.1), field(284), field(260.9), field(239.9)];
    expect(settledLabels(fields, lines)).toEqual([
      '2. All other names you: First name',
      '2. All other names you: Middle name',
      '2. All other names you: Last name',
      '2. All other names you: Business name (if applicable)',
    ]);
  });

  it('takes the aside over a note printed beside the stack, and a part with a hint in parentheses for an aside', () => {
    // A note runs down the margin beside the name lines ("Write the name that is on your /
    // government-issued picture / …"); the suffix line's caption carries its examples.
    const margin = [['Write the name that is on your', 400.5, 106.8], ['government-issued picture', 391.4, 94.3], ['identification (for example,', 382.2, 93.4], ['Bring your picture', 348.6, 62.8], ['identification to your meeting', 339.3, 102], ['with the trustee.', 330.2, 56.6]] as const;
    const parts = [['First name', 398, 32.8], ['Middle name', 375.9, 40], ['Last name', 353.9, 32.5]] as const;
    const lines = [...margin.map(([t, y, w]) => line(t, 54.8, y, w, 8.5)), ...parts.map(([t, y, w]) => line(t, 173.2, y, w, 7.4)), line('Suffix (Sr., Jr., II, III)', 173.1, 331.8, 62.2, 7.4)];
    const fields = [rule(173.2, 405.4, 180.8, 14.5), rule(173.2, 383.4, 194.6, 11.8), between(173.2, 362.7, 194.5, lines[7]), rule(173.1, 339.2, 105.1, 11.8)];
    expect(captionOf(fields, lines)).toEqual(['First name', 'Middle name', 'Last name', 'Suffix (Sr., Jr., II, III)']);
  });

  it('gives a box drawn between two writing lines the words under it, not the caption of the line above', () => {
    // "____ / Name of your spouse… / ____ / Number  Street / ____ ____ ____ / City  State  ZIP Code":
    // the box under the name line holds the name's caption in its top corner.
    const under = (y: number, ...words: [string, number, number][]) => words.map(([t, x, w]) => line(t, x, y, w, 6.4));
    const lines = [
      line('Name of your spouse, former spouse, or legal equivalent', 83.5, 388.8, 151.3, 6.4),
      ...under(363.9, ['Number', 83.5, 21.4], ['Street', 127.5, 16.1]),
      ...under(338.9, ['City', 83.5, 10.3], ['State', 211.1, 14.1], ['ZIP Code', 310.5, 25.4]),
    ];
    const box = (x: number, width: number): FieldBox => ({ type: 'text', rect: rect(x, 347, width, 16.4), anchor: rect(x, 346.6, width, 25) });
    const fields: FieldBox[] = [
      rule(83.5, 395.2, 272.9, 14),
      { type: 'text', rect: rect(83.5, 371.9, 272.8, 16.4), anchor: rect(83.5, 371.6, 272.8, 25), insideLabel: [lines[0]] },
      box(83.5, 125.6),
      box(211.1, 97.4),
      box(310.5, 45.8),
    ];
    expect(captionOf(fields, lines)).toEqual(['Name of your spouse, former spouse, or legal equivalent', 'Number Street', 'City', 'State', 'ZIP Code']);
  });
});
