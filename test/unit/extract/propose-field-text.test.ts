// Which words a field is read from: its composed label or the words printed beside it, when the
// field's own name says nothing ("f1_01"). Fields are synthetic.
import { describe, expect, test } from 'vitest';
import { analyseField } from '../../../src/extract/propose/fields.ts';
import { readSpec } from '../../../src/extract/propose/labels.ts';
import type { PrintedLabel } from '../../../src/extract/propose/page-labels.ts';
import type { ProposeField } from '../../../src/extract/propose/types.ts';
import { field, propose, textDoc, written } from './propose-helpers.ts';

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

describe('printed words beside a text box', () => {
  const at = (leftText: string, above: string): PrintedLabel => ({ left: leftText, above, inside: '', right: '', heading: '' }) as PrintedLabel;
  const bare = (): ProposeField => ({ ...box(''), label: 'undefined' });

  test("a side title left of the box that asks nothing gives way to the caption above that asks something", () => {
    const spec = analyseField(bare(), at('Personal Information', 'Address'));
    expect(spec.concept).toBe('address');
  });

  test('words left of the box that ask something keep precedence', () => {
    expect(analyseField(bare(), at('Last name', 'Address')).namePart).toBe('family');
  });
});

describe("a party's name and address in one box", () => {
  test("\"Employer's name and address\" asks for both, not for the name alone", () => {
    const spec = readSpec("Employer's name and address");
    expect(spec.withName).toBe(true);
    expect(spec.role).toBe('employer');
    expect(readSpec("Employer's name").concept).toBe('org_name');
  });
});

describe('an address line beside a "City or town, state, and ZIP code" box', () => {
  test('the line takes the street part only: the ZIP goes in the other box', async () => {
    const line = field('Address');
    const csz = field('City or town, state, and ZIP code');
    const doc = await textDoc('notes.txt', 'Name: Tobias Brennan\nHome address: 3318 N Proctor St, Tacoma, WA 98407\n');
    const got = await propose([line, csz], [doc]);
    expect(written(got(line))).toBe('3318 N Proctor St');
    expect(written(got(csz))).toBe('Tacoma, WA 98407');
  });
});
