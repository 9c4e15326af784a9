// The artifact and page-tool use cases (src/use-cases/artifacts/, src/use-cases/tools/), on a real
// database and the real page-tool worker pool.
import { describe, expect, test } from 'vitest';
import { refusalOf, useCaseContext } from '../../helpers/use-cases.ts';
import { manyPagesPdf } from '../../helpers/pdfs.ts';
import { runPageTool } from '../../../src/use-cases/tools/run-page-tool.ts';
import { inspectPdf } from '../../../src/use-cases/tools/inspect-pdf.ts';
import { getArtifact } from '../../../src/use-cases/artifacts/get-artifact.ts';
import { getArtifactPdf } from '../../../src/use-cases/artifacts/get-artifact-pdf.ts';

const h = useCaseContext();

describe('page tools and artifacts', () => {
  test('runPageTool keeps the named pages as a new artifact, which getArtifact describes and getArtifactPdf returns', async () => {
    const { pdf, artifact } = await runPageTool(h.ctx, h.ownerId, { op: 'keep', bytes: await manyPagesPdf(3), pages: [1, 3] });
    expect(artifact).toMatchObject({ name: 'keep.pdf', page_count: 2, bytes: pdf.length, download: `/artifacts/${artifact.artifact_id}/pdf` });
    expect(artifact.created_at).toMatch(/\+00:00$/);
    expect(await getArtifact(h.ctx, h.ownerId, artifact.artifact_id)).toEqual(artifact);
    expect(Buffer.from(await getArtifactPdf(h.ctx, h.ownerId, artifact.artifact_id)).equals(Buffer.from(pdf))).toBe(true);
    expect((await inspectPdf(h.ctx, pdf)).page_count).toBe(2);
    expect(await refusalOf(getArtifact(h.ctx, h.otherId, artifact.artifact_id))).toMatchObject({ refusal: 'not_found' });
    expect(await refusalOf(getArtifactPdf(h.ctx, h.otherId, artifact.artifact_id))).toMatchObject({ refusal: 'not_found' });
  }, 120_000);

  test('a page the document does not have is the tool’s refusal, and no artifact is made', async () => {
    const before = await h.ctx.db.artifact.count();
    const err = await refusalOf(runPageTool(h.ctx, h.ownerId, { op: 'keep', bytes: await manyPagesPdf(2), pages: [5] }));
    expect(err).toMatchObject({ code: expect.any(String) });
    expect(await h.ctx.db.artifact.count()).toBe(before);
  }, 120_000);
});
