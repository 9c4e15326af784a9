// Pure stages on hand-made inputs: each rule in isolation.
import { describe, expect, it } from 'vitest';
import { findCells } from '../../../src/pdf/detect/cells.ts';
import { cleanLabel } from '../../../src/pdf/labels/text.ts';
import type { Segment } from '../../../src/pdf/detect/model.ts';
import { readingOrder } from '../../../src/pdf/detect/order.ts';
import { groupRadios } from '../../../src/pdf/detect/radios.ts';
import { mergeSegments, virtualEdges } from '../../../src/pdf/detect/segments.ts';
import { splitPieces } from '../../../src/pdf/detect/text.ts';
import { textOrientation } from '../../../src/pdf/detect/page-model.ts';
import { dataTypeFor, dataTypeFromLabel, isDoNotFill, isRequiredLabel, isRequiredLegend, isSignatureLabel } from '../../../src/pdf/labels/words.ts';

const h = (pos: number, lo: number, hi: number): Segment => ({ orient: 'h', pos, lo, hi, thickness: 1, source: 'stroke' });
const v = (pos: number, lo: number, hi: number): Segment => ({ orient: 'v', pos, lo, hi, thickness: 1, source: 'stroke' });

describe('segments', () => {
  it('merges a rule drawn in pieces and twice', () => {
    const merged = mergeSegments([h(100, 0, 50), h(100.3, 50.5, 120), h(100, 10, 30), v(10, 0, 20)]);
    expect(merged.filter((s) => s.orient === 'h')).toHaveLength(1);
    expect(merged.find((s) => s.orient === 'h')).toMatchObject({ lo: 0, hi: 120 });
  });

  it('implies the open sides of full-width rows (IRS style)', () => {
    const rules = [h(100, 36, 576), h(124, 36, 576), h(148, 36, 576), v(300, 100, 148)];
    const sides = virtualEdges(rules);
    expect(sides.some((s) => s.pos === 36 && s.lo === 100 && s.hi === 124)).toBe(true);
    expect(sides.some((s) => s.pos === 576 && s.lo === 124 && s.hi === 148)).toBe(true);
  });
});

describe('cells', () => {
  it('finds the minimal boxes of a 2×2 grid', () => {
    const cells = findCells([h(0, 0, 200), h(20, 0, 200), h(40, 0, 200), v(0, 0, 40), v(100, 0, 40), v(200, 0, 40)]);
    expect(cells).toHaveLength(4);
    expect(cells.map((c) => [c.left, c.bottom, c.right, c.top]).sort()).toEqual([
      [0, 0, 100, 20],
      [0, 20, 100, 40],
      [100, 0, 200, 20],
      [100, 20, 200, 40],
    ]);
  });

  it('does not close a box whose side stops short', () => {
    expect(findCells([h(0, 0, 100), h(30, 0, 100), v(0, 0, 30), v(100, 15, 30)])).toHaveLength(0);
  });
});

describe('text', () => {
  it('splits typed blanks from words', () => {
    expect(splitPieces('Name: ________ Date ..........').map((p) => p.kind)).toEqual(['word', 'underscore', 'word', 'dots']);
  });

  it('reads the page orientation from its text', () => {
    const up = { str: 'Hello world, this is a long line', transform: [0, 10, -10, 0, 100, 100], width: 100 };
    expect(textOrientation([up], 0)).toBe(90);
    expect(textOrientation([{ ...up, transform: [10, 0, 0, 10, 0, 0] }], 90)).toBe(0);
    expect(textOrientation([], 270)).toBe(270);
  });
});

