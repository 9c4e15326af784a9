// Context job rows (with-context and prepare) and their supporting documents, which are personal
// data kept only while the job runs: stored when it is accepted, deleted when it ends.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { UploadedDocument } from '../domain/documents.ts';

export type ContextJobKind = 'with_context' | 'prepare';

/** A supporting document as the job row keeps it until the job ends. */
export interface StoredDocument {
  id: string;
  name: string;
  mimetype: string;
  sha256: string;
  bytes: number;
  blob: string;
}

export async function storeContextDocuments(ctx: AppContext, ownerId: string, jobId: string, files: UploadedDocument[]): Promise<StoredDocument[]> {
  const documents: StoredDocument[] = [];
  for (const f of files) {
    const docId = randomUUID();
    const blob = `${ownerId}/context/${jobId}/${docId}`;
    await ctx.blobs.put(blob, f.bytes);
    documents.push({ id: docId, name: (f.filename || 'document').slice(0, 200), mimetype: f.mimetype, sha256: f.sha256, bytes: f.bytes.length, blob });
  }
  return documents;
}

export async function loadContextDocuments(ctx: AppContext, stored: StoredDocument[]) {
  return Promise.all(stored.map(async (d) => ({ id: d.id, name: d.name, mimetype: d.mimetype, bytes: await ctx.blobs.get(d.blob) })));
}

export async function deleteContextDocuments(ctx: AppContext, stored: StoredDocument[]): Promise<void> {
  for (const d of stored) await ctx.blobs.delete(d.blob);
}
