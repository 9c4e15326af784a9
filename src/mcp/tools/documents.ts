// Tools over PDFs a caller has: verify a filled PDF against its form, read values out of one,
// and the free page tools (results are artifacts, handed back as links).
import { z } from 'zod';
import { ReadSchema, VerificationSchema } from '../../api/read-verify.ts';
import { ArtifactSchema } from '../../api/artifacts.ts';
import { InspectSchema } from '../../api/tools.ts';
import { parseId } from '../../api/validate.ts';
import { verifyFilledPdf } from '../../use-cases/filled/verify-filled-pdf.ts';
import { readFilledPdf } from '../../use-cases/filled/read-filled-pdf.ts';
import { runPageTool, type PageToolJob } from '../../use-cases/tools/run-page-tool.ts';
import { inspectPdf } from '../../use-cases/tools/inspect-pdf.ts';
import { defineTool, documentLink, LinkSchema, type Door } from '../door.ts';
import { FileArg, resolveFile, resolveFiles } from '../files.ts';

/** As many documents as POST /tools/* takes in one request. */
const MAX_INPUTS = 10;
const Pages = z.array(z.number().int().min(1)).min(1).describe('page numbers from 1');
const Angle = z.union([z.literal(90), z.literal(180), z.literal(270)]).describe('90, 180 or 270');

export function documentTools(door: Door): void {
  const { ctx, ownerId } = door;

  defineTool(door, 'verify_filled_pdf', {
    title: 'Verify a filled PDF',
    description: 'Checks a filled PDF against its form’s contract: required fields, options, lengths, overflow, signatures. Verdict complete, review_required, incomplete or failed. Bills one verify.',
    input: { form_id: z.string(), file: FileArg.describe('the filled PDF (e.g. {session_id} of a fill_form result)') },
    output: VerificationSchema,
    kind: 'write',
    openWorld: true,
  }, async (args) => {
    const id = parseId(args.form_id, 'form');
    const report = VerificationSchema.parse(await verifyFilledPdf(ctx, ownerId, id, await resolveFile(door, args.file)));
    return { value: report, summary: `Verification: ${report.result} (${report.counts.issues_blocking} blocking, ${report.counts.issues_review} to review).` };
  });

  defineTool(door, 'read_filled_pdf', {
    title: 'Read values out of a filled PDF',
    description: 'The values of every field of a filled PDF (or, flattened, the text inside each field’s rect); with form_id, mapped to contract field ids with a verification verdict. Bills one read.',
    input: { file: FileArg, form_id: z.string().optional() },
    output: ReadSchema,
    kind: 'write',
    openWorld: true,
  }, async (args) => {
    const file = await resolveFile(door, args.file);
    const read = ReadSchema.parse(await readFilledPdf(ctx, ownerId, file, args.form_id === undefined ? undefined : parseId(args.form_id, 'form')));
    const set = read.fields.filter((f) => f.value !== null && f.value !== '' && f.value !== false).length;
    return { value: read, summary: `Read ${read.fields.length} field(s), ${set} with a value${read.result ? `; verdict ${read.result}` : ''}.` };
  });

  const ArtifactAnswer = ArtifactSchema.extend({ pdf: LinkSchema });
  async function artifactAnswer(job: PageToolJob) {
    const { artifact } = await runPageTool(ctx, ownerId, job);
    const pdf = await documentLink(door, 'artifact', artifact.artifact_id, artifact.name, `Result of ${job.op}`);
    return { value: { ...artifact, pdf: { url: pdf.url, expires_at: pdf.expires_at } }, summary: `${job.op}: artifact ${artifact.artifact_id}, ${artifact.page_count} page(s).`, links: [pdf.link] };
  }
  const pageTool = (title: string, description: string) => ({ title, description: `${description} Free; not billed. The result is an artifact (artifact_id) other tools take as {artifact_id}.`, output: ArtifactAnswer, kind: 'write' as const, openWorld: true });

  defineTool(door, 'pdf_build', {
    ...pageTool('Build a PDF from pages', 'One PDF from pages of several documents, in the given order, with rotations. Form fields come along.'),
    input: { sources: z.array(z.object({ file: FileArg, pages: z.array(z.number().int().min(1)).optional(), rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional() })).min(1).max(MAX_INPUTS) },
  }, async (args) => {
    const files = await resolveFiles(door, args.sources.map((s) => s.file), 'sources');
    return artifactAnswer({ op: 'build', sources: args.sources.map((s, i) => ({ bytes: files[i].bytes, pages: s.pages, rotate: s.rotate })) });
  });
  defineTool(door, 'pdf_join', {
    ...pageTool('Join PDFs', 'Whole PDFs, one after the other.'),
    input: { documents: z.array(FileArg).min(1).max(MAX_INPUTS) },
  }, async (args) => artifactAnswer({ op: 'join', documents: (await resolveFiles(door, args.documents, 'documents')).map((d) => d.bytes) }));
  defineTool(door, 'pdf_keep_pages', {
    ...pageTool('Keep pages', 'Keep the named pages.'),
    input: { file: FileArg, pages: Pages },
  }, async (args) => artifactAnswer({ op: 'keep', bytes: (await resolveFile(door, args.file)).bytes, pages: args.pages }));
  defineTool(door, 'pdf_remove_pages', {
    ...pageTool('Remove pages', 'Remove the named pages.'),
    input: { file: FileArg, pages: Pages },
  }, async (args) => artifactAnswer({ op: 'remove', bytes: (await resolveFile(door, args.file)).bytes, pages: args.pages }));
  defineTool(door, 'pdf_reorder_pages', {
    ...pageTool('Reorder pages', 'Reorder pages: `order` names every page exactly once.'),
    input: { file: FileArg, order: Pages },
  }, async (args) => artifactAnswer({ op: 'reorder', bytes: (await resolveFile(door, args.file)).bytes, order: args.order }));
  defineTool(door, 'pdf_rotate_pages', {
    ...pageTool('Rotate pages', 'Rotate the named pages (default all).'),
    input: { file: FileArg, pages: Pages.optional(), angle: Angle },
  }, async (args) => artifactAnswer({ op: 'rotate', bytes: (await resolveFile(door, args.file)).bytes, pages: args.pages, angle: args.angle }));

  defineTool(door, 'pdf_inspect', {
    title: 'Inspect a PDF',
    description: 'Page count, page sizes and rotations, encryption, title, form fields and annotations. Free.',
    input: { file: FileArg },
    output: InspectSchema,
    kind: 'read',
    openWorld: true,
  }, async (args) => {
    const report = InspectSchema.parse(await inspectPdf(ctx, (await resolveFile(door, args.file)).bytes));
    return { value: report, summary: `${report.page_count} page(s), ${report.form_fields} form field(s)${report.encrypted ? ', encrypted' : ''}.` };
  });
}
