// The room under a question for its explanation: "A. Do you expect …?  ☐ Yes (explain below)
// ☐ No", then blank space down to the box's bottom. The answer boxes on the caption's lines were
// taken for marks set apart in the room, which ended it: no field at all.
import { afterAll, describe, expect, it } from 'vitest';
import type { FormField, Rect } from '../../../src/pdf/types.ts';
import { detectFields, terminateOcr } from '../../../src/pdf/detect/index.ts';
import { type Kit, pageWith, rectDistance, scanOf } from './fixtures.ts';

afterAll(() => terminateOcr());

const textNear = (fields: FormField[], r: Rect, tol: number) => fields.filter((f) => f.type === 'text' && rectDistance(f.rect, r) <= tol);

/** A box 460 × 140 pt holding a question, its two answer boxes on the line under it, and the room below. */
function questionBox(k: Kit): void {
  k.box(72, 400, 460, 140);
  k.text('A. Do you expect to receive an inheritance within the next 6 months?', 78, 528);
  for (const [answer, x] of [['Yes (Explain below)', 86], ['No', 232]] as const) {
    k.box(x, 513, 10, 10);
    k.text(answer, x + 14, 514);
  }
}

/** The explanation's room: under the answer line, down to the box's bottom. */
const ROOM: Rect = { x: 72.5, y: 400.5, width: 459, height: 111 };

describe('the room under a question with answer boxes', () => {
  it('is a field, the answer boxes taken as part of the caption', async () => {
    const { fields } = await detectFields(await pageWith(questionBox), { ocr: false });
    expect(textNear(fields, ROOM, 6)).toHaveLength(1);
    expect(fields.filter((f) => f.type === 'checkbox')).toHaveLength(2);
  });

  it('is a field on a scan too', async () => {
    const { fields } = await detectFields(await scanOf(await pageWith(questionBox)), { ocr: false });
    expect(textNear(fields, ROOM, 8)).toHaveLength(1);
  }, 60_000);
});
