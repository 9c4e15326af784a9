// Pages built in code for the label engine's tests: printed lines and fields at given places.
import type { TextLine } from '../../../src/pdf/detect/model.ts';
import type { FieldType, Rect } from '../../../src/pdf/types.ts';
import { chooseCaptions, type FieldBox } from '../../../src/pdf/labels/caption.ts';
import { captionLabel } from '../../../src/pdf/labels/index.ts';

/** One printed line in 8 pt type. */
export const line = (text: string, x: number, y: number, width: number, height = 9.6): TextLine => {
  const rect = { x, y, width, height };
  return { words: [{ text, rect, size: 8 }], rect, text, size: 8 };
};
export const field = (type: FieldType, x: number, y: number, width: number, height: number): FieldBox => ({ type, rect: { x, y, width, height } as Rect });
/** The caption label of each field, as the page reads them. */
export const labelsOf = (fields: FieldBox[], lines: TextLine[]) => chooseCaptions(fields, lines).map(captionLabel);
