// Mapping suggestion (§2.9) and spreadsheet parsing, without a server.
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { normalise, suggestMapping, valueKind } from '../../src/domain/batch-mapping.ts';
import { detectDelimiter, parseSpreadsheet, SpreadsheetError } from '../../src/extract/spreadsheet.ts';
import type { ContractField } from '../../src/domain/contracts.ts';

let nextId = 1;
function field(label: string, extra: Partial<ContractField> = {}): ContractField {
  const id = nextId++;
  return { id, label, name: `field_${id}`, type: 'text', data_type: 'string', required: false, page: 0, rect: { x: 0, y: 0, width: 10, height: 10 }, confidence: 1, value: null, ...extra } as ContractField;
}

describe('normalise', () => {
  test('abbreviations and variants meet the same words', () => {
    expect(normalise('DOB')).toBe(normalise('Date of Birth'));
    expect(normalise('D.O.B.')).toBe(normalise('Birth date'));
    expect(normalise('SSN')).toBe(normalise('Social Security Number'));
    expect(normalise('Zip Code')).toBe(normalise('ZIP/Postal code'));
    expect(normalise('firstName')).toBe(normalise('First name'));
    expect(normalise('Married?')).toBe(normalise('married'));
  });
});

describe('valueKind', () => {
  test('recognises dates, SSNs, yes/no', () => {
    expect(valueKind(['01/02/1990', '1985-03-04'])).toBe('date');
    expect(valueKind(['123-45-6789', '987654321'])).toBe('ssn');
    expect(valueKind(['yes', 'No', ''])).toBe('boolean');
    expect(valueKind(['94105', '10001'])).toBe('zip');
    expect(valueKind(['Ada', 'Bob'])).toBeUndefined();
  });
});

describe('suggestMapping', () => {
  const fields = [
    field('First name'),
    field('Last name', { name: 'applicant.surname' }),
    field('Date of birth', { data_type: 'date' }),
    field('Social security number', { data_type: 'ssn', max_len: 11 }),
    field('ZIP code', { data_type: 'zip' }),
    field('Are you married?', { type: 'checkbox', data_type: 'boolean' }),
    field('Applicant signature', { type: 'signature', data_type: 'signature' }),
  ];
  const [first, last, dob, ssn, zip, married] = fields;

  test('realistic headers map with high confidence; unknown columns are left out', () => {
    const columns = ['First Name', 'Last Name', 'DOB', 'SSN', 'Zip Code', 'Married?', 'Notes', 'Signature'];
    const s = suggestMapping(fields, columns, [{ 'First Name': 'Ada', DOB: '12/10/1815', SSN: '123-45-6789', 'Married?': 'yes', Notes: 'hi' }]);
    expect(s.mapping).toEqual({
      'First Name': { field_id: first.id, confidence: 'high' },
      'Last Name': { field_id: last.id, confidence: 'high' },
      DOB: { field_id: dob.id, confidence: 'high' },
      SSN: { field_id: ssn.id, confidence: 'high' },
      'Zip Code': { field_id: zip.id, confidence: 'high' },
      'Married?': { field_id: married.id, confidence: 'high' },
    });
    expect(s.unmapped_columns).toEqual(['Notes', 'Signature']); // signatures are never filled
  });

  test('values decide when headers say nothing', () => {
    const s = suggestMapping(fields, ['Col A', 'Col B', 'Col C'], [
      { 'Col A': '01/02/1990', 'Col B': '123456789', 'Col C': 'yes' },
      { 'Col A': '03/04/1985', 'Col B': '987-65-4321', 'Col C': 'no' },
    ]);
    expect(s.mapping['Col A']).toEqual({ field_id: dob.id, confidence: 'low' });
    expect(s.mapping['Col B']).toEqual({ field_id: ssn.id, confidence: 'low' });
    expect(s.mapping['Col C']).toEqual({ field_id: married.id, confidence: 'low' });
  });

  test('one field per column, and a partial header match is medium', () => {
    const s = suggestMapping(fields, ['Name (first)', 'First Name'], []);
    expect(s.mapping['First Name']).toEqual({ field_id: first.id, confidence: 'high' });
    expect(s.mapping['Name (first)']).toBeUndefined();
    const p = suggestMapping([field('Employer ZIP code', { data_type: 'zip' })], ['Zip'], []);
    expect(p.mapping.Zip.confidence).toBe('medium');
  });
});

describe('parseSpreadsheet', () => {
  const enc = (s: string) => new TextEncoder().encode(s);

  test('delimiters, quotes, BOM, CRLF, empty rows', async () => {
    expect(detectDelimiter('a;b;"c,d"\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    const s = await parseSpreadsheet(enc('\uFEFFName;Note\r\n"Smith, J";"say ""hi"""\r\n;\r\n\r\nLee;x\r\n'));
    expect(s.columns).toEqual(['Name', 'Note']);
    expect(s.rows).toEqual([{ Name: 'Smith, J', Note: 'say "hi"' }, { Name: 'Lee', Note: 'x' }]);
    const t = await parseSpreadsheet(enc('A\tB\n1\t2\n'));
    expect(t.rows).toEqual([{ A: '1', B: '2' }]);
  });

  test('empty, header-only and binary files are refused', async () => {
    for (const bytes of [enc(''), enc('\n\n'), enc('A,B\n'), new Uint8Array([0, 159, 146, 150]), enc('PK\u0003\u0004nope')]) {
      await expect(parseSpreadsheet(bytes)).rejects.toBeInstanceOf(SpreadsheetError);
    }
  });

  test('XLSX: first sheet, dates and serial dates, numbers as text, empty rows skipped', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('First');
    ws.addRow(['Name', 'DOB', 'SSN', 'Amount']);
    ws.addRow(['Ada', new Date(Date.UTC(1815, 11, 10)), 123456789, 12.5]);
    ws.addRow([]);
    const r = ws.addRow([{ richText: [{ text: 'Bo' }, { text: 'b' }] }, 36526, 1e15, 0.1 + 0.2]);
    r.getCell(2).numFmt = 'dd/mm/yyyy';
    wb.addWorksheet('Second').addRow(['Other']);
    const s = await parseSpreadsheet(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(s.columns).toEqual(['Name', 'DOB', 'SSN', 'Amount']);
    expect(s.rows).toEqual([
      { Name: 'Ada', DOB: '12/10/1815', SSN: '123456789', Amount: '12.5' },
      { Name: 'Bob', DOB: '01/01/2000', SSN: '1000000000000000', Amount: '0.3' },
    ]);
  });
});
