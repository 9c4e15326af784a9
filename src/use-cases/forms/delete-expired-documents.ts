// Ephemeral retention (§1): a form's source and output documents (fillable, session, batch-row and
// proposal PDFs, batch row values) are deleted 60 to 70 minutes
// after the last activity on it. The sweep runs every 5 minutes wherever a worker runs; running
// it twice, or in two processes at once, deletes nothing twice.
import type { AppContext } from '../../context.ts';

export const EPHEMERAL_AFTER_MS = 60 * 60_000;
export const SWEEP_EVERY_MS = 5 * 60_000;

export async function deleteExpiredDocuments(ctx: AppContext, now = new Date()): Promise<number> {
  const due = await ctx.db.form.findMany({
    where: { retention: 'ephemeral', documentsDeletedAt: null, lastActivityAt: { lt: new Date(now.getTime() - EPHEMERAL_AFTER_MS) } },
    select: { id: true, sourceBlob: true, fillableBlob: true },
    take: 500,
  });
  for (const form of due) {
    const sessions = await ctx.db.session.findMany({ where: { formId: form.id, pdfBlob: { not: null } }, select: { pdfBlob: true } });
    const batchIds = (await ctx.db.batch.findMany({ where: { formId: form.id }, select: { id: true } })).map((b) => b.id);
    const rows = await ctx.db.batchRow.findMany({ where: { batchId: { in: batchIds }, pdfBlob: { not: null } }, select: { pdfBlob: true } });
    const proposalIds = (await ctx.db.proposal.findMany({ where: { formId: form.id }, select: { id: true } })).map((p) => p.id);
    const commits = await ctx.db.proposalCommit.findMany({ where: { proposalId: { in: proposalIds }, pdfBlob: { not: null } }, select: { pdfBlob: true, artifactId: true } });
    const blobs = [form.sourceBlob, form.fillableBlob, ...sessions.map((s) => s.pdfBlob), ...rows.map((r) => r.pdfBlob), ...commits.map((c) => c.pdfBlob)].filter((b): b is string => Boolean(b));
    await ctx.blobs.deleteMany([...new Set(blobs)]);
    await ctx.db.$transaction([
      ctx.db.form.update({ where: { id: form.id }, data: { documentsDeletedAt: now, sourceBlob: null, fillableBlob: null } }),
      ctx.db.session.updateMany({ where: { formId: form.id }, data: { pdfBlob: null } }),
      // Row values are the spreadsheet's personal data: they go with the documents.
      ctx.db.batchRow.updateMany({ where: { batchId: { in: batchIds } }, data: { pdfBlob: null, values: {} } }),
      // A committed proposal's PDF is also an artifact: both go.
      ctx.db.proposalCommit.updateMany({ where: { proposalId: { in: proposalIds } }, data: { pdfBlob: null } }),
      ctx.db.artifact.deleteMany({ where: { id: { in: commits.map((c) => c.artifactId).filter((a): a is string => Boolean(a)) } } }),
    ]);
  }
  if (due.length) ctx.log.info({ forms: due.length }, 'ephemeral documents deleted');
  return due.length;
}

/** Starts the periodic sweep; returns a function that stops it. */
export function startRetentionSweeps(ctx: AppContext): () => void {
  const run = () => void deleteExpiredDocuments(ctx).catch((err) => ctx.log.error({ err: (err as Error).message }, 'retention sweep failed'));
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
