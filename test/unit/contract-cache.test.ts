// The per-process cache of parsed contracts (src/store/contract-cache.ts): a contract is served
// only for the revision it was read with, an older read never replaces a newer one, the shared
// object cannot be changed by a caller, and the bytes held stay under the bound.
import { describe, expect, test } from 'vitest';
import { ContractCache } from '../../src/store/contract-cache.ts';
import type { Contract } from '../../src/domain/contracts.ts';

const contract = (title: string, fields = 1) =>
  ({ schema_version: '1.0', page_count: 1, field_count: fields, form: { title }, detector_version: 'test', fields: Array.from({ length: fields }, (_, i) => ({ id: i + 1, label: `Field ${i + 1}` })) }) as unknown as Contract;

describe('ContractCache', () => {
  test('serves a contract for the revision it was read with, and for no other', () => {
    const cache = new ContractCache(1 << 20);
    cache.put('f1', 3, contract('three'));
    expect(cache.get('f1', 3)?.form.title).toBe('three');
    expect(cache.get('f1', 4)).toBeUndefined();
    expect(cache.get('f1', 2)).toBeUndefined();
    expect(cache.get('f2', 3)).toBeUndefined();
  });

  test('a newer revision replaces the held one; a slower read of an older one does not', () => {
    const cache = new ContractCache(1 << 20);
    cache.put('f1', 1, contract('one'));
    cache.put('f1', 2, contract('two'));
    expect(cache.get('f1', 1)).toBeUndefined();
    cache.put('f1', 1, contract('one again'));
    expect(cache.get('f1', 2)?.form.title).toBe('two');
    expect(cache.get('f1', 1)).toBeUndefined();
  });

  test('the shared contract is frozen all the way down', () => {
    const cache = new ContractCache(1 << 20);
    const held = cache.put('f1', 1, contract('frozen', 2));
    expect(cache.get('f1', 1)).toBe(held);
    expect(() => {
      (held.fields[0] as { label: string }).label = 'changed';
    }).toThrow(TypeError);
    expect(() => (held.fields as unknown[]).push({})).toThrow(TypeError);
    expect(held.fields[0].label).toBe('Field 1');
  });

  test('holds at most maxBytes of contract JSON, dropping the least recently used', () => {
    const one = JSON.stringify(contract('x', 50)).length;
    const cache = new ContractCache(Math.floor(one * 2.5));
    cache.put('a', 1, contract('x', 50));
    cache.put('b', 1, contract('x', 50));
    cache.get('a', 1); // a is now the more recently used
    cache.put('c', 1, contract('x', 50));
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
    // A contract larger than the whole bound is returned but never held.
    expect(cache.put('big', 1, contract('x', 500)).fields).toHaveLength(500);
    expect(cache.get('big', 1)).toBeUndefined();
  });

  test('with no bytes allowed it holds nothing', () => {
    const cache = new ContractCache(0);
    expect(cache.put('f1', 1, contract('none')).form.title).toBe('none');
    expect(cache.get('f1', 1)).toBeUndefined();
  });
});
