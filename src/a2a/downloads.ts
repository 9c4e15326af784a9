// Signed, expiring download links for the PDFs an A2A task produces, so an artifact carries a URI
// instead of megabytes of base64. The HMAC key is the task's own random secret (A2aTask row): a
// link names one artifact of one task, and the account that owns the task owns the artifact.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { getArtifactPdf } from '../use-cases/artifacts/get-artifact-pdf.ts';

/** How long a download link works; afterwards GET /artifacts/{id}/pdf with the API key still does. */
export const DOWNLOAD_TTL_SECONDS = 24 * 3600;

const sign = (secret: string, taskId: string, artifactId: string, expires: number) =>
  createHmac('sha256', secret).update(`a2a-download|${taskId}|${artifactId}|${expires}`).digest('base64url');

export async function signedDownloadUrl(ctx: AppContext, taskId: string, artifactId: string, now = Date.now()): Promise<string> {
  const task = await ctx.db.a2aTask.findUniqueOrThrow({ where: { id: taskId }, select: { downloadSecret: true } });
  const expires = Math.floor(now / 1000) + DOWNLOAD_TTL_SECONDS;
  return `${ctx.config.PUBLIC_BASE_URL}/a2a/files/${taskId}/${artifactId}?expires=${expires}&signature=${sign(task.downloadSecret, taskId, artifactId, expires)}`;
}

/** GET /a2a/files/{task_id}/{artifact_id}?expires&signature: no key; the signature is the permission. */
export function downloadsRouter(ctx: AppContext): Router {
  const r = Router();
  r.get('/a2a/files/:taskId/:artifactId', async (req, res) => {
    const { taskId, artifactId } = req.params;
    const expires = String(req.query.expires ?? '');
    const signature = String(req.query.signature ?? '');
    const refused = new ApiError(403, 'invalid_download_link', 'The download link is invalid or has expired.');
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < Date.now()) throw refused;
    const task = await ctx.db.a2aTask.findUnique({ where: { id: taskId }, select: { ownerId: true, downloadSecret: true } });
    if (!task) throw refused;
    const expected = Buffer.from(sign(task.downloadSecret, taskId, artifactId, Number(expires)));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw refused;
    const bytes = await getArtifactPdf(ctx, task.ownerId, artifactId);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${artifactId}.pdf"`);
    res.send(Buffer.from(bytes));
  });
  return r;
}
