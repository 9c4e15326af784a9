// Reading supporting documents ("context") into text lines and key/value pairs with locations,
// for the value proposer. A library: bytes in, data out; no HTTP, no database.
// The type is detected from the bytes; the name and mimetype only break ties between text kinds.
import { readDocx } from './docx.ts';
import { readImage } from './image.ts';
import { readJson } from './json.ts';
import { readPdf } from './pdf.ts';
import { sniff } from './sniff.ts';
import { guessDelimiter, readCsv, readXlsx } from './table.ts';
import { readText } from './text.ts';
import {
  checkSize,
  DEFAULT_MAX_CHARS,
  type ReadDocument,
  type ReadInput,
  type ReadOptions,
  type ReadResult,
  UnsupportedContextFileError,
} from './types.ts';

export * from './types.ts';
export { terminateExtractOcr } from './ocr.ts';
export { labelColon, humanise } from './pairs.ts';

export async function readDocument(input: ReadInput, options: ReadOptions = {}): Promise<ReadDocument> {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const ocr = options.ocr !== false;
  const { bytes, name } = input;
  if (!bytes.length) throw new UnsupportedContextFileError(`The file "${name}" is empty.`);
  const kind = sniff(bytes);
  let result: ReadResult;
  switch (kind.type) {
    case 'pdf':
      result = await readPdf(bytes, ocr, maxChars, name, options.ocrWorker);
      break;
    case 'png':
    case 'jpeg':
    case 'tiff':
      result = await readImage(bytes, kind.type, ocr, maxChars, name, options.ocrWorker);
      break;
    case 'docx':
      result = await readDocx(bytes, maxChars, name);
      break;
    case 'xlsx':
      result = await readXlsx(bytes, maxChars, name);
      break;
    case 'text':
      result = readTextLike(kind.text, input, maxChars);
      break;
    default:
      throw new UnsupportedContextFileError(`The file "${name}" is ${kind.why}.`);
  }
  const chars = result.lines.reduce((n, l) => n + l.text.length, 0);
  checkSize(chars, maxChars, name);
  return { document_id: input.id, document_name: name, kind: result.kind, pages: result.pages, lines: result.lines, pairs: result.pairs, chars };
}

function readTextLike(text: string, input: ReadInput, maxChars: number): ReadResult {
  checkSize(text.length, maxChars, input.name);
  const trimmed = text.trim();
  if (!trimmed) throw new UnsupportedContextFileError(`The file "${input.name}" has no text.`);
  const ext = /\.([a-z0-9]+)$/i.exec(input.name)?.[1]?.toLowerCase() ?? '';
  const mime = (input.mimetype ?? '').toLowerCase();
  if (/^[[{]/.test(trimmed)) {
    try {
      return readJson(JSON.parse(trimmed), maxChars, input.name);
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
    }
  }
  const namedCsv = ext === 'csv' || ext === 'tsv' || mime.includes('csv') || mime.includes('tab-separated');
  const namedProse = ['txt', 'md', 'markdown', 'eml', 'text', 'log'].includes(ext) || mime === 'text/plain' || mime === 'text/markdown';
  const delimiter = guessDelimiter(text);
  if (namedCsv || (delimiter && !namedProse)) return readCsv(text, maxChars, input.name, delimiter ?? (ext === 'tsv' ? '\t' : ','));
  return readText(text, maxChars, input.name);
}
