// What the fuzz properties run: each reader of untrusted bytes, on mutations of well-formed seeds,
// must return or fail with one of its documented errors (the ones the HTTP edge turns into a 4xx).
// Anything else would be a 500 or a failed job without a clear code.
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { readAcroForm } from '../../src/pdf/acroform.ts';
import { inspectPdf } from '../../src/pdf/inspect.ts';
import { PdfError } from '../../src/pdf/errors.ts';
import { keep, rotate, PageToolError } from '../../src/pdf/tools.ts';
import { checkPdfBounds } from '../../src/domain/pdf-limits.ts';
import { runWorkerJob } from '../../src/workers/jobs.ts';
import { checkArchive, checkSpreadsheetBytes } from '../../src/domain/sheet-limits.ts';
import { DomainError } from '../../src/domain/errors.ts';
import { readDocx } from '../../src/extract/docx.ts';
import { ContextTooLargeError, UnsupportedContextFileError } from '../../src/extract/types.ts';
import { parseSpreadsheet, SpreadsheetError } from '../../src/extract/spreadsheet.ts';
import { fillableFormPdf, manyPagesPdf } from '../helpers/pdfs.ts';
import { updatePdf, zipOf } from '../helpers/hostile-inputs.ts';
import { expectOnly } from './mutations.ts';

export interface FuzzTarget {
  name: string;
  seeds: () => Promise<Uint8Array[]>;
  /** Runs the reader; throws only when it ended in a way it does not document. */
  run: (bytes: Uint8Array) => Promise<void>;
}

const settle = async (work: Promise<unknown>, allowed: Parameters<typeof expectOnly>[0]) => {
  await work.then(() => undefined, expectOnly(allowed));
};

/** PDFs as the service meets them: a form with fields (object streams, and a classic xref table), an incremental update, several pages. */
async function pdfSeeds(): Promise<Uint8Array[]> {
  const form = await fillableFormPdf();
  const classic = await (await PDFDocument.load(form)).save({ useObjectStreams: false });
  return [form, classic, updatePdf(classic, { 9999: '<< /Type /Annot /Subtype /Text >>' }), await manyPagesPdf(3)];
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const para = (t: string) => `<w:p><w:r><w:t>${t}</w:t></w:r></w:p>`;
function docxSeed(): Uint8Array {
  return zipOf({
    '[Content_Types].xml': new TextEncoder().encode(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': new TextEncoder().encode(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': new TextEncoder().encode(
      `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${para('Name: Example Person')}<w:tbl><w:tr><w:tc>${para('City')}</w:tc><w:tc>${para('Springfield')}</w:tc></w:tr></w:tbl></w:body></w:document>`,
    ),
  });
}

async function xlsxSeed(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Rows');
  ws.addRow(['name', 'date_of_birth', 'amount']);
  ws.addRow(['Example Person', '01/02/1990', 12.5]);
  ws.addRow(['Other Person', '03/04/1985', 7]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

export const TARGETS: FuzzTarget[] = [
  { name: 'AcroForm reader (fields, page count)', seeds: pdfSeeds, run: (b) => settle(readAcroForm(b), [PdfError]) },
  { name: 'PDF inspection (page tools)', seeds: pdfSeeds, run: (b) => settle(inspectPdf(b), [PdfError]) },
  { name: 'PDF bounds check (objects, images, inflated size)', seeds: pdfSeeds, run: (b) => settle(checkPdfBounds(b), [DomainError]) },
  // What POST /read runs in a worker thread: the bounds, then the fields, then the page count.
  { name: 'reading an uploaded filled PDF (read job)', seeds: pdfSeeds, run: (b) => settle(runWorkerJob({ op: 'read', bytes: b, bounds: true }), [PdfError, DomainError]) },
  { name: 'page tool: keep page 1', seeds: pdfSeeds, run: (b) => settle(keep(b, [1]), [PageToolError, PdfError]) },
  { name: 'page tool: rotate', seeds: pdfSeeds, run: (b) => settle(rotate(b, undefined, 90), [PageToolError, PdfError]) },
  {
    name: 'DOCX reader',
    seeds: async () => [docxSeed()],
    run: async (b) => {
      await settle(Promise.resolve().then(() => checkArchive(b)), [DomainError]);
      await settle(readDocx(b, 200_000, 'document.docx'), [UnsupportedContextFileError, ContextTooLargeError]);
    },
  },
  {
    name: 'XLSX checks and reader',
    seeds: async () => [await xlsxSeed()],
    run: async (b) => {
      await settle(Promise.resolve().then(() => checkSpreadsheetBytes(b)), [DomainError]);
      await settle(parseSpreadsheet(b), [SpreadsheetError]);
    },
  },
];
