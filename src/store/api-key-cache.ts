// API keys as the auth middleware last read them (a WatchedCache: dropped when the database says a
// key's status changed or the key was deleted, kept only on embedded PGlite), and when this
// process last wrote each key's "last used".
import { LRUCache } from 'lru-cache';
import { WatchedCache } from './watched-cache.ts';

export interface KnownKey {
  id: string;
  accountId: string;
  status: string;
  lastUsedAt: Date | null;
}

const MAX_KEYS = 10_000;
/** "Last used" is written at most this often per key. */
const LAST_USED_EVERY_MS = 60_000;

export class ApiKeyCache {
  private readonly keys: WatchedCache<KnownKey>;
  /** Key id → when this process last wrote its "last used", kept even where keys are not. */
  private readonly usesWritten = new LRUCache<string, number>({ max: MAX_KEYS });

  constructor(enabled: boolean) {
    this.keys = new WatchedCache<KnownKey>(enabled, MAX_KEYS);
  }

  /** Changes heard so far: take it before reading a key, give it back to `put`. */
  get generation(): number {
    return this.keys.generation;
  }

  /** The key with this SHA-256 (hex), as last read, when this process holds it. */
  get(hash: string): KnownKey | undefined {
    return this.keys.get(hash);
  }

  /**
   * Keeps a key read from the database, unless a change was heard since the read began. Returns the
   * copy to use: the one kept, whose `lastUsedAt` the caller may move forward.
   */
  put(hash: string, key: KnownKey, generation: number): KnownKey {
    const copy = { id: key.id, accountId: key.accountId, status: key.status, lastUsedAt: key.lastUsedAt };
    this.keys.put(hash, copy, generation);
    return copy;
  }

  /** A key changed (or was deleted) in the database: read it again next time. */
  changed(hash: string): void {
    this.keys.changed(hash);
  }

  /**
   * Whether this use of the key should be written as its "last used": not when the key says it was
   * used within the minute, nor when this process wrote one within the minute (its write may not
   * have committed when the key was read). Moves the key's `lastUsedAt` forward when it should.
   */
  useToRecord(key: KnownKey): boolean {
    const now = Date.now();
    const last = Math.max(key.lastUsedAt?.getTime() ?? 0, this.usesWritten.get(key.id) ?? 0);
    if (now - last <= LAST_USED_EVERY_MS) return false;
    key.lastUsedAt = new Date(now); // the cached copy too, or every later request would write again
    this.usesWritten.set(key.id, now);
    return true;
  }
}
