// The per-process cache of API keys (src/store/api-key-cache.ts): a changed key is read again, a
// read that raced a change is not kept, and a disabled cache (PostgreSQL) keeps nothing.
import { describe, expect, test } from 'vitest';
import { ApiKeyCache } from '../../src/store/api-key-cache.ts';

const key = (status = 'active') => ({ id: 'k1', accountId: 'a1', status, lastUsedAt: null });

describe('ApiKeyCache', () => {
  test('keeps a key read, and drops it when the database says it changed', () => {
    const cache = new ApiKeyCache(true);
    cache.put('h1', key(), cache.generation);
    expect(cache.get('h1')?.status).toBe('active');
    cache.changed('h1');
    expect(cache.get('h1')).toBeUndefined();
  });

  test('a key read before a change was heard is not kept (it may be the old status)', () => {
    const cache = new ApiKeyCache(true);
    const before = cache.generation;
    cache.changed('h1'); // revoked while the read was on its way
    const used = cache.put('h1', key('active'), before);
    expect(used.status).toBe('active'); // this request saw it active, as the database did
    expect(cache.get('h1')).toBeUndefined(); // the next one reads again
  });

  test('the copy handed back is the one kept, so "last used" moves forward in the cache', () => {
    const cache = new ApiKeyCache(true);
    const used = cache.put('h1', key(), cache.generation);
    used.lastUsedAt = new Date(1000);
    expect(cache.get('h1')?.lastUsedAt).toEqual(new Date(1000));
  });

  test('disabled (no change notifications), it keeps nothing', () => {
    const cache = new ApiKeyCache(false);
    cache.put('h1', key(), cache.generation);
    expect(cache.get('h1')).toBeUndefined();
  });

  test('"last used" is written once a minute per key, even when each request reads the key before the last write committed', () => {
    const cache = new ApiKeyCache(false); // PostgreSQL: every request reads the row again
    expect(cache.useToRecord(key())).toBe(true);
    expect(cache.useToRecord(key())).toBe(false); // the row still says never used
    expect(cache.useToRecord({ ...key(), id: 'k2' })).toBe(true);
    expect(cache.useToRecord({ ...key(), lastUsedAt: new Date(Date.now() - 120_000) })).toBe(false);
  });

  test('a key last used over a minute ago is written again, and the copy moves forward', () => {
    const cache = new ApiKeyCache(true);
    const used = cache.put('h1', { ...key(), lastUsedAt: new Date(Date.now() - 120_000) }, cache.generation);
    expect(cache.useToRecord(used)).toBe(true);
    expect(Date.now() - cache.get('h1')!.lastUsedAt!.getTime()).toBeLessThan(1000);
    expect(cache.useToRecord(cache.get('h1')!)).toBe(false);
  });
});
