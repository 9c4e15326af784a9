// A batch's manifest as GET /forms/fill-batch/{id} answers it. A finished batch's manifest does not
// change until the batch row does, so each process keeps it (AppContext.finishedBatches, a
// WatchedCache dropped on "batch_changed", migration 0016) with the owner it is checked against.
export type ManifestRow = { row: number; status: 'filled'; pdf_url: string } | { row: number; status: 'failed'; error: string } | { row: number; status: 'pending' };

export interface BatchManifest {
  batch_id: string;
  form_id: string;
  status: 'processing' | 'complete' | 'failed';
  total: number;
  filled: number;
  failed: number;
  results: ManifestRow[];
  error: { code: string; message: string } | null;
}

export interface FinishedManifest {
  ownerId: string;
  manifest: BatchManifest;
}
