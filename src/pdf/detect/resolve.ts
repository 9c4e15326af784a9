// Overlapping candidates: one place on the page is one field. Stronger evidence wins (a closed
// box over a rule, a comb over its own cells); the weaker duplicate is dropped.
import type { Candidate, CandidateKind } from './candidate.ts';
import { area, overlapArea } from './geometry.ts';

const PRIORITY: Record<CandidateKind, number> = {
  checkbox: 0,
  radio: 0,
  comb: 1,
  box: 2,
  'label-inside': 3,
  'label-under-inside': 3,
  'label-left-inside': 4,
  underline: 5,
  dots: 6,
};

export function resolveOverlaps(cands: readonly Candidate[]): Candidate[] {
  const sorted = [...cands].sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind] || b.confidence - a.confidence);
  const kept: Candidate[] = [];
  for (const c of sorted) {
    const clash = kept.some((k) => {
      const inter = overlapArea(k.rect, c.rect);
      return inter > 0.4 * Math.min(area(k.rect), area(c.rect));
    });
    if (!clash) kept.push(c);
  }
  return kept;
}
