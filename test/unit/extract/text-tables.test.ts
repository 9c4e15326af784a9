// Text, JSON, CSV and XLSX documents, type detection and the two refusals, all built in code.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ContextTooLargeError, labelColon, readDocument, UnsupportedContextFileError } from '../../../src/extract/index.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('text documents', () => {
  it('reads lines and "Key: value" pairs, skipping times and URLs', async () => {
    const text = [
      'From: Ana Ruiz <ana@example.com>',
      'Subject: my new address',
      '',
      'Hi, the meeting is at 10:30 tomorrow. See https://example.com/x',
      '- **Date of birth:** 03/14/1990',
      'SSN: 900-41-7788     Phone: (555) 201-3344',
      'This is a long sentence that happens to contain a colon. Like this: not a key',
    ].join('\r\n');
    const doc = await readDocument({ id: 'd1', name: 'email.txt', bytes: utf8(text) });
    expect(doc.kind).toBe('text');
    expect(doc.document_id).toBe('d1');
    expect(doc.lines.map((l) => l.location)).toEqual(['l1', 'l2', 'l4', 'l5', 'l6', 'l7']);
    const pairs = Object.fromEntries(doc.pairs.map((p) => [p.key, p.value]));
    expect(pairs).toEqual({
      From: 'Ana Ruiz <ana@example.com>',
      Subject: 'my new address',
      'Date of birth': '03/14/1990',
      SSN: '900-41-7788',
      Phone: '(555) 201-3344',
    });
    expect(doc.pairs.every((p) => p.method === 'label_colon' && p.page === 1)).toBe(true);
    expect(doc.pairs.find((p) => p.key === 'SSN')!.location).toBe('l6');
    expect(doc.chars).toBe(doc.lines.reduce((n, l) => n + l.text.length, 0));
  });

  it('labelColon refuses what is not a label', () => {
    expect(labelColon('Meet at 10:30 today')).toBeNull();
    expect(labelColon('https://example.com')).toBeNull();
    expect(labelColon('Thanks. See below: the list')).toBeNull();
    expect(labelColon('we had one two three four five six seven: x')).toBeNull();
    expect(labelColon('Name: Jo')).toEqual({ key: 'Name', value: 'Jo' });
    expect(labelColon('**Apt #:** 3B')).toEqual({ key: 'Apt #', value: '3B' });
  });

  it('a name saying .txt does not stop JSON bytes from reading as JSON', async () => {
    const json = { applicant: { name: { first: 'Ana', last: 'Ruiz' }, dateOfBirth: '1990-03-14', addresses: [{ city: 'Reno' }, { city: 'Elko' }] }, spouse: { name: 'Bo' }, active: true, n: null };
    const doc = await readDocument({ id: 'j', name: 'data.txt', bytes: utf8(JSON.stringify(json)) });
    expect(doc.kind).toBe('json');
    const byLoc = Object.fromEntries(doc.pairs.map((p) => [p.location, [p.key, p.value, p.method]]));
    expect(byLoc).toEqual({
      'json $.applicant.name.first': ['Name first', 'Ana', 'json_path'],
      'json $.applicant.name.last': ['Name last', 'Ruiz', 'json_path'],
      'json $.applicant.dateOfBirth': ['Applicant date of birth', '1990-03-14', 'json_path'],
      'json $.applicant.addresses[0].city': ['Addresses city', 'Reno', 'json_path'],
      'json $.applicant.addresses[1].city': ['Addresses city', 'Elko', 'json_path'],
      'json $.spouse.name': ['Spouse name', 'Bo', 'json_path'],
      'json $.active': ['Active', 'true', 'json_path'],
    });
  });
});

