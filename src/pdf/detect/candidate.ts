// A candidate field, before labels and types are settled.
import type { FieldType, Rect } from '../types.ts';
import type { TextLine } from './model.ts';

export type CandidateKind =
  | 'box' // an empty box or table cell
  | 'label-inside' // a box whose label sits in its top-left corner; the value goes below it
  | 'label-under-inside' // a box whose caption runs along its bottom; the value goes above it
  | 'label-left-inside' // a box holding its label at the left; the value goes to its right
  | 'comb' // equal cells or ticks along a line: one character per cell
  | 'underline' // a drawn line or typed underscores with a label beside it
  | 'dots' // a dot leader left as the blank
  | 'checkbox'
  | 'radio';

export interface Candidate {
  kind: CandidateKind;
  type: FieldType;
  rect: Rect;
  /** The drawn thing the field was found from (box outline, rule): labels are searched around it. */
  anchor: Rect;
  confidence: number;
  max_len?: number;
  multiline?: boolean;
  /** Label already known from the geometry (text inside the box's top-left corner). */
  insideLabel?: TextLine[];
}
