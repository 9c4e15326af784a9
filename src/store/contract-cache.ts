// The parsed contracts of the forms this process read lately. A contract is a JSON column of tens
// of kilobytes to megabytes that never changes while agents poll a form, its contract and its
// sessions; reading and parsing it on every request was most of what those requests cost.
//
// Entries are keyed by form id and the revision the database bumps in the statement that writes
// the contract (migration 0014), so a cached contract is served only for the revision the request
// just read from the row: an edit by any process, or by raw SQL, is seen on the next request. The
// cache holds no ownership: callers read the revision with the caller's own-form check.
import { LRUCache } from 'lru-cache';
import type { Contract } from '../domain/contracts.ts';

interface Entry {
  revision: number;
  contract: Contract;
}

export class ContractCache {
  private readonly entries: LRUCache<string, Entry> | undefined;

  /** `maxBytes` bounds the contracts' JSON size held at once (least recently used go first); 0 keeps none. */
  constructor(maxBytes: number) {
    this.entries = maxBytes > 0 ? new LRUCache<string, Entry>({ maxSize: maxBytes }) : undefined;
  }

  /** The form's contract at exactly this revision, when this process holds it. */
  get(formId: string, revision: number): Contract | undefined {
    const entry = this.entries?.get(formId);
    return entry?.revision === revision ? entry.contract : undefined;
  }

  /**
   * Keeps a contract as read with its revision (one row, one statement) and returns it frozen: the
   * object is shared by every later request, so no caller may change it.
   */
  put(formId: string, revision: number, contract: Contract): Contract {
    const frozen = deepFreeze(contract);
    if (!this.entries) return frozen;
    const held = this.entries.get(formId);
    // A slower reader of an older revision must not push out a newer one.
    if (held && held.revision > revision) return frozen;
    const bytes = JSON.stringify(contract).length;
    if (bytes <= this.entries.maxSize) this.entries.set(formId, { revision, contract: frozen }, { size: bytes });
    return frozen;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
