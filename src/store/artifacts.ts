// Artifacts: PDFs kept for a caller so tools can chain (upload once, build/keep/rotate by id), and
// the PDFs of committed proposals. A row per artifact, its bytes in the blob store.
import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { notFound } from '../domain/errors.ts';

export async function createArtifact(ctx: AppContext, ownerId: string, input: { bytes: Uint8Array; name: string; pageCount: number; origin: string }) {
  const id = randomUUID();
  const blob = `${ownerId}/artifacts/${id}.pdf`;
  await ctx.blobs.put(blob, input.bytes);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  return ctx.db.artifact.create({ data: { id, ownerId, name: input.name.slice(0, 200), blob, bytes: input.bytes.length, sha256, pageCount: input.pageCount, origin: input.origin } });
}

/** The caller's artifact, or not_found (also when it is someone else's). */
export async function ownedArtifact(ctx: AppContext, ownerId: string, id: string) {
  const a = await ctx.db.artifact.findFirst({ where: { id, ownerId } });
  if (!a) throw notFound('artifact');
  return a;
}

export async function artifactBytes(ctx: AppContext, ownerId: string, id: string): Promise<Uint8Array> {
  return ctx.blobs.get((await ownedArtifact(ctx, ownerId, id)).blob);
}
