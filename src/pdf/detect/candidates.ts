// Stage 2: every candidate of a page model, from all the detectors, with duplicates resolved, lines
// captioned in parts divided, and those in areas that must stay blank (office use) dropped.
// Pure: the same function serves vector pages and scanned pages.
import type { Candidate } from './candidate.ts';
import { boxCandidates } from './candidates-boxes.ts';
import { lineCandidates, linedAreas, splitByCaptions, underlineCombs } from './candidates-lines.ts';
import { markCandidates } from './candidates-marks.ts';
import { findCells } from './cells.ts';
import { cx, cy, pointIn } from './geometry.ts';
import { keepBlankAreas, outsideKeepBlank } from './keep-blank.ts';
import type { PageModel } from './model.ts';
import { resolveOverlaps } from './resolve.ts';
import { virtualEdges } from './segments.ts';

export function findCandidates(model: PageModel): Candidate[] {
  // Faint writing lines first: they are one area, not a stack of separate blanks or cells.
  const lined = linedAreas(model.segments, model);
  const drawn = model.segments.filter((s) => !lined.consumed.has(s));
  const segments = [...drawn, ...virtualEdges(drawn)];
  const cells = findCells(segments);
  const boxes = boxCandidates(cells, model, segments);
  // A comb's character cells, found whole as squares on a scan, are not checkboxes.
  const combs = boxes.filter((c) => c.kind === 'comb');
  const marks = markCandidates(model).filter((m) => !combs.some((c) => pointIn(c.rect, cx(m.rect), cy(m.rect))));
  const cands = resolveOverlaps([...lined.cands, ...boxes, ...lineCandidates(model, segments, cells), ...underlineCombs(segments, cells, model), ...marks]);
  return outsideKeepBlank(splitByCaptions(cands, model), keepBlankAreas(model, segments, cells));
}
