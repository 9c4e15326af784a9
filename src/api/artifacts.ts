// /artifacts/{id}: PDFs kept for the caller (page-tool results, committed proposals), by id:
// their metadata, and their bytes.
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parseId } from './validate.ts';
import { callerOf } from '../http/auth.ts';
import { getArtifact } from '../use-cases/artifacts/get-artifact.ts';
import { getArtifactPdf } from '../use-cases/artifacts/get-artifact-pdf.ts';

export const ArtifactSchema = z.object({ artifact_id: z.string(), name: z.string(), page_count: z.number().int(), bytes: z.number().int(), sha256: z.string(), created_at: z.string(), download: z.string() });

describeRoute({ method: 'get', path: '/artifacts/:id', tag: 'Page tools', summary: 'An artifact', params: z.object({ id: z.string() }), responses: { 200: { description: 'Metadata.', body: ArtifactSchema }, 404: { description: 'No such artifact.' } } });
describeRoute({ method: 'get', path: '/artifacts/:id/pdf', tag: 'Page tools', summary: "An artifact's PDF", params: z.object({ id: z.string() }), responses: { 200: { description: 'The PDF.', body: 'pdf' }, 404: { description: 'No such artifact.' } } });

export function artifactsRouter(ctx: AppContext): Router {
  const r = Router();
  r.get('/artifacts/:id', async (req, res) => {
    res.json(await getArtifact(ctx, callerOf(req).accountId, parseId(req.params.id, 'artifact')));
  });
  r.get('/artifacts/:id/pdf', async (req, res) => {
    const bytes = await getArtifactPdf(ctx, callerOf(req).accountId, parseId(req.params.id, 'artifact'));
    res.setHeader('Content-Type', 'application/pdf');
    res.send(Buffer.from(bytes));
  });
  return r;
}
