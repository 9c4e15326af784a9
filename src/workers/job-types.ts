// Heavy work as plain data: each job's input and output types, what a job is called in errors, and
// which of its byte arrays move between threads rather than being copied. What the HTTP process
// needs to hand work to the pool, without loading what carries the work out (workers/jobs.ts):
// pdf.js, pdf-lib and the detectors stay in the worker threads.
import type { PageSource, Produced } from '../pdf/tools.ts';
import type { PdfInspection } from '../pdf/inspect.ts';
import type { BuiltContract, Contract, ContractField } from '../domain/contracts.ts';
import type { AcroFormField } from '../pdf/acroform.ts';
import type { WriteOptions } from '../domain/write-form.ts';
import type { SheetBounds } from '../domain/sheet-limits.ts';
import type { Sheet } from '../extract/spreadsheet.ts';
import type { MappingSuggestion } from '../domain/batch-mapping.ts';
import type { ReadInput } from '../extract/types.ts';
import type { ContextFillResult } from '../extract/context-fill.ts';
import type { ProposeField } from '../extract/propose/types.ts';

export type ToolJob =
  | { op: 'build'; sources: PageSource[] }
  | { op: 'join'; documents: Uint8Array[] }
  | { op: 'keep'; bytes: Uint8Array; pages: number[] }
  | { op: 'remove'; bytes: Uint8Array; pages: number[] }
  | { op: 'reorder'; bytes: Uint8Array; order: number[] }
  | { op: 'rotate'; bytes: Uint8Array; pages?: number[]; angle: number }
  | { op: 'inspect'; bytes: Uint8Array };

/** PDF bytes → contract (and a fillable PDF when the source had no fields). */
export type ContractJob = { op: 'contract'; bytes: Uint8Array; title: string; pageCount: number };

/** An uploaded form checked against the limits (domain/pdf-limits.ts admitPdf), and whether it is fillable. */
export type AdmitJob = { op: 'admit'; bytes: Uint8Array; filename: string };
export interface Admitted {
  info: { page_count: number; title: string | null };
  title: string;
  fillable: boolean;
}

/** Supporting documents checked against the limits; the pages the free tier's cap counts. */
export type AdmitContextJob = { op: 'admit-context'; documents: { filename: string; bytes: Uint8Array }[] };

/**
 * The AcroForm fields of a PDF and, against a contract, the value of each contract field (from the
 * fields, or for a flattened copy the text in each field's rect) and the buttons on per radio
 * group. `bounds`: check the decompression and image limits first (an upload; not our own render).
 */
export type ReadJob = { op: 'read'; bytes: Uint8Array; contract?: Contract; bounds: boolean };
export interface ReadOutput {
  fields: AcroFormField[];
  values?: (string | null)[];
  source?: 'fields' | 'page_text';
  radios?: Map<string, number>;
}

/** Values written into a PDF (domain/write-form.ts); the whole filled PDF comes back. */
export type WriteJob = { op: 'write'; bytes: Uint8Array; values: Record<string, string | boolean>; options: WriteOptions };

/**
 * A batch's rows written into one template: each row's incremental update (the bytes appended to
 * the template), or why the form refused its values. Each worker keeps the parsed template
 * (pdf/fill templateCache), so a batch sent in chunks is parsed once per worker.
 */
export type WriteRowsJob = { op: 'write-rows'; bytes: Uint8Array; rows: { row: number; values: Record<string, string | boolean> }[] };
export type RowWritten = { row: number; update: Uint8Array } | { row: number; error: string };

/** A spreadsheet read within the limits (domain/sheet-limits.ts). */
export type SheetJob = { op: 'sheet'; bytes: Uint8Array; bounds: SheetBounds };

/** A spreadsheet read, then which contract field each column fills (domain/batch-mapping.ts). */
export type SuggestMappingJob = { op: 'suggest-mapping'; bytes: Uint8Array; fields: ContractField[] };

