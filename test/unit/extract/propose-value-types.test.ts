// A value of the wrong kind for its box — no digit in a date or phone box, no "@" in an e-mail
// box — is left for review, whatever key it was matched by.
import { describe, expect, test } from 'vitest';
import { distrustMistypedValues } from '../../../src/extract/propose/value-types.ts';
import { analyseField } from '../../../src/extract/propose/index.ts';
import type { FieldProposal } from '../../../src/extract/propose/index.ts';
import { field } from './propose-helpers.ts';

const proposal = (field_id: number, value: string): FieldProposal => ({ field_id, status: 'proposed', value, confidence: 'high', origin: 'document', evidence: [], note: null });
const noPrint = { left: '', above: '', inside: '', right: '', heading: '' };

describe('values of the wrong kind for their box', () => {
  test('a word under a "Day Month Year" box is no date; digits are', () => {
    const box = field('Ngày cấp');
    const printed = { ...noPrint, above: 'Day Month Year' };
    const spec = analyseField(box, printed);
    const [word] = distrustMistypedValues([box], [spec], [printed], [proposal(box.id, 'Tiếng Việt')]);
    expect(word).toMatchObject({ confidence: 'low', value: 'Tiếng Việt' });
    expect(word.note).toMatch(/asks for a date/);
    const [date] = distrustMistypedValues([box], [spec], [printed], [proposal(box.id, '22/07/2023')]);
    expect(date.confidence).toBe('high');
  });

  test('a street in a box its author named for a phone number is no phone number', () => {
    const box = field('Tel. No.: (Street address)', { name: 'user_phone' });
    const spec = analyseField(box);
    const [street] = distrustMistypedValues([box], [spec], [undefined], [proposal(box.id, '88 Lantern Hill Rd Apt 2')]);
    expect(street.confidence).toBe('low');
    const [phone] = distrustMistypedValues([box], [spec], [undefined], [proposal(box.id, '(508) 555-0114')]);
    expect(phone.confidence).toBe('high');
  });
});
