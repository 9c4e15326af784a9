// GET /artifacts/{id}: what an artifact is (a page tool's result or a committed proposal's PDF):
// its id, name, page count, size, SHA-256, creation time and where to download it. Only the
// caller's own artifacts are found.
import type { AppContext } from '../../context.ts';
import { ownedArtifact } from '../../store/artifacts.ts';
import { isoTimestamp } from '../../timestamp.ts';

export function artifactView(a: { id: string; name: string; bytes: number; sha256: string; pageCount: number; createdAt: Date }) {
  return { artifact_id: a.id, name: a.name, page_count: a.pageCount, bytes: a.bytes, sha256: a.sha256, created_at: isoTimestamp(a.createdAt), download: `/artifacts/${a.id}/pdf` };
}

export async function getArtifact(ctx: AppContext, ownerId: string, artifactId: string) {
  return artifactView(await ownedArtifact(ctx, ownerId, artifactId));
}