describe('CSV', () => {
  it('reads a BOM, semicolon-separated export with quoted cells, keyed by the header row', async () => {
    const csv = '\uFEFFDate;Vendor;Amount;Memo\r\n01/05/2024;"Bright; Sparks LLC";1.200,00;first\r\n02/05/2024;Central Power;88,10;"said ""hi"""\r\n';
    const doc = await readDocument({ id: 'c', name: 'export', bytes: utf8(csv) });
    expect(doc.kind).toBe('csv');
    const vendor = doc.pairs.filter((p) => p.key === 'Vendor');
    expect(vendor).toEqual([
      { key: 'Vendor', value: 'Bright; Sparks LLC', page: 1, location: 'cell B2', method: 'table_header' },
      { key: 'Vendor', value: 'Central Power', page: 1, location: 'cell B3', method: 'table_header' },
    ]);
    expect(doc.pairs.find((p) => p.location === 'cell D3')!.value).toBe('said "hi"');
    expect(doc.pairs.some((p) => p.key.startsWith('\uFEFF') || p.key === 'Date\uFEFF')).toBe(false);
    expect(doc.pairs.find((p) => p.location === 'cell A2')!.key).toBe('Date');
    expect(doc.lines[0]).toMatchObject({ text: 'Date | Vendor | Amount | Memo', location: 'row 1' });
  });

  it('a .txt note with commas stays text', async () => {
    const doc = await readDocument({ id: 't', name: 'note.txt', bytes: utf8('Hi Bo, thanks,\nsee you, Ana\n') });
    expect(doc.kind).toBe('text');
  });
});

describe('XLSX', () => {
  it('reads every sheet below a title row, with dates and formulas, cell locations per sheet', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Payments');
    ws.addRow(['Vendor ledger FY2024']);
    ws.addRow(['Date paid', 'Vendor', 'TIN', 'Amount']);
    ws.addRow([new Date(Date.UTC(2024, 2, 14)), 'Bright Sparks Lighting LLC', '00-4412345', 1200]);
    ws.addRow([new Date(Date.UTC(2024, 5, 1)), 'Other Co', '00-1111111', 300]);
    ws.getCell('D5').value = { formula: 'SUM(D3:D4)', result: 1500 };
    const other = wb.addWorksheet('Vendors');
    other.addRow(['Name', 'City']);
    other.addRow(['Bright Sparks Lighting LLC', 'Portland']);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const doc = await readDocument({ id: 'x', name: 'ledger.bin', bytes });
    expect(doc.kind).toBe('xlsx');
    expect(doc.pages).toBe(2);
    expect(doc.pairs.find((p) => p.location === 'cell Payments!A3')).toMatchObject({ key: 'Date paid', value: '2024-03-14', page: 1, method: 'table_header' });
    expect(doc.pairs.find((p) => p.location === 'cell Payments!C3')!.value).toBe('00-4412345');
    expect(doc.pairs.find((p) => p.location === 'cell Payments!D5')).toMatchObject({ key: 'Amount', value: '1500' });
    expect(doc.pairs.find((p) => p.location === 'cell Vendors!B2')).toMatchObject({ key: 'City', value: 'Portland', page: 2 });
    expect(doc.lines[0].text).toBe('Vendor ledger FY2024');
  });
});

describe('refusals', () => {
  it('refuses binary files, other ZIPs, undecodable images and empty files as unsupported', async () => {
    const gif = utf8('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    const junk = new Uint8Array(256).map((_, i) => (i * 37) % 256);
    const fakePng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 0, 0, 0, 0]);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...utf8('\x14\x00\x00\x00\x00\x00other/file.txt')]);
    for (const bytes of [junk, fakePng, zip, gif, new Uint8Array(0)]) {
      const err = await readDocument({ id: 'u', name: 'x.dat', bytes }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnsupportedContextFileError);
      expect((err as UnsupportedContextFileError).code).toBe('unsupported_context_file');
    }
  });

  it('refuses a broken PDF as unsupported', async () => {
    const err = await readDocument({ id: 'p', name: 'x.pdf', bytes: utf8('%PDF-1.7\nnot really') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnsupportedContextFileError);
  });

  it('refuses text over maxChars with context_too_large, and accepts it under the limit', async () => {
    const bytes = utf8('Name: Ana\n'.repeat(100));
    const err = await readDocument({ id: 'big', name: 'big.txt', bytes }, { maxChars: 500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContextTooLargeError);
    expect((err as ContextTooLargeError).code).toBe('context_too_large');
    expect((await readDocument({ id: 'ok', name: 'big.txt', bytes }, { maxChars: 5000 })).pairs).toHaveLength(100);
  });
});
