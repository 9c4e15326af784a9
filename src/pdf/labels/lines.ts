// The printed lines the label engine reads captions from: the page's text lines less what names no
// field (running headers and footers), with captions the text extraction ran together split apart.
import type { TextLine, Word } from '../detect/model.ts';
import { isPageFurniture } from './words.ts';

/** A word group that is one caption in parentheses: "(First Name)", "(Jr./Sr./III)". */
export const PARENTHESISED = /^\([^()]*\)$/;

/** The same line always splits into the same pieces, so sets of used lines stay comparable. */
const pieces = new WeakMap<TextLine, TextLine[]>();

function lineOf(words: Word[]): TextLine {
  const x = Math.min(...words.map((w) => w.rect.x));
  const y = Math.min(...words.map((w) => w.rect.y));
  const r = Math.max(...words.map((w) => w.rect.x + w.rect.width));
  const t = Math.max(...words.map((w) => w.rect.y + w.rect.height));
  return { words, rect: { x, y, width: r - x, height: t - y }, text: words.map((w) => w.text).join(' '), size: Math.max(...words.map((w) => w.size)) };
}

/**
 * Captions printed in parentheses under a row of blanks ("(First Name)  (Middle Name)  (Last
 * Name)") that the text extraction joined into one line: one line per parenthesised caption, so
 * each names the blank it is printed under. A line that is anything but such captions stays whole.
 */
export function splitParenthesised(line: TextLine): TextLine[] {
  const known = pieces.get(line);
  if (known) return known;
  const groups: Word[][] = [];
  let open = false;
  for (const w of line.words) {
    if (!open) groups.push([]);
    groups[groups.length - 1].push(w);
    const t = w.text;
    if (t.startsWith('(')) open = true;
    if (t.endsWith(')')) open = false;
  }
  const texts = groups.map((g) => g.map((w) => w.text).join(' '));
  const out = groups.length >= 2 && !open && texts.every((t) => PARENTHESISED.test(t)) ? groups.map(lineOf) : [line];
  pieces.set(line, out);
  return out;
}

/** The lines captions are read from. */
export function captionSource(lines: readonly TextLine[]): TextLine[] {
  return lines.filter((l) => !isPageFurniture(l.text)).flatMap(splitParenthesised);
}
