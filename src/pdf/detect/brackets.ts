// Empty square brackets typed as a place to tick: "[ ] New hire  [ ] Renewal". Forms set in plain
// text (word processors, typewriter-style letters) draw their checkboxes this way. Only a bracket
// pair with nothing but space between them counts; "[a]", "[optional]" and citations are words.
import type { Rect } from '../types.ts';
import type { Word } from './model.ts';

/** Widest blank between the brackets, in ems: "[ ]" to "[    ]". */
const MAX_GAP_EM = 2;

const centreY = (w: Word) => w.rect.y + w.rect.height / 2;

/** Pairs of "[" and "]" words on one baseline with only space between them. */
export function bracketPairs(words: readonly Word[]): [Word, Word][] {
  const upright = words.filter((w) => !w.rotated);
  const pairs: [Word, Word][] = [];
  for (const open of upright) {
    if (open.text !== '[') continue;
    const openEnd = open.rect.x + open.rect.width;
    // The nearest word to its right on the same baseline must be the closing bracket.
    let next: Word | null = null;
    for (const w of upright) {
      if (w === open || Math.abs(centreY(w) - centreY(open)) > 0.3 * open.size || w.rect.x < openEnd - 0.5) continue;
      if (!next || w.rect.x < next.rect.x) next = w;
    }
    if (next && next.text === ']' && next.rect.x - openEnd <= MAX_GAP_EM * open.size) pairs.push([open, next]);
  }
  return pairs;
}

/** The square to tick: the brackets' span (at least 0.9 em), centred on their text box. */
export function bracketSquare(open: Word, close: Word): Rect {
  const x1 = open.rect.x;
  const x2 = close.rect.x + close.rect.width;
  const side = Math.max(x2 - x1, 0.9 * open.size);
  const cx = (x1 + x2) / 2;
  // Brackets reach from the descender to above the capitals, as the text box does.
  const cy = centreY(open);
  return { x: cx - side / 2, y: cy - side / 2, width: side, height: side };
}
