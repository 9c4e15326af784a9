// Sign-here lines whose own caption names nothing: the cross a signature line starts with ("✗
// ______", which a scan reads as "X" or "xX") or no caption at all, with what the line is for
// printed right under it ("Signature of Debtor 1") or over it ("Applicant's Signature").
import type { Rect } from '../types.ts';
import { isSignatureLabel } from '../labels/words.ts';
import { overlap1d, right, top } from './geometry.ts';
import type { TextLine } from './model.ts';

/** A caption without a word of three letters: none, a cross, an item marker. */
export const namesNothing = (caption: string): boolean => !/\p{L}{3}/u.test(caption);

/** Lines right under or over a blank, across most of one of the two. */
export function linesBeside(r: Rect, lines: readonly TextLine[]): TextLine[] {
  return lines.filter((l) => {
    if (overlap1d(r.x, right(r), l.rect.x, right(l.rect)) < 0.5 * Math.min(r.width, l.rect.width)) return false;
    const gap = Math.max(r.y - top(l.rect), l.rect.y - top(r));
    return gap > -2 && gap < 1.5 * l.rect.height;
  });
}

/** A line right under or over the blank asks for a signature. */
export function signatureCaptionBeside(r: Rect, lines: readonly TextLine[]): boolean {
  return linesBeside(r, lines).some((l) => isSignatureLabel(l.text));
}
