// GET /artifacts/{id}/pdf, and every page tool given an artifact_id: the artifact's bytes.
import type { AppContext } from '../../context.ts';
import { artifactBytes } from '../../store/artifacts.ts';

export async function getArtifactPdf(ctx: AppContext, ownerId: string, artifactId: string): Promise<Uint8Array> {
  return artifactBytes(ctx, ownerId, artifactId);
}
