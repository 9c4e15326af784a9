// Rows as this process last read them, kept so that what agents poll (an API key on every request,
// a form's state while its fields are detected) does not cost a database round trip each time (with
// embedded PGlite every query runs on the event loop that serves HTTP).
//
// Only when the database tells this process of every change to those rows as it commits: a
// trigger notifies a channel with the row's key ("api_key_changed" with a key's hash, migration
// 0015; "form_changed", "session_changed" and "batch_changed" with the row's id, migration 0016)
// and the cache drops that row. Embedded
// PGlite has one process (the data folder is locked), so it hears every change, whoever writes it.
// With PostgreSQL other processes and replicas write too, and a notification lost while a
// listening connection is down would leave a stale row, so rows are read every time (`enabled`
// false).
//
// A read that raced a change must not put back the row it read before the change: `generation`
// counts the changes heard, and a row read at an older generation is not kept.
import { LRUCache } from 'lru-cache';

export class WatchedCache<V extends object> {
  private readonly rows: LRUCache<string, V> | undefined;
  private changes = 0;

  constructor(enabled: boolean, max = 10_000) {
    this.rows = enabled ? new LRUCache<string, V>({ max }) : undefined;
  }

  /** Changes heard so far: take it before reading a row, give it back to `put`. */
  get generation(): number {
    return this.changes;
  }

  /** The row under this key, when this process holds it. */
  get(key: string): V | undefined {
    return this.rows?.get(key);
  }

  /** Keeps a row read from the database, unless a change was heard since the read began. */
  put(key: string, row: V, generation: number): void {
    if (this.rows && generation === this.changes) this.rows.set(key, row);
  }

  /**
   * The row this process holds, or `load`'s, kept when `keep` says so (a finished batch, not one
   * still filling) and no change was heard while it loaded.
   */
  async read(key: string, load: () => Promise<V | null>, keep: (row: V) => boolean = () => true): Promise<V | null> {
    const held = this.get(key);
    if (held) return held;
    const generation = this.changes;
    const row = await load();
    if (row && keep(row)) this.put(key, row, generation);
    return row;
  }

  /** The row changed (or was deleted) in the database: read it again next time. */
  changed(key: string): void {
    this.changes++;
    this.rows?.delete(key);
  }
}
