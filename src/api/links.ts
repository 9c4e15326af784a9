// The signed links the MCP tools hand out (use-cases/links/signed-links.ts): no API key, the
// signature is the capability. GET /downloads/{token} answers a document's bytes; PUT
// /uploads/{token} takes one file's bytes, with the upload limit of every REST upload.
import express, { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { LIMITS } from '../limits.ts';
import { openDownloadToken, downloadPdf, receiveUpload } from '../use-cases/links/signed-links.ts';
import { sendBatchZip } from './batches.ts';

const TokenParams = z.object({ token: z.string() });

describeRoute({
  method: 'get', path: '/downloads/:token', tag: 'MCP', auth: false, summary: 'Download a document by signed link',
  description: 'Links handed out by the MCP tools (resource links), valid for an hour. A PDF, or a zip for a batch.',
  params: TokenParams,
  responses: { 200: { description: 'The document.', body: 'pdf' }, 404: { description: 'Link not valid or expired (link_expired), or the document is gone.' }, 410: { description: 'Documents deleted under the retention policy.' } },
});
describeRoute({
  method: 'put', path: '/uploads/:token', tag: 'MCP', auth: false, summary: 'Upload a file to a signed upload URL',
  description: 'The body is the file’s bytes (any Content-Type). The URL comes from the MCP tool create_upload_url and is valid for 15 minutes; the upload_id it returned then names the file in tool calls for an hour.',
  params: TokenParams,
  responses: { 201: { description: 'Stored.', body: z.object({ bytes: z.number().int(), sha256: z.string() }) }, 404: { description: 'Link not valid or expired.' }, 413: { description: 'Over 10 MB.' } },
});

export function linksRouter(ctx: AppContext): Router {
  const r = Router();
  r.get('/downloads/:token', async (req, res) => {
    const link = await openDownloadToken(ctx, req.params.token);
    res.setHeader('Cache-Control', 'no-store');
    if (link.kind === 'batch_zip') return sendBatchZip(ctx, res, link.ownerId, link.id);
    const { name, bytes } = await downloadPdf(ctx, { ...link, kind: link.kind });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.send(Buffer.from(bytes));
  });
  r.put('/uploads/:token', express.raw({ type: () => true, limit: LIMITS.fileBytes }), async (req, res) => {
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.status(201).json(await receiveUpload(ctx, req.params.token, new Uint8Array(bytes)));
  });
  return r;
}
