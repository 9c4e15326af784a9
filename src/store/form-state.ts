// A form's state as GET /forms/{id} answers it, with its owner (checked on every read, cached or
// not). Kept per process in AppContext.formStates (a WatchedCache, migration 0016).
export interface FormState {
  id: string;
  ownerId: string;
  status: string;
  title: string;
  schemaVersion: string;
  error: unknown;
  /** Bumped with every change of the contract: the key of the contract cache. */
  contractRevision: number;
}
