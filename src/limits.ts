// Every input bound in one place (issue #17). The first group is fixed by the interface (§8.1) and is
// part of the contract; the rest bound the work one request can start, and are checked before that
// work starts. The README's limits table lists them all.

const MiB = 1024 * 1024;

export const LIMITS = {
  // ---- The interface's constants (§8.1) ----
  /** One uploaded file (413 file_too_large). */
  fileBytes: 10 * MiB,
  /** A whole multipart request (413 request_too_large). */
  requestBytes: 30 * MiB,
  /** Pages of a PDF form (413 too_many_pages). */
  pages: 100,
  /** Context files per request (413 too_many_files). */
  contextFiles: 5,
  freeTierPageCap: 5,
  /** Data rows of a batch spreadsheet (400 too_many_rows), also checked by suggest-mapping. */
  batchRows: 1000,
  idempotencyHours: 24,

  // ---- Bounds on the work one input can cause ----
  /**
   * A file an MCP tool call carries inline as base64 (decoded bytes; 413 file_too_large). Larger
   * files go by URL or upload URL, so a model never has to read or write megabytes of base64.
   */
  inlineFileBytes: 1 * MiB,
  /**
   * A context stated as text or JSON beside the files (with-context, prepare; a conversational turn's
   * message): characters of text, or of the JSON object written out. A multipart text field holds
   * 64 KiB at most; the JSON body's own limit is 1 MB.
   */
  statedContextChars: 64 * 1024,
  /** The JSON body of one MCP request (413): room for a few inline files and their encoding. */
  mcpRequestBytes: 8 * MiB,
  /**
   * One field value, in UTF-8 bytes, on every path that takes values (PUT /sessions/{id}/fields,
   * proposal commits, pay-per-call fill, batch cells): 422 invalid_value, reason value_too_long;
   * a spreadsheet cell over it is 413 cell_too_large. 32 KiB holds any value of ≤ 10,000 characters.
   */
  valueBytes: 32 * 1024,
  /**
   * The mapped cells of one batch row together, in UTF-8 bytes (413 row_too_large): filling a row
   * is event-loop work that grows with its text (39 fields × 32 KiB took ~1 s on DS-11).
   */
  rowValueBytes: 256 * 1024,
  /** Columns of a spreadsheet (suggest-mapping, fill-batch): 413 too_many_columns. */
  sheetColumns: 1000,
  /**
   * What the parts of a zip container (XLSX spreadsheet, DOCX/XLSX context document) may inflate to,
   * all parts together, counted while inflating (declared sizes are not trusted): 413 archive_too_large.
   */
  archiveInflatedBytes: 16 * MiB,
  /** Parts of a zip container: 413 archive_too_large. */
  archiveEntries: 2000,
  /**
   * Paragraphs of a DOCX context document (413 document_too_large; a 300-page report has ~10,000).
   * Its characters are bounded by archiveInflatedBytes here and by CONTEXT_MAX_CHARS in the job.
   */
  documentParagraphs: 20_000,
  /**
   * Pixels one image of an uploaded PDF may declare (413 image_too_large): 100 million holds a
   * letter page scanned at 1200 dpi. Checked on the raw bytes before pdf.js sees them.
   */
  pdfImagePixels: 100_000_000,
  /** What the Flate streams of one PDF may inflate to, together (413 pdf_too_large). */
  pdfInflatedBytes: 512 * MiB,
  /**
   * Indirect objects of one PDF, those written in the file and those its object streams declare
   * (413 too_many_objects): each costs the parsers memory and time whether or not it is used. A
   * 100-page form of 40 fields a page has ~5,000; the DS-11 (6 pages) ~1,000.
   */
  pdfObjects: 200_000,
} as const;
