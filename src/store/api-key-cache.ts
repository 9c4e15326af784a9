// API keys as the auth middleware last read them, kept in this process so that a polling agent's
// requests do not each pay a database round trip for the key (with embedded PGlite every query
// runs on the event loop that serves HTTP).
//
// Only when the database tells this process of every key change as it commits: a trigger
// (migration 0015) notifies "api_key_changed" with the key's hash when a key's status changes or
// the key is deleted, and the cache drops that key. Embedded PGlite has one process (the data
// folder is locked), so it hears every change, whoever writes it. With PostgreSQL other processes
// and replicas change keys too, so keys are read on every request as before (`enabled` false).
//
// A read that raced a change must not put back the key it read before the change: `generation`
// counts the changes heard, and a key read at an older generation is not kept.
import { LRUCache } from 'lru-cache';

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
  private readonly keys: LRUCache<string, KnownKey> | undefined;
  private changes = 0;
  /** Key id → when this process last wrote its "last used", kept even where keys are not. */
  private readonly usesWritten = new LRUCache<string, number>({ max: MAX_KEYS });

  constructor(enabled: boolean) {
    this.keys = enabled ? new LRUCache<string, KnownKey>({ max: MAX_KEYS }) : undefined;
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

  /** Changes heard so far: take it before reading a key, give it back to `put`. */
  get generation(): number {
    return this.changes;
  }

  /** The key with this SHA-256 (hex), as last read, when this process holds it. */
  get(hash: string): KnownKey | undefined {
    return this.keys?.get(hash);
  }

  /**
   * Keeps a key read from the database, unless a change was heard since the read began. Returns the
   * copy to use: the one kept, whose `lastUsedAt` the caller may move forward.
   */
  put(hash: string, key: KnownKey, generation: number): KnownKey {
    const copy = { id: key.id, accountId: key.accountId, status: key.status, lastUsedAt: key.lastUsedAt };
    if (this.keys && generation === this.changes) this.keys.set(hash, copy);
    return copy;
  }

  /** A key changed (or was deleted) in the database: read it again next time. */
  changed(hash: string): void {
    this.changes++;
    this.keys?.delete(hash);
  }
}
