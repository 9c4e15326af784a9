// Batch fill: suggest a column → field mapping for a spreadsheet, fill one PDF per row (with
// progress notifications while rows are filled), read the batch; the rows come as a zip link.
import { z } from 'zod';
import { Manifest, Suggestion } from '../../api/batches.ts';
import { parseId } from '../../api/validate.ts';
import { suggestMapping } from '../../use-cases/batches/suggest-mapping.ts';
import { startBatchFill } from '../../use-cases/batches/start-batch-fill.ts';
import { getBatch } from '../../use-cases/batches/get-batch.ts';
import { defineTool, documentLink, LinkSchema, readOrWait, WaitInput, type Door, type Extra, type ToolAnswer, type WaitArgs } from '../door.ts';
import { FileArg, resolveFile } from '../files.ts';

const BatchAnswer = Manifest.extend({ zip: LinkSchema.optional().describe('every filled row as row-N.pdf, once any row is filled') });

async function batchAnswer(door: Door, batchId: string, extra: Extra, wait: WaitArgs): Promise<ToolAnswer> {
  const read = async () => Manifest.parse(await getBatch(door.ctx, door.ownerId, batchId));
  const batch = await readOrWait(extra, wait, read, (b) => ({
    done: b.status !== 'processing',
    progress: b.filled + b.failed,
    total: b.total,
    message: `${b.filled} of ${b.total} row(s) filled${b.failed ? `, ${b.failed} failed` : ''}`,
  }));
  const summary = `Batch ${batch.batch_id} ${batch.status}: ${batch.filled} of ${batch.total} row(s) filled, ${batch.failed} failed.`;
  if (batch.filled === 0) return { value: batch, summary };
  const zip = await documentLink(door, 'batch_zip', batch.batch_id, `batch-${batch.batch_id}.zip`, 'Every filled row as row-N.pdf');
  return { value: { ...batch, zip: { url: zip.url, expires_at: zip.expires_at } }, summary, links: [zip.link] };
}

export function batchTools(door: Door): void {
  const { ctx, ownerId } = door;

  defineTool(door, 'suggest_mapping', {
    title: 'Suggest a spreadsheet mapping',
    description: 'Matches the columns of a spreadsheet (CSV or XLSX; the first row names the columns) to the form’s fields. Bills one context fill on success.',
    input: { form_id: z.string(), spreadsheet: FileArg },
    output: Suggestion,
    kind: 'write',
    openWorld: true,
  }, async (args) => {
    const id = parseId(args.form_id, 'form');
    const s = Suggestion.parse(await suggestMapping(ctx, ownerId, id, await resolveFile(door, args.spreadsheet, 'spreadsheet')));
    return { value: s, summary: `Mapped ${Object.keys(s.mapping).length} column(s); ${s.unmapped_columns.length} unmapped.` };
  });

  defineTool(door, 'fill_batch', {
    title: 'Fill the form for each row',
    description: 'One filled PDF per spreadsheet row (≤ 1000 rows). `mapping`: each column name → {field_id} (suggest_mapping gives one). Each filled row bills one standard fill. With wait: true, returns when every row is handled, with a progress notification per row.',
    input: { form_id: z.string(), spreadsheet: FileArg, mapping: z.record(z.string(), z.object({ field_id: z.number().int() }).catchall(z.unknown())), ...WaitInput },
    output: BatchAnswer,
    kind: 'write',
    openWorld: true,
  }, async (args, extra) => {
    const id = parseId(args.form_id, 'form');
    const file = await resolveFile(door, args.spreadsheet, 'spreadsheet');
    const { batch_id } = await startBatchFill(ctx, ownerId, id, file, JSON.stringify(args.mapping));
    return batchAnswer(door, batch_id, extra, args);
  });

  defineTool(door, 'get_batch', {
    title: 'Get a batch',
    description: 'A batch’s manifest: every row filled, failed (with the reason) or pending, and a zip link to the filled rows.',
    input: { batch_id: z.string(), ...WaitInput },
    output: BatchAnswer,
    kind: 'read',
  }, (args, extra) => batchAnswer(door, parseId(args.batch_id, 'batch'), extra, args));
}
