// Pages built in code for the label engine's tests: printed lines and fields at given places.
import type { TextLine } from '../../../src/pdf/detect/model.ts';
import type { FieldType, Rect } from '../../../src/pdf/types.ts';
import { chooseCaptions, type FieldBox } from '../../../src/pdf/labels/caption.ts';
import { captionLabel, captionLines, settlePageLabels } from '../../../src/pdf/labels/index.ts';

/** One printed line in 8 pt type. */
export const line = (text: string, x: number, y: number, width: number, height = 9.6): TextLine => {
  const rect = { x, y, width, height };
  return { words: [{ text, rect, size: 8 }], rect, text, size: 8 };
};
export const field = (type: FieldType, x: number, y: number, width: number, height: number): FieldBox => ({ type, rect: { x, y, width, height } as Rect });
/** The caption label of each field, as the page reads them. */
export const labelsOf = (fields: FieldBox[], lines: TextLine[]) => chooseCaptions(fields, lines).map(captionLabel);

/** The labels of a page's fields once the page-wide rules have settled them (repeats told apart). */
export function settledLabels(fields: FieldBox[], lines: TextLine[]): string[] {
  const caps = chooseCaptions(fields, lines);
  const labelled = fields.map((f, k) => ({ type: f.type, page: 0, rect: f.rect, label: captionLabel(caps[k]) }));
  settlePageLabels(labelled, lines, new Set(caps.flatMap(captionLines)));
  return labelled.map((l) => l.label);
}
