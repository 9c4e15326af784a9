// /tools/*: free page tools (authenticated, rate-limited, not billed). Their results are artifacts (api/artifacts.ts).
// Inputs are uploaded files (multipart `file`, repeatable) or earlier artifacts (`artifact_id`,
// or `artifact_ids` as a JSON array or comma list). Each tool answers 201 with a new artifact,
// or the PDF itself with `?download=1`. The work runs in the page-tool worker pool (ctx.tools),
// never on this event loop.
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parse, parseId } from './validate.ts';
import { ApiError } from '../http/errors.ts';
import { callerOf } from '../http/auth.ts';
import { multipartUpload } from '../http/upload.ts';
import { ArtifactSchema } from './artifacts.ts';
import { ROTATIONS } from '../pdf/tools/rotations.ts';
import { getArtifactPdf } from '../use-cases/artifacts/get-artifact-pdf.ts';
import { runPageTool, type PageToolJob } from '../use-cases/tools/run-page-tool.ts';
import { inspectPdf } from '../use-cases/tools/inspect-pdf.ts';

const MAX_INPUTS = 10;

const pageList = z
  .string()
  .transform((s, ctx) => {
    let value: unknown;
    try {
      value = s.trim().startsWith('[') ? JSON.parse(s) : s.split(',').filter((p) => p.trim() !== '').map((p) => Number(p.trim()));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array or a comma list of page numbers' });
      return z.NEVER;
    }
    if (!Array.isArray(value) || !value.every((n) => Number.isInteger(n) && n >= 1)) {
      ctx.addIssue({ code: 'custom', message: 'page numbers are whole numbers from 1' });
      return z.NEVER;
    }
    return value as number[];
  })
  .describe('page numbers from 1: "1,3,5" or "[1,3,5]"');
const idList = z
  .string()
  .transform((s) => (s.trim().startsWith('[') ? (JSON.parse(s) as string[]) : s.split(',').map((x) => x.trim()).filter(Boolean)))
  .describe('artifact ids: JSON array or comma list');
const angle = z.coerce.number().refine((n) => (ROTATIONS as readonly number[]).includes(n), 'rotate by 90, 180 or 270').describe('90, 180 or 270');
const BuildSource = z.object({
  file: z.number().int().min(0).optional().describe('index of an uploaded `file` part'),
  artifact_id: z.string().optional(),
  pages: z.array(z.number().int().min(1)).optional(),
  rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional(),
});

const Common = { artifact_id: z.string().optional(), download: z.string().optional() };
const Params = {
  build: z.object({ sources: z.string().describe('JSON array of {file | artifact_id, pages?, rotate?} in output order') }),
  join: z.object({ artifact_ids: idList.optional() }),
  keep: z.object({ ...Common, pages: pageList }),
  remove: z.object({ ...Common, pages: pageList }),
  reorder: z.object({ ...Common, order: pageList.describe('every page exactly once, in the new order') }),
  rotate: z.object({ ...Common, pages: pageList.optional().describe('pages to rotate (default all)'), angle }),
  inspect: z.object({ artifact_id: z.string().optional() }),
};

export const InspectSchema = z.object({
  page_count: z.number().int(),
  pages: z.array(z.object({ index: z.number().int(), width: z.number(), height: z.number(), rotate: z.number().int(), annotations: z.number().int(), widgets: z.number().int() })),
  encrypted: z.boolean(),
  title: z.string().nullable(),
  form_fields: z.number().int(),
});

const DESCRIPTIONS: Record<keyof typeof Params, string> = {
  build: 'One PDF from pages of several documents, in the given order, with rotations. Form fields come along (renamed name_2, … on collision).',
  join: 'Whole PDFs, one after the other (uploaded files first, then artifact_ids). Form fields come along.',
  keep: 'Keep the named pages.',
  remove: 'Remove the named pages.',
  reorder: 'Reorder pages: `order` names every page exactly once.',
  rotate: 'Rotate the named pages (default all) by 90, 180 or 270 degrees.',
  inspect: 'Page count, page sizes and rotations, encryption, form fields and annotations.',
};
type ToolName = keyof typeof Params;

/** Documents one tool route; each path is spelled out (here and in the router) so that a search finds it. */
function describeTool(path: `/tools/${ToolName}`, tool: ToolName) {
  describeRoute({
    method: 'post', path, tag: 'Page tools', summary: DESCRIPTIONS[tool].split('.')[0], description: `${DESCRIPTIONS[tool]} Free; not billed. Add ?download=1 to get the PDF instead of the artifact.`,
    multipart: { fields: { file: 'files', ...Params[tool].shape }, required: [] },
    responses: {
      ...(tool === 'inspect' ? { 200: { description: 'The report.', body: InspectSchema } } : { 201: { description: 'The new artifact.', body: ArtifactSchema } }),
      400: { description: 'Unreadable PDF, bad pages, order or angle.' },
      404: { description: 'No such artifact.' },
      413: { description: 'Too large.' },
    },
  });
}
describeTool('/tools/build', 'build');
describeTool('/tools/join', 'join');
describeTool('/tools/keep', 'keep');
describeTool('/tools/remove', 'remove');
describeTool('/tools/reorder', 'reorder');
describeTool('/tools/rotate', 'rotate');
describeTool('/tools/inspect', 'inspect');

