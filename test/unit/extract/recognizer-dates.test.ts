// Dates written in words: the English "day of" form of certificates, and the month names of
// French, Spanish, German, Portuguese and Italian documents, with ranges that write the month once.
import { describe, expect, test } from 'vitest';
import { findDates } from '../../../src/extract/propose/recognizers.ts';

const isos = (text: string) => findDates(text).map((d) => d.iso);

describe('findDates: dates written in words', () => {
  test('the ordinal "day of" form of court and notarial certificates', () => {
    expect(isos('I hereby certify that on the 8th day of August, 2015, at Rochester,')).toEqual(['2015-08-08']);
    expect(isos('Sworn before me this 21st day of March A.D. 2024.')).toEqual(['2024-03-21']);
  });

  test('French, Spanish, German, Portuguese and Italian month names, day first', () => {
    expect(isos('Bogotá, 14 de diciembre de 2025')).toEqual(['2025-12-14']);
    expect(isos('nacido el 3 de Julio del 1990')).toEqual(['1990-07-03']);
    expect(isos('Lausanne, le 20 novembre 2025')).toEqual(['2025-11-20']);
    expect(isos('en vigueur le 1er mars 2024')).toEqual(['2024-03-01']);
    expect(isos('Berlin, den 3. Oktober 2025')).toEqual(['2025-10-03']);
    expect(isos('Lisboa, 5 de março de 2024')).toEqual(['2024-03-05']);
    expect(isos('Roma, 12 giugno 2023')).toEqual(['2023-06-12']);
    expect(isos('AV 8491 DOM 14 DIC 2025   06:10   Popayán (PPN)')).toEqual(['2025-12-14']);
  });

  test('a range that writes the month and year once gives both days', () => {
    expect(isos('Viajaré desde Popayán del domingo 14 al miércoles 17 de diciembre de 2025.')).toEqual(['2025-12-14', '2025-12-17']);
    expect(isos('du 14 au 17 décembre 2025')).toEqual(['2025-12-14', '2025-12-17']);
    expect(isos('vom 14. bis 17. Dezember 2025')).toEqual(['2025-12-14', '2025-12-17']);
    expect(isos('del 28 de noviembre al 3 de diciembre de 2025')).toEqual(['2025-11-28', '2025-12-03']);
    expect(isos('from 30 December to 2 January 2026')).toEqual(['2025-12-30', '2026-01-02']);
    // Not a range: a case number before the date, a day after the last one.
    expect(isos('Case 2024-17 December 2025')).toEqual(['2025-12-17']);
    expect(isos('19 al 17 de diciembre de 2025')).toEqual(['2025-12-17']);
  });

  test('a foreign month name only between a day and a year; numeric dates read as before', () => {
    expect(isos('Mayo Clinic, room 14 Mayo 2025')).toEqual(['2025-05-14']);
    expect(isos('Unit 14 Santa 2025')).toEqual([]);
    expect(findDates('Date 03/04/2025 and 14.03.1990').map((d) => [d.iso, d.alt])).toEqual([
      ['2025-03-04', '2025-04-03'],
      ['1990-03-14', undefined],
    ]);
  });
});
