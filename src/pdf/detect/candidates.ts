// Stage 2: every candidate of a page model, from all the detectors, with duplicates resolved, lines
// captioned in parts divided, and those in areas that must stay blank (office use) dropped.
// Pure: the same function serves vector pages and scanned pages.
import type { Candidate } from './candidate.ts';
import { boxCandidates } from './candidates-boxes.ts';
import { answerAreas, lineCandidates, linedAreas, splitByCaptions, underlineCombs } from './candidates-lines.ts';
import { markCandidates } from './candidates-marks.ts';
import { findCells } from './cells.ts';
import { cx, cy, pointIn } from './geometry.ts';
import { keepBlankAreas, noticeLines, outsideKeepBlank } from './keep-blank.ts';
import type { Cell } from './cells.ts';
import type { Rect } from '../types.ts';
import type { PageModel, Segment, TextLine } from './model.ts';
import { resolveOverlaps } from './resolve.ts';
import { virtualEdges } from './segments.ts';

/** The rules a page's blanks are read from (writing-line areas taken out) and the cells they close. */
export interface PageGrid {
  lined: ReturnType<typeof linedAreas>;
  segments: Segment[];
  cells: Cell[];
}

export function pageGrid(model: PageModel): PageGrid {
  // Faint writing lines and answer lines across the text column first: each stack is one area,
  // not a stack of separate blanks or cells.
  const faint = linedAreas(model.segments, model);
  const answers = answerAreas(model.segments.filter((s) => !faint.consumed.has(s)), model);
  const lined = { cands: [...faint.cands, ...answers.cands], consumed: new Set([...faint.consumed, ...answers.consumed]) };
  const drawn = model.segments.filter((s) => !lined.consumed.has(s));
  const segments = [...drawn, ...virtualEdges(drawn)];
  return { lined, segments, cells: findCells(segments) };
}

export function findCandidates(model: PageModel, grid: PageGrid = pageGrid(model)): Candidate[] {
  const { lined, segments, cells } = grid;
  const boxes = boxCandidates(cells, model, segments);
  // A comb's character cells, found whole as squares on a scan, are not checkboxes.
  const combs = boxes.filter((c) => c.kind === 'comb');
  const marks = markCandidates(model).filter((m) => !combs.some((c) => pointIn(c.rect, cx(m.rect), cy(m.rect))));
  const cands = resolveOverlaps([...lined.cands, ...boxes, ...lineCandidates(model, segments, cells), ...underlineCombs(segments, cells, model), ...marks]);
  return outsideKeepBlank(splitByCaptions(cands, model), keepBlankAreas(model, segments, cells));
}

/**
 * A scan's office-use notices are read only after its candidates are found: the lines to OCR
 * for them, and once read, the areas whose candidates are dropped.
 */
export function scanKeepBlank(model: PageModel, { segments, cells }: PageGrid, cands: readonly Candidate[]): { lines: TextLine[]; areas: () => Rect[] } {
  return { lines: noticeLines(model, cells, cands), areas: () => keepBlankAreas(model, segments, cells) };
}
