// Areas the filler must leave alone: a box that says "For Office Use Only" (often a panel at the
// side of a frame of receipt stamps, action blocks and approval checkboxes) marks its whole
// frame; "do not write in box below" marks the box under it. Every box, rule and checkbox in
// such an area is the office's, not the applicant's, so candidates there are dropped.
// Needs the text: on a scan the notices are OCR'd with the labels (noticeLines) and the areas
// are found once they are read.
import { isDoNotFill } from '../labels/words.ts';
import type { Rect } from '../types.ts';
import type { Candidate } from './candidate.ts';
import type { Cell } from './cells.ts';
import { area, cx, cy, overlap1d, pointIn, rectFromEdges, right, top } from './geometry.ts';
import type { PageModel, Segment, TextLine } from './model.ts';

/** A marker is a short notice, not a paragraph that happens to mention office use. */
const MAX_MARKER_CHARS = 90;
/** A frame larger than this share of the page is the form's main grid: only the marker box counts. */
const MAX_FRAME_SHARE = 0.3;

const cellRect = (c: Cell): Rect => rectFromEdges(c.left, c.bottom, c.right, c.top);

/** Text of the lines centred inside a box, top to bottom: "For / USCIS / Use / Only" reads as one notice. */
function textInside(r: Rect, lines: readonly TextLine[]): string {
  return lines
    .filter((l) => pointIn(r, cx(l.rect), cy(l.rect)))
    .sort((a, b) => top(b.rect) - top(a.rect) || a.rect.x - b.rect.x)
    .map((l) => l.text)
    .join(' ');
}

/** Bounds of the rules connected to the given box's outline (the frame or table it belongs to). */
function frameOf(box: Rect, segments: readonly Segment[]): Rect {
  const tol = 1.5;
  const rectOf = (s: Segment): Rect => (s.orient === 'h' ? rectFromEdges(s.lo, s.pos, s.hi, s.pos) : rectFromEdges(s.pos, s.lo, s.pos, s.hi));
  const touches = (a: Rect, b: Rect) => a.x - tol <= right(b) && b.x - tol <= right(a) && a.y - tol <= top(b) && b.y - tol <= top(a);
  const rules = segments.filter((s) => s.source !== 'virtual' && s.source !== 'dots');
  const rects = rules.map(rectOf);
  const inFrame = new Set<number>();
  const queue: number[] = [];
  rects.forEach((r, i) => {
    if (touches(r, box)) {
      inFrame.add(i);
      queue.push(i);
    }
  });
  let bounds = box;
  while (queue.length) {
    const i = queue.pop()!;
    const r = rects[i];
    bounds = rectFromEdges(Math.min(bounds.x, r.x), Math.min(bounds.y, r.y), Math.max(right(bounds), right(r)), Math.max(top(bounds), top(r)));
    rects.forEach((o, j) => {
      if (!inFrame.has(j) && touches(o, r)) {
        inFrame.add(j);
        queue.push(j);
      }
    });
  }
  return bounds;
}

/** The areas of a page that must stay blank. */
export function keepBlankAreas(model: PageModel, segments: readonly Segment[], cells: readonly Cell[]): Rect[] {
  // Every such notice has one of these words: most pages have none and skip the box walk.
  if (!model.lines.some((l) => /\b(use|write|bar ?code|staple|blank)\b/i.test(l.text))) return [];
  const pageArea = (model.view[2] - model.view[0]) * (model.view[3] - model.view[1]);
  const out: Rect[] = [];
  const closed = cells.filter((c) => !c.virtual);
  for (const c of closed) {
    const box = cellRect(c);
    const text = textInside(box, model.lines);
    if (!text || text.length > MAX_MARKER_CHARS || !isDoNotFill(text)) continue;
    if (/\bbelow\b/i.test(text)) continue; // it points elsewhere (handled with free-standing notices)
    const frame = frameOf(box, segments);
    out.push(area(frame) <= MAX_FRAME_SHARE * pageArea ? frame : box);
  }
  // A notice above a box ("Space for barcode—do not write in box below"): the box under it.
  for (const l of model.lines) {
    if (l.text.length > MAX_MARKER_CHARS || !/\bbelow\b/i.test(l.text) || !isDoNotFill(l.text)) continue;
    const under = closed
      .map(cellRect)
      .filter((b) => top(b) <= l.rect.y + 2 && top(b) >= l.rect.y - 14 && overlap1d(b.x, right(b), l.rect.x, right(l.rect)) > 0.5 * l.rect.width)
      .sort((a, b) => area(b) - area(a))[0];
    if (under) out.push(under);
  }
  return out;
}

/** Most lines a notice box holds: "For / USCIS / Use / Only" stacked in a narrow panel. */
const MAX_NOTICE_LINES = 5;
/** Widest line of a notice (points): MAX_MARKER_CHARS of small print. */
const MAX_NOTICE_WIDTH = 300;

/**
 * Unread lines (a scan's) that may be an office-use notice: those of a small closed box holding
 * no candidate, only a few short lines. A box with a blank in it is a field's, not a notice's.
 */
export function noticeLines(model: PageModel, cells: readonly Cell[], cands: readonly Candidate[]): TextLine[] {
  const pageArea = (model.view[2] - model.view[0]) * (model.view[3] - model.view[1]);
  const out = new Set<TextLine>();
  for (const c of cells) {
    if (c.virtual) continue;
    const box = cellRect(c);
    if (area(box) > MAX_FRAME_SHARE * pageArea || cands.some((k) => pointIn(box, cx(k.rect), cy(k.rect)))) continue;
    const inside = model.lines.filter((l) => pointIn(box, cx(l.rect), cy(l.rect)));
    if (!inside.length || inside.length > MAX_NOTICE_LINES || inside.some((l) => l.rect.width > MAX_NOTICE_WIDTH)) continue;
    for (const l of inside) if (!l.text.trim()) out.add(l);
  }
  return [...out];
}

/** Candidates whose centre lies in an area that must stay blank are dropped. */
export function outsideKeepBlank(cands: readonly Candidate[], areas: readonly Rect[]): Candidate[] {
  if (!areas.length) return [...cands];
  return cands.filter((c) => !inKeepBlank(c.rect, areas));
}

export function inKeepBlank(r: Rect, areas: readonly Rect[]): boolean {
  return areas.some((a) => pointIn(a, cx(r), cy(r), 0.5));
}
