// Label ↔ document key matching by words, in any script: a word is a run of letters of any
// alphabet, so Vietnamese or French words are compared whole, not as ASCII fragments.
import { describe, expect, test } from 'vitest';
import { contentWords, keyMatch } from '../../../src/extract/propose/match-keys.ts';

describe('key matching across scripts', () => {
  test('accented words stay whole words', () => {
    expect(contentWords('Ngày hết hạn')).toEqual(['ngày', 'hết', 'hạn']);
    expect(contentWords('Numéro d’ordre du reçu')).toContain('reçu');
  });

  test('words that share only their unaccented letters do not match', () => {
    // "Expiry date" and "Language of instruction": before, both read as the fragment "ng".
    expect(keyMatch('Ngày hết hạn', 'Ngôn ngữ giảng dạy')).toBe(0);
    expect(keyMatch('Ngày cấp', 'Ngôn ngữ giảng dạy')).toBe(0);
  });

  test('the same words in another script still match', () => {
    expect(keyMatch('Ngày hết hạn', 'Ngày hết hạn')).toBeGreaterThan(0.8);
    expect(keyMatch('Numéro d’ordre du reçu', 'Numéro d’ordre du reçu')).toBeGreaterThan(0.8);
  });
});
