// Which words a field is read from: its composed label or the words printed beside it, when the
// field's own name says nothing ("f1_01"). Fields are synthetic.
import { describe, expect, test } from 'vitest';
import { analyseField } from '../../../src/extract/propose/fields.ts';
import type { PrintedLabel } from '../../../src/extract/propose/page-labels.ts';
import type { ProposeField } from '../../../src/extract/propose/types.ts';

const box = (label: string): ProposeField => ({ id: 1, name: 'f1_01', label, type: 'text', data_type: 'string', page: 0, rect: { x: 60, y: 700, width: 190, height: 14 } });
const left = (text: string): PrintedLabel => ({ left: text, above: '', inside: '', right: '', heading: '' }) as PrintedLabel;

describe('composed label or printed words', () => {
  test("printed words that ask nothing do not overrule a label asking for the person's name", () => {
    const spec = analyseField(box('Step 1: (a) First name and middle initial'), left('Step 1: Enter'));
    expect(spec.concept).toBe('name');
    expect(spec.namePart).toBe('given_initial');
  });

  test("a label asking for someone else's name, or for another concept, still yields to the printed words", () => {
    expect(analyseField(box('List name of payer'), left('(See instructions and the')).concept).toBeNull();
    expect(analyseField(box('Physical address of each property'), left('A B')).concept).toBeNull();
  });

  test('printed words that ask something are read as before', () => {
    expect(analyseField(box('Step 1: (a) First name and middle initial'), left('Last name')).namePart).toBe('family');
  });
});
