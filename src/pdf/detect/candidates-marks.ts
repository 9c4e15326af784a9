// Stage 2c: marks → candidates. Ballot-box glyphs (☐ □ ❏) and small drawn squares found whole
// are checkboxes; small hollow circles (drawn rings, ○ glyphs) are radio buttons. A ring inside a
// run of letters (a logo or title drawn as outlines) is a letter O, not a button; a mark drawn
// over printed text is lettering too (titles stroked on top of their own text layer).
import type { Rect } from '../types.ts';
import type { Candidate } from './candidate.ts';
import { area, overlapArea } from './geometry.ts';
import { grownSquare } from './candidates-boxes.ts';
import type { PageModel } from './model.ts';

/** A mark lying mostly inside a printed word is part of that word's lettering. */
function onText(r: Rect, model: PageModel): boolean {
  const a = area(r);
  return model.words.some((w) => w.text.trim() !== '' && !w.rotated && overlapArea(w.rect, r) > 0.5 * a);
}

function inLetterRun(r: Rect, model: PageModel): boolean {
  const near = 0.3 * r.height;
  const others: Rect[] = [...model.blobs, ...model.marks.map((m) => m.rect).filter((m) => m !== r), ...model.words.map((w) => w.rect)];
  // Letters on both sides: a button has its label on one side only.
  let left = false;
  let rightSide = false;
  for (const o of others) {
    if (o === r || o.height < 0.6 * r.height || o.height > 1.5 * r.height) continue;
    if (Math.min(o.y + o.height, r.y + r.height) - Math.max(o.y, r.y) < 0.5 * Math.min(o.height, r.height)) continue;
    if (o.x >= r.x + r.width && o.x - (r.x + r.width) < near) rightSide = true;
    if (r.x >= o.x + o.width && r.x - (o.x + o.width) < near) left = true;
  }
  return left && rightSide;
}

export function markCandidates(model: PageModel): Candidate[] {
  return model.marks
    .filter((m) => m.rect.width >= 4 && m.rect.height >= 4 && m.rect.width <= 24 && m.rect.height <= 24)
    .filter((m) => m.kind !== 'circle' || !inLetterRun(m.rect, model))
    .filter((m) => !onText(m.rect, model))
    .map((m) =>
      m.kind === 'circle'
        ? { kind: 'radio', type: 'radio', rect: m.rect, anchor: m.rect, confidence: 0.75 }
        : { kind: 'checkbox', type: 'checkbox', rect: grownSquare(m.rect), anchor: m.rect, confidence: 0.8 },
    );
}