/**
 * Supporting documents read (PDF text, OCR, DOCX, XLSX, images…) and a value proposed per field by
 * the extractor (extract/context-fill.ts readAndPropose). The read documents come back only when
 * `keepDocuments` (the LLM is asked about them next); otherwise just the proposals cross over.
 * Documents the extractor refuses come back as DomainError 'unprocessable' with its code.
 */
export type ProposeContextJob = { op: 'propose-context'; fields: ProposeField[]; documents: ReadInput[]; formPdf: Uint8Array; maxChars: number; keepDocuments: boolean };

export type WorkerJob = ToolJob | ContractJob | AdmitJob | AdmitContextJob | ReadJob | WriteJob | WriteRowsJob | SheetJob | SuggestMappingJob | ProposeContextJob;

export type ToolPdf = Produced;

export type JobOutput<J extends WorkerJob> = J extends { op: 'inspect' }
  ? PdfInspection
  : J extends { op: 'contract' }
    ? BuiltContract
    : J extends { op: 'admit' }
      ? Admitted
      : J extends { op: 'admit-context' }
        ? { pages: number }
        : J extends { op: 'read' }
          ? ReadOutput
          : J extends { op: 'write' }
            ? { pdf: Uint8Array }
            : J extends { op: 'write-rows' }
              ? { rows: RowWritten[] }
              : J extends { op: 'sheet' }
                ? Sheet
                : J extends { op: 'suggest-mapping' }
                  ? MappingSuggestion
                  : J extends { op: 'propose-context' }
                    ? ContextFillResult
                    : ToolPdf;

export type AnyOutput = JobOutput<WorkerJob>;

/** What a job is called in the pool's error messages ("The filling failed on this document"). */
export function jobNoun(op: WorkerJob['op']): string {
  if (op === 'contract') return 'form processing';
  if (op === 'write' || op === 'write-rows') return 'filling';
  if (op === 'admit' || op === 'admit-context' || op === 'read') return 'PDF reading';
  if (op === 'sheet' || op === 'suggest-mapping') return 'spreadsheet reading';
  if (op === 'propose-context') return 'document reading';
  return 'page tool';
}

/**
 * Every input document of a job (what the pool hands to a worker without copying), each through
 * `own` (which may replace a view that shares its memory with a copy that does not).
 */
export function ownJobInputs(job: WorkerJob, own: (bytes: Uint8Array) => Uint8Array): Uint8Array[] {
  switch (job.op) {
    case 'build':
      job.sources = job.sources.map((s) => ({ ...s, bytes: own(s.bytes) }));
      return job.sources.map((s) => s.bytes);
    case 'join':
      job.documents = job.documents.map(own);
      return job.documents;
    case 'admit-context':
      job.documents = job.documents.map((d) => ({ ...d, bytes: own(d.bytes) }));
      return job.documents.map((d) => d.bytes);
    case 'propose-context':
      job.documents = job.documents.map((d) => ({ ...d, bytes: own(d.bytes) }));
      job.formPdf = own(job.formPdf);
      return [...job.documents.map((d) => d.bytes), job.formPdf];
    default:
      job.bytes = own(job.bytes);
      return [job.bytes];
  }
}

/** The byte arrays a job's result carries (moved back to the caller rather than copied), each through `own`. */
export function ownOutputBytes(op: WorkerJob['op'], result: AnyOutput, own: (bytes: Uint8Array) => Uint8Array): Uint8Array[] {
  if (op === 'write-rows') {
    const rows = (result as { rows: RowWritten[] }).rows;
    return rows.flatMap((r) => ('update' in r ? [(r.update = own(r.update))] : []));
  }
  if (op === 'contract') {
    const built = result as BuiltContract;
    return built.fillablePdf ? [(built.fillablePdf = own(built.fillablePdf))] : [];
  }
  if ('pdf' in result && result.pdf instanceof Uint8Array) return [(result.pdf = own(result.pdf))];
  return [];
}
