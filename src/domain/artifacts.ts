// Artifacts: PDFs kept for a caller so tools can chain (upload once, build/keep/rotate by id).
import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { notFound } from './errors.ts';
import { isoTimestamp } from '../timestamp.ts';

export function artifactView(a: { id: string; name: string; bytes: number; sha256: string; pageCount: number; createdAt: Date }) {
  return { artifact_id: a.id, name: a.name, page_count: a.pageCount, bytes: a.bytes, sha256: a.sha256, created_at: isoTimestamp(a.createdAt), download: `/artifacts/${a.id}/pdf` };
}

export async function createArtifact(ctx: AppContext, ownerId: string, input: { bytes: Uint8Array; name: string; pageCount: number; origin: string }) {
  const id = randomUUID();
  const blob = `${ownerId}/artifacts/${id}.pdf`;
  await ctx.blobs.put(blob, input.bytes);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  return ctx.db.artifact.create({ data: { id, ownerId, name: input.name.slice(0, 200), blob, bytes: input.bytes.length, sha256, pageCount: input.pageCount, origin: input.origin } });
}

export async function getArtifact(ctx: AppContext, ownerId: string, id: string) {
  const a = await ctx.db.artifact.findFirst({ where: { id, ownerId } });
  if (!a) throw notFound('artifact');
  return a;
}

export async function artifactBytes(ctx: AppContext, ownerId: string, id: string): Promise<Uint8Array> {
  return ctx.blobs.get((await getArtifact(ctx, ownerId, id)).blob);
}
