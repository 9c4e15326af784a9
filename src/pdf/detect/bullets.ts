// Bullets used as choice marks: "Sex: • M • F", "• NO • YES", a row of courts to pick from. Two or
// more bullets side by side on a row, each before a one- or two-word option, are places to tick.
// A bulleted list is not: its items stand one per line and run to sentences.
import type { Rect } from '../types.ts';
import type { Word } from './model.ts';

const BULLET = /^[•●]$/;
const MAX_OPTION_WORDS = 2;
const MAX_OPTION_CHARS = 20;

const centreY = (w: Word) => w.rect.y + w.rect.height / 2;

/** The words of the option printed after a bullet: same baseline, word spacing, up to the next bullet. */
function optionAfter(bullet: Word, row: readonly Word[]): Word[] {
  const out: Word[] = [];
  let edge = bullet.rect.x + bullet.rect.width;
  for (const w of row) {
    if (w.rect.x < edge - 0.5) continue;
    if (w.rect.x - edge > 1.6 * bullet.size || BULLET.test(w.text)) break;
    out.push(w);
    edge = w.rect.x + w.rect.width;
  }
  return out;
}

/** Bullet words that mark options to choose from. */
export function optionBullets(words: readonly Word[]): Word[] {
  const upright = words.filter((w) => !w.rotated);
  const bullets = upright.filter((w) => BULLET.test(w.text));
  if (bullets.length < 2) return [];
  const options = bullets.filter((b) => {
    const row = upright.filter((w) => Math.abs(centreY(w) - centreY(b)) < 0.3 * b.size).sort((p, q) => p.rect.x - q.rect.x);
    const option = optionAfter(b, row);
    return option.length > 0 && option.length <= MAX_OPTION_WORDS && option.map((w) => w.text).join(' ').length <= MAX_OPTION_CHARS;
  });
  // Choices come in sets: another option bullet on the same row (cells may centre them a little apart).
  return options.filter((b) => options.some((o) => o !== b && Math.abs(centreY(o) - centreY(b)) < 0.8 * b.size && Math.abs(o.rect.x - b.rect.x) < 300));
}

/** The square to tick: about a text line wide, centred on the bullet a little above its baseline. */
export function bulletSquare(b: Word): Rect {
  const side = Math.max(9, b.size);
  const cx = b.rect.x + b.rect.width / 2;
  const cy = b.rect.y + 0.4 * b.size;
  return { x: cx - side / 2, y: cy - side / 2, width: side, height: side };
}
