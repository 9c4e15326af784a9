// Tools that fill from supporting documents: fill_with_context (values written into a completed
// session) and prepare → get_proposal → commit_proposal → get_receipt (a proposal settled by
// commits, with evidence per value). The same use cases and billing as the REST routes.
import { z } from 'zod';
import { JobSchema, StatedContextArg } from '../../api/context.ts';
import { CommitBody, ProposalSchema, ReceiptSchema } from '../../api/proposals.ts';
import { parseId } from '../../api/validate.ts';
import { DomainError } from '../../domain/errors.ts';
import { POLICIES } from '../../domain/proposal-fields.ts';
import { LIMITS } from '../../limits.ts';
import type { ContextJobKind } from '../../store/context-jobs.ts';
import { startContextFill, type StartContextFill } from '../../use-cases/context/start-context-fill.ts';
import { getContextJob } from '../../use-cases/context/get-context-job.ts';
import { getProposal } from '../../use-cases/proposals/get-proposal.ts';
import { commitProposal } from '../../use-cases/proposals/commit-proposal.ts';
import { getProposalReceipt } from '../../use-cases/proposals/get-proposal-receipt.ts';
import { defineTool, documentLink, elapsed, LinkSchema, readOrWait, WaitInput, type Door, type Extra, type ToolAnswer, type WaitArgs } from '../door.ts';
import { FileArg, resolveFile, resolveFiles } from '../files.ts';
import { receiptUri } from '../resources.ts';

const JobAnswer = JobSchema.extend({
  proposal_token: z.string().optional().describe('prepare: opens the proposal for callers without the account (shown once)'),
  pdf: LinkSchema.optional().describe('with_context, when ready: the filled PDF'),
});

const StartInput = {
  form_id: z.string().optional().describe('a ready form of yours; or give `file` instead'),
  file: FileArg.optional().describe('a new PDF form: detection and the fill run as one job'),
  documents: z.array(FileArg).max(LIMITS.contextFiles).default([]).describe(`supporting documents (≤ ${LIMITS.contextFiles}): PDF, PNG/JPEG/TIFF, DOCX, TXT, CSV/XLSX, JSON`),
  context: StatedContextArg.optional().describe('values stated beside the documents: a JSON object ({"legal_name": …, "ein": …}, keys matched to field labels) or plain text; read like one more document'),
  policy: z.enum(POLICIES).optional().describe('safe (default): high and medium confidence are ready; strict: only high'),
  retention: z.enum(['ephemeral', 'account_default']).optional().describe('with `file` only'),
  ...WaitInput,
};

/** The job, after waiting when asked, with the filled PDF's link once a with_context job is ready. */
async function jobAnswer(door: Door, jobId: string, extra: Extra, wait: WaitArgs, token?: string): Promise<ToolAnswer> {
  const read = async () => JobSchema.parse(await getContextJob(door.ctx, door.ownerId, jobId));
  const job = await readOrWait(extra, wait, read, (j, seconds) => elapsed(j.status !== 'processing', seconds, `job ${j.status}`, 'reading the documents and proposing values…'));
  const value: Record<string, unknown> = { ...job, ...(token ? { proposal_token: token } : {}) };
  if (job.status === 'failed') return { value, summary: `Job ${job.job_id} failed: ${job.error?.code}: ${job.error?.message}` };
  if (job.status === 'processing') return { value, summary: `Job ${job.job_id} is processing; call get_job (or pass wait) until it is ready.` };
  if (job.kind === 'prepare') return { value, summary: `Proposal ${job.proposal_id} is ready: read it with get_proposal, then commit_proposal.` };
  const pdf = await documentLink(door, 'session', job.session_id!, `filled-${job.session_id}.pdf`, 'The filled PDF');
  const filled = job.report?.filled.length ?? 0;
  return { value: { ...value, pdf: { url: pdf.url, expires_at: pdf.expires_at } }, summary: `Filled ${filled} field(s) from the documents; the PDF is at the link.`, links: [pdf.link] };
}