/** The documents a request names: uploaded files in order, then artifacts in order. */
async function inputs(ctx: AppContext, req: Request, ids: string[]): Promise<Uint8Array[]> {
  const files = (req.upload?.files.file ?? []).map((f) => new Uint8Array(f.bytes));
  const owner = callerOf(req).accountId;
  const fromArtifacts = await Promise.all(ids.map((id) => getArtifactPdf(ctx, owner, parseId(id, 'artifact'))));
  const all = [...files, ...fromArtifacts];
  if (all.length > MAX_INPUTS) throw new ApiError(413, 'too_many_files', `At most ${MAX_INPUTS} documents in one request.`);
  return all;
}

async function single(ctx: AppContext, req: Request, artifactId?: string): Promise<Uint8Array> {
  const docs = await inputs(ctx, req, artifactId ? [artifactId] : []);
  if (docs.length !== 1) throw new ApiError(400, 'one_document', 'Give exactly one document: a `file` or an `artifact_id`.');
  return docs[0];
}

export function toolsRouter(ctx: AppContext): Router {
  const r = Router();
  const upload = multipartUpload({ files: { file: MAX_INPUTS } });
  /** A tool route's handler: `job` turns the request into a job (validating it), the pool runs it. */
  const tool =
    (name: Exclude<ToolName, 'inspect'>, job: (req: Request, fields: any) => Promise<PageToolJob>) =>
    async (req: Request, res: Response) => {
      const fields = parse(Params[name], req.upload!.fields);
      const { pdf, artifact } = await runPageTool(ctx, callerOf(req).accountId, await job(req, fields));
      if (req.query.download === '1' || req.upload?.fields.download === '1') {
        res.setHeader('Content-Type', 'application/pdf');
        res.setHeader('X-Artifact-Id', artifact.artifact_id);
        res.setHeader('Content-Disposition', `attachment; filename="${name}-${artifact.artifact_id}.pdf"`);
        return void res.status(200).send(Buffer.from(pdf));
      }
      res.status(201).setHeader('Location', `/artifacts/${artifact.artifact_id}`).json(artifact);
    };

  r.post('/tools/build', upload, tool('build', async (req, { sources }) => {
    let list;
    try {
      list = z.array(BuildSource).min(1).max(MAX_INPUTS * 10).parse(JSON.parse(sources));
    } catch {
      throw new ApiError(400, 'invalid_request', 'sources must be a JSON array of {file | artifact_id, pages?, rotate?}.');
    }
    const files = req.upload?.files.file ?? [];
    const owner = callerOf(req).accountId;
    const resolved = await Promise.all(
      list.map(async (s) => {
        if (s.file !== undefined === (s.artifact_id !== undefined)) throw new ApiError(400, 'invalid_request', 'Each source names either a file index or an artifact_id.');
        const bytes = s.file !== undefined ? files[s.file]?.bytes : await getArtifactPdf(ctx, owner, parseId(s.artifact_id, 'artifact'));
        if (!bytes) throw new ApiError(400, 'invalid_request', `No uploaded file with index ${s.file}.`);
        return { bytes: new Uint8Array(bytes), pages: s.pages, rotate: s.rotate };
      }),
    );
    return { op: 'build', sources: resolved };
  }));
  r.post('/tools/join', upload, tool('join', async (req, { artifact_ids }) => {
    const docs = await inputs(ctx, req, artifact_ids ?? []);
    if (docs.length < 1) throw new ApiError(400, 'invalid_request', 'Give the documents to join as `file` parts or artifact_ids.');
    return { op: 'join', documents: docs };
  }));
  r.post('/tools/keep', upload, tool('keep', async (req, f) => ({ op: 'keep', bytes: await single(ctx, req, f.artifact_id), pages: f.pages })));
  r.post('/tools/remove', upload, tool('remove', async (req, f) => ({ op: 'remove', bytes: await single(ctx, req, f.artifact_id), pages: f.pages })));
  r.post('/tools/reorder', upload, tool('reorder', async (req, f) => ({ op: 'reorder', bytes: await single(ctx, req, f.artifact_id), order: f.order })));
  r.post('/tools/rotate', upload, tool('rotate', async (req, f) => ({ op: 'rotate', bytes: await single(ctx, req, f.artifact_id), pages: f.pages, angle: f.angle })));

  r.post('/tools/inspect', upload, async (req, res) => {
    const { artifact_id } = parse(Params.inspect, req.upload!.fields);
    res.json(await inspectPdf(ctx, await single(ctx, req, artifact_id)));
  });
  return r;
}
