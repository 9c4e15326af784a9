// Sign-here lines whose own caption names nothing (the cross they start with) take their type
// from the caption printed right under or over them.
import { afterAll, describe, expect, it } from 'vitest';
import { detectFields, terminateOcr } from '../../../src/pdf/detect/index.ts';
import type { TextLine } from '../../../src/pdf/detect/model.ts';
import { namesNothing, signatureCaptionBeside } from '../../../src/pdf/detect/signature-lines.ts';
import { type Kit, pageWith, rectDistance, scanOf } from './fixtures.ts';

afterAll(() => terminateOcr());

const line = (text: string, x: number, y: number, width: number, height = 9): TextLine => ({ words: [], rect: { x, y, width, height }, text, size: height });

describe('signature captions beside a blank', () => {
  const blank = { x: 90, y: 300, width: 240, height: 14 };

  it('reads the caption right under or over the blank', () => {
    expect(signatureCaptionBeside(blank, [line('Signature of Debtor 1', 92, 288, 100)])).toBe(true);
    expect(signatureCaptionBeside(blank, [line("Applicant's Signature", 92, 316, 100)])).toBe(true);
    // Too far under, beside it, or asking for something else.
    expect(signatureCaptionBeside(blank, [line('Signature of Debtor 1', 92, 260, 100)])).toBe(false);
    expect(signatureCaptionBeside(blank, [line('Signature of Debtor 1', 340, 288, 100)])).toBe(false);
    expect(signatureCaptionBeside(blank, [line('Date of signature', 92, 288, 100)])).toBe(false);
  });

  it('takes a cross or no caption for a caption that names nothing', () => {
    expect(namesNothing('')).toBe(true);
    expect(namesNothing('xX')).toBe(true);
    expect(namesNothing('X')).toBe(true);
    expect(namesNothing('Contact phone')).toBe(false);
  });
});

/** A sign-here line: a cross at its start, what it is for under it, and a named blank above. */
function signHere(k: Kit): void {
  k.text('Full name:', 72, 402);
  k.line(130, 400, 400, 400);
  k.text('X', 76, 302, 16);
  k.line(92, 300, 330, 300);
  k.text('Signature of Debtor 1', 94, 288, 9);
}

describe('a sign-here line on a scan', () => {
  it('is typed signature from the caption under it', async () => {
    const { fields } = await detectFields(await scanOf(await pageWith(signHere)));
    const sign = fields.find((f) => rectDistance(f.rect, { x: 92, y: 300, width: 238, height: 12 }, true) <= 3.5);
    expect(sign, JSON.stringify(fields)).toBeDefined();
    expect(sign!.type).toBe('signature');
    expect(fields.find((f) => f.label === 'Full name')?.type).toBe('text');
  }, 60_000);
});