export function contextTools(door: Door): void {
  const { ctx, ownerId } = door;

  async function start(kind: ContextJobKind, args: z.infer<z.ZodObject<typeof StartInput>>, extra: Extra) {
    if ((args.form_id === undefined) === (args.file === undefined)) throw new DomainError('invalid', 'invalid_request', 'Give either form_id (a ready form) or file (a new PDF).');
    const form: StartContextFill['form'] = args.form_id !== undefined ? { id: parseId(args.form_id, 'form') } : { file: await resolveFile(door, args.file!, 'file'), retention: args.retention ?? 'account_default' };
    const context = await resolveFiles(door, args.documents, 'documents');
    const started = await startContextFill(ctx, { ownerId, kind, form, context, stated: args.context === undefined ? [] : [args.context], policy: args.policy ?? 'safe' });
    return jobAnswer(door, started.job_id, extra, args, started.proposal_token);
  }

  defineTool(door, 'fill_with_context', {
    title: 'Fill a form from documents',
    description: 'Reads supporting documents, proposes a value per field and writes those the policy accepts into a filled PDF (a completed session). Bills one context fill (plus one creation when `file` is a new PDF). With wait: true, returns when done, with progress notifications.',
    input: StartInput,
    output: JobAnswer,
    kind: 'write',
    openWorld: true,
  }, (args, extra) => start('with_context', args, extra));

  defineTool(door, 'prepare', {
    title: 'Prepare a proposal from documents',
    description: 'Like fill_with_context, but nothing is written yet: a proposal lists every field with its state (ready, review, conflict, missing), value, confidence and evidence. Read it with get_proposal, settle it with commit_proposal. Bills one context fill (plus one creation with `file`).',
    input: StartInput,
    output: JobAnswer,
    kind: 'write',
    openWorld: true,
  }, (args, extra) => start('prepare', args, extra));

  defineTool(door, 'get_job', {
    title: 'Get a context job',
    description: 'A fill_with_context or prepare job: processing, ready (session_id or proposal_id) or failed (error).',
    input: { job_id: z.string(), ...WaitInput },
    output: JobAnswer,
    kind: 'read',
  }, (args, extra) => jobAnswer(door, parseId(args.job_id, 'job'), extra, args));

  defineTool(door, 'get_proposal', {
    title: 'Read a proposal',
    description: 'Every field with state (ready, review, conflict, missing, user, declined), value, origin, confidence, evidence (document, page, quote) and note; unresolved fields and requirements (signatures, attachments).',
    input: { proposal_id: z.string() },
    output: ProposalSchema,
    kind: 'read',
  }, async (args) => {
    const p = ProposalSchema.parse(await getProposal(ctx, ownerId, parseId(args.proposal_id, 'proposal')));
    const count = (state: string) => p.fields.filter((f) => f.state === state).length;
    return { value: p, summary: `Proposal ${p.proposal_id} (${p.status}): ${count('ready')} ready, ${count('review')} to review, ${count('conflict')} in conflict, ${count('missing')} missing.` };
  });

  defineTool(door, 'commit_proposal', {
    title: 'Commit a proposal',
    description: 'Settles a proposal: ready fields are written unless declined or overridden; every open field (review, conflict, missing) needs a value or a decline, unless auto: true leaves them empty (else 422 unsettled_fields). Renders and verifies the PDF and returns the receipt, with a link to the PDF.',
    input: { proposal_id: z.string(), ...CommitBody.shape },
    output: ReceiptSchema.extend({ pdf: LinkSchema }),
    kind: 'write',
  }, async (args) => {
    const { proposal_id, ...body } = args;
    const id = parseId(proposal_id, 'proposal');
    const receipt = ReceiptSchema.parse(await commitProposal(ctx, ownerId, id, undefined, body));
    return receiptAnswer(door, receipt);
  });

  defineTool(door, 'get_receipt', {
    title: 'Get a proposal’s receipt',
    description: 'The receipt of the newest commit: every value with origin, confidence and evidence, the verification report and the filled PDF (link). Also readable as the resource formfill://proposals/{proposal_id}/receipt.',
    input: { proposal_id: z.string() },
    output: ReceiptSchema.extend({ pdf: LinkSchema }),
    kind: 'read',
  }, async (args) => receiptAnswer(door, ReceiptSchema.parse(await getProposalReceipt(ctx, ownerId, parseId(args.proposal_id, 'proposal')))));
}

async function receiptAnswer(door: Door, receipt: z.infer<typeof ReceiptSchema>): Promise<ToolAnswer> {
  const pdf = await documentLink(door, 'proposal', receipt.proposal_id, receipt.files.filled_pdf.name, 'The filled PDF of the newest commit');
  const commit = receipt.commits.at(-1);
  return {
    value: { ...receipt, pdf: { url: pdf.url, expires_at: pdf.expires_at } },
    summary: `Commit ${commit?.n ?? '?'} of proposal ${receipt.proposal_id}: ${commit?.result ?? ''}; the receipt is the resource ${receiptUri(receipt.proposal_id)}.`,
    links: [pdf.link, { type: 'resource_link', uri: receiptUri(receipt.proposal_id), name: `receipt-${receipt.proposal_id}.json`, mimeType: 'application/json', description: 'The receipt' }],
  };
}
