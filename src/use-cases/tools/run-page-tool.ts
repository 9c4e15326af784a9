// POST /tools/{build,join,keep,remove,reorder,rotate} (§4.8): a page tool runs in the page-tool
// worker pool (never on the event loop that answers HTTP) and its result becomes an artifact.
// Free, not billed. Refusals come from the tools (PageToolError), the PDF reader (PdfError) or the
// pool (WorkerPoolError) and are mapped at the edge.
import type { AppContext } from '../../context.ts';
import { createArtifact } from '../../store/artifacts.ts';
import type { ToolJob } from '../../workers/job-types.ts';
import { artifactView } from '../artifacts/get-artifact.ts';

export type PageToolJob = Exclude<ToolJob, { op: 'inspect' }>;

export async function runPageTool(ctx: AppContext, ownerId: string, job: PageToolJob) {
  const { pdf, pageCount } = await ctx.tools.run(job);
  const artifact = await createArtifact(ctx, ownerId, { bytes: pdf, name: `${job.op}.pdf`, pageCount, origin: `tool:${job.op}` });
  return { pdf, artifact: artifactView(artifact) };
}
