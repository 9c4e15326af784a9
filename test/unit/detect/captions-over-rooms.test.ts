// A box holding several blanks one under another, each headed by its caption (a claim form's
// panel: claimant, defendant, details of claim; an information return's recipient box: name,
// street, city), no rule between them: each caption heads a field, the room down to the next
// caption. A word or mark set apart at the right end of a room ("In the … Court", a seal) ends
// that room's field before it.
import { afterAll, describe, expect, it } from 'vitest';
import type { FormField, Rect } from '../../../src/pdf/types.ts';
import { detectFields, terminateOcr } from '../../../src/pdf/detect/index.ts';
import { type Kit, pageWith, rectDistance, scanOf } from './fixtures.ts';

afterAll(() => terminateOcr());

/** A panel 400 × 240 pt at (72, 300) with three captions in a column at its left. */
async function panel(): Promise<Uint8Array> {
  return pageWith((k) => {
    k.box(72, 300, 400, 240);
    k.text("Claimant's name and address", 78, 528);
    k.text("Defendant's name and address", 78, 440);
    k.text('Brief details of claim', 78, 360);
  });
}

/** Where the three blanks are: from under each caption down to the next caption's top. */
const ROOMS: Rect[] = [
  { x: 72.5, y: 448, width: 399, height: 79 },
  { x: 72.5, y: 368, width: 399, height: 71 },
  { x: 72.5, y: 300.5, width: 399, height: 59 },
];

/** The text fields detected on a vector page drawn by `draw`. */
async function textFieldsOn(draw: (k: Kit) => void): Promise<FormField[]> {
  const { fields } = await detectFields(await pageWith(draw), { ocr: false });
  return fields.filter((f) => f.type === 'text');
}

const near = (fields: FormField[], r: Rect) => fields.filter((f) => f.type === 'text' && rectDistance(f.rect, r) <= 4);

describe('a box of captions stacked over their blanks', () => {
  it('gives one field per caption, the room down to the next caption', async () => {
    const { fields } = await detectFields(await panel(), { ocr: false });
    for (const r of ROOMS) expect(near(fields, r), JSON.stringify(r)).toHaveLength(1);
    expect(fields.filter((f) => f.type === 'text')).toHaveLength(3);
    expect(near(fields, ROOMS[1])[0].label).toMatch(/Defendant/);
  });

  it('does so on a scan too', async () => {
    const { fields } = await detectFields(await scanOf(await panel()), { ocr: false });
    for (const r of ROOMS) expect(near(fields, r), JSON.stringify(r)).toHaveLength(1);
  }, 60_000);

  /** The page drawn holds one text field, at `rect`. */
  async function expectOneField(draw: (k: Kit) => void, rect: Rect): Promise<void> {
    const text = await textFieldsOn(draw);
    expect(text).toHaveLength(1);
    expect(rectDistance(text[0].rect, rect)).toBeLessThanOrEqual(4);
  }

  it('ends a blank before a word set at the right end of its room', () =>
    expectOneField((k) => {
      k.box(300, 650, 240, 64);
      k.text('In the', 306, 700);
      k.text('Court', 505, 654);
    }, { x: 300.5, y: 650.5, width: 203, height: 48 }));

  it('keeps a box whose captions are a paragraph, with no room between its lines, one field under it', () =>
    expectOneField((k) => {
      k.box(72, 400, 400, 100);
      k.text('Explain why you are asking for the hearing to be moved', 78, 488);
      k.text('and when you can attend instead', 78, 476);
    }, { x: 72.5, y: 400.5, width: 399, height: 74 }));

  it('reads such a box in a column of captioned boxes (a case caption: judge, petitioner … vs., respondent)', async () => {
    const text = await textFieldsOn((k) => {
      k.box(72, 653, 194, 27);
      k.text('Judge or Division:', 78, 666);
      k.box(72, 600, 194, 53);
      k.text('Petitioner:', 78, 640);
      k.text('VS.', 246, 602, 8);
      k.box(72, 547, 194, 53);
      k.text('Respondent:', 78, 587);
    });
    // The petitioner's blank: under the caption, ending before "VS.".
    expect(text.filter((f) => rectDistance(f.rect, { x: 72.5, y: 600.5, width: 172, height: 38 }) <= 4)).toHaveLength(1);
  });
});