describe('labels and types', () => {
  it('cleans labels', () => {
    expect(cleanLabel('1a. Total income .............')).toBe('1a. Total income');
    expect(cleanLabel('Name of applicant: ____')).toBe('Name of applicant');
    expect(cleanLabel('Dirección de correo *')).toBe('Dirección de correo');
  });

  it('types data from label keywords, keeping accents', () => {
    expect(dataTypeFor('Date of birth', 'text')).toBe('date');
    expect(dataTypeFor('Place of birth', 'text')).toBe('string');
    expect(dataTypeFor('E-mail', 'text')).toBe('email');
    expect(dataTypeFor('Teléfono de contacto', 'text')).toBe('phone');
    expect(dataTypeFor('Social Security Number', 'text')).toBe('ssn');
    expect(dataTypeFor('Employer identification number (EIN)', 'text')).toBe('ein');
    expect(dataTypeFor('ZIP code', 'text')).toBe('zip');
    expect(dataTypeFor('Total amount', 'text')).toBe('currency');
    expect(dataTypeFor('Number of copies', 'text')).toBe('number');
    expect(dataTypeFor('Fecha', 'text')).toBe('date');
    expect(dataTypeFor('Yes', 'checkbox')).toBe('boolean');
    expect(dataTypeFor('Anything', 'signature')).toBe('signature');
  });

  it('recognises signatures, required marks and areas that must stay blank', () => {
    expect(isSignatureLabel("Applicant's signature")).toBe(true);
    expect(isSignatureLabel('Firma')).toBe(true);
    expect(isSignatureLabel('Print name of person signing')).toBe(false);
    // A caption names its blank first: the date of a signature is a date.
    expect(isSignatureLabel('Date of Signature')).toBe(false);
    expect(isSignatureLabel('Date et signature')).toBe(false);
    expect(isSignatureLabel("Date (mm/dd/yyyy) Spouse's signature")).toBe(false);
    expect(isSignatureLabel('Datum / Unterschrift')).toBe(false);
    expect(isSignatureLabel('Part 5: Signature of applicant')).toBe(true);
    expect(isSignatureLabel("Date: Preparer's signature")).toBe(true);
    expect(isRequiredLabel('Last name *', true)).toBe(true);
    expect(isRequiredLabel('Last name *')).toBe(false); // an asterisk without a legend may be a footnote
    expect(isRequiredLabel('Email (required)')).toBe(true);
    expect(isRequiredLabel('Fax (not required)')).toBe(false);
    expect(isRequiredLegend('Fields marked with an asterisk (*) are required.')).toBe(true);
    expect(isRequiredLegend('* See the instructions on page 2.')).toBe(false);
    expect(isRequiredLabel('Middle name')).toBe(false);
    expect(isDoNotFill('For Office Use Only')).toBe(true);
    expect(isDoNotFill('SSA USE ONLY')).toBe(true);
    expect(isDoNotFill('Office address')).toBe(false);
    expect(isDoNotFill('DOCKET NO. (for court use only)')).toBe(true);
    expect(isDoNotFill('For USCIS Use Only')).toBe(true);
    expect(isDoNotFill('Space for 2-D barcode—do not write in box below')).toBe(true);
    // A preparer fills the form; "do not leave blank" asks for a value; ink instructions are not areas.
    expect(isDoNotFill('Paid Preparer Use Only')).toBe(false);
    expect(isDoNotFill('Enter your county code. Do not leave blank.')).toBe(false);
    expect(isDoNotFill('Use only black or blue ink')).toBe(false);
    expect(isDoNotFill('Is the vehicle for home use?')).toBe(false);
  });

  it('types existing AcroForm fields by value format only', () => {
    expect(dataTypeFromLabel('Full name')).toBe('string');
    expect(dataTypeFor('Full name', 'text')).toBe('name');
    expect(dataTypeFromLabel('Month of birth')).toBe('date');
    expect(dataTypeFromLabel('Tax ID')).toBe('ein');
    expect(dataTypeFromLabel('Year')).toBe('number');
    expect(dataTypeFromLabel('Código postal')).toBe('zip');
  });
});

describe('order and radio groups', () => {
  it('reads a two-column page column by column', () => {
    const r = (x: number, y: number) => ({ x, y, width: 200, height: 14 });
    // Left column at x 36, right column at x 330, rows interleaved in y.
    const fields = [r(330, 700), r(36, 700), r(36, 600), r(330, 650), r(36, 300), r(330, 320)];
    const text = [{ x: 36, y: 760, width: 200, height: 10 }, { x: 330, y: 760, width: 200, height: 10 }];
    expect(readingOrder(fields, text, 792)).toEqual([1, 2, 4, 0, 3, 5]);
  });

  it('reads a form row by row, left to right', () => {
    const r = (x: number, y: number) => ({ x, y, width: 100, height: 14 });
    expect(readingOrder([r(300, 500), r(36, 500), r(36, 470)], [], 792)).toEqual([1, 0, 2]);
  });

  it('groups radio buttons by row, and a lone column of them', () => {
    const c = (x: number, y: number) => ({ x, y, width: 9, height: 9 });
    const groups = groupRadios([c(72, 500), c(130, 500), c(400, 300), c(400, 285), c(400, 270)]);
    expect(groups.map((g) => [...g].sort())).toEqual([
      [0, 1],
      [2, 3, 4],
    ]);
  });
});
