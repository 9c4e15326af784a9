// Heavy work carried out: the function that runs each job of workers/job-types.ts (opening an
// upload to admit it, reading a filled PDF's values, writing values into a PDF (one form, or a
// batch's rows), the page tools, building a form's contract (field detection included), reading a
// spreadsheet and suggesting its mapping, reading supporting documents and proposing a value per
// field (context fill)). It runs inside the worker threads of workers/pool.ts and, for benchmarks,
// in-process; the HTTP process never loads it. Refusals are thrown as the domain's errors; the pool
// carries them back.
import { build, join, keep, remove, reorder, rotate } from '../pdf/tools.ts';
import { inspectPdf } from '../pdf/inspect.ts';
import { buildContract } from '../domain/contracts.ts';
import { PdfDocument, withPdf } from '../pdf/document.ts';
import { admitPdf, checkPageCount, checkPdfBounds } from '../domain/pdf-limits.ts';
import { admitContextDocuments, contextPages } from '../domain/context-admission.ts';
import { readPdfValues } from '../pdf/read.ts';
import { readingPdf } from '../pdf/guard.ts';
import { valuesForContract } from '../domain/contract-values.ts';
import { writeFormValues } from '../domain/write-form.ts';
import type { ContextFillResult } from '../extract/context-fill.ts';
import { DomainError } from '../domain/errors.ts';
import type { AdmitJob, Admitted, AnyOutput, ProposeContextJob, ReadJob, ReadOutput, RowWritten, WorkerJob, WriteRowsJob } from './job-types.ts';

export async function runWorkerJob(job: WorkerJob): Promise<AnyOutput> {
  switch (job.op) {
    case 'contract':
      return buildContract(job.bytes, { title: job.title, pageCount: job.pageCount });
    case 'inspect':
      return inspectPdf(job.bytes);
    case 'build':
      return build(job.sources);
    case 'join':
      return join(job.documents);
    case 'keep':
      return keep(job.bytes, job.pages);
    case 'remove':
      return remove(job.bytes, job.pages);
    case 'reorder':
      return reorder(job.bytes, job.order);
    case 'rotate':
      return rotate(job.bytes, job.pages, job.angle);
    case 'admit':
      return admit(job);
    case 'admit-context': {
      const documents = job.documents.map((d) => ({ ...d, mimetype: '', sha256: '' }));
      await admitContextDocuments(documents);
      return { pages: await contextPages(documents) };
    }
    case 'read':
      return read(job);
    case 'write':
      return { pdf: await writeFormValues(job.bytes, job.values, job.options) };
    case 'write-rows':
      return { rows: await writeRows(job) };
    case 'sheet':
      return (await sheets()).readSheet({ filename: '', mimetype: '', bytes: job.bytes, sha256: '' }, job.bounds);
    case 'suggest-mapping': {
      const sheet = await (await sheets()).readSheet({ filename: '', mimetype: '', bytes: job.bytes, sha256: '' });
      const { suggestMapping } = await import('../domain/batch-mapping.ts');
      return suggestMapping(job.fields, sheet.columns, sheet.rows);
    }
    case 'propose-context':
      return proposeContext(job);
  }
}

async function proposeContext(job: ProposeContextJob): Promise<ContextFillResult> {
  // The readers (OCR, pdf.js, ExcelJS) and the proposer load with the first context job.
  const { readAndPropose } = await import('../extract/context-fill.ts');
  const { ContextTooLargeError, UnsupportedContextFileError } = await import('../extract/types.ts');
  try {
    const result = await readAndPropose(job);
    return job.keepDocuments ? result : { ...result, documents: [] };
  } catch (err) {
    if (err instanceof UnsupportedContextFileError || err instanceof ContextTooLargeError) throw new DomainError('unprocessable', err.code, err.message);
    throw err;
  }
}

/** The spreadsheet readers (ExcelJS is slow to load) are loaded by the first job that needs them. */
const sheets = () => import('../domain/sheet-limits.ts');

async function admit(job: AdmitJob): Promise<Admitted> {
  const pdf = new PdfDocument(job.bytes);
  try {
    const { info, title } = await admitPdf({ filename: job.filename, mimetype: 'application/pdf', bytes: job.bytes, sha256: '' }, pdf);
    return { info, title, fillable: await pdf.fillable() };
  } finally {
    await pdf.close();
  }
}

async function read(job: ReadJob): Promise<ReadOutput> {
  // An upload's bounds (objects, images, inflated size) come first, before any parser runs on it.
  if (job.bounds) await checkPdfBounds(job.bytes);
  return withPdf(job.bytes, async (opened) => {
    const { fields } = await readingPdf(() => readPdfValues(opened));
    if (job.bounds) checkPageCount(await readingPdf(() => opened.pageCount())); // before page text is read from it
    if (!job.contract) return { fields };
    const { values, source } = await valuesForContract(opened, job.contract, fields);
    return { fields, values, source, radios: source === 'fields' ? await opened.radioButtonsOn() : new Map() };
  });
}

async function writeRows(job: WriteRowsJob): Promise<RowWritten[]> {
  const { FillValidationError, fillTemplate, loadTemplate } = await import('../pdf/fill/index.ts');
  const tpl = await loadTemplate(job.bytes);
  const out: RowWritten[] = [];
  for (const r of job.rows) {
    try {
      out.push({ row: r.row, update: (await fillTemplate(tpl, r.values)).update });
    } catch (err) {
      if (!(err instanceof FillValidationError)) throw err; // a PDF we cannot write: the batch job retries, then fails
      out.push({ row: r.row, error: err.issues.map((i) => `${i.field}: ${i.message}`).join(' ') });
    }
  }
  return out;
}
