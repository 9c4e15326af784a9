// Loads pdfjs-dist for Node and opens documents. pdfjs 6 expects two ES2024 built-ins that
// Node 20 lacks (Promise.withResolvers, ArrayBuffer.prototype.transferToFixedLength); without
// them getDocument throws and operator lists silently come back empty, so we add minimal
// polyfills before the first import.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type Pdfjs = typeof PdfjsModule;
export type { PDFDocumentProxy };

/** The one error detectFields throws: the bytes are not a PDF we can open. */
export class PdfReadError extends Error {
  readonly code = 'pdf_unreadable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfReadError';
  }
}

function installPolyfills(): void {
  const P = Promise as unknown as { withResolvers?: unknown };
  if (typeof P.withResolvers !== 'function') {
    P.withResolvers = function withResolvers<T>() {
      let resolve!: (v: T) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<T>((a, b) => {
        resolve = a;
        reject = b;
      });
      return { promise, resolve, reject };
    };
  }
  const AB = ArrayBuffer.prototype as unknown as { transferToFixedLength?: unknown };
  if (typeof AB.transferToFixedLength !== 'function') {
    AB.transferToFixedLength = function transferToFixedLength(this: ArrayBuffer, len = this.byteLength) {
      const out = new ArrayBuffer(len);
      new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(len, this.byteLength)));
      return out;
    };
  }
}

let loaded: Promise<Pdfjs> | null = null;

export function loadPdfjs(): Promise<Pdfjs> {
  if (!loaded) {
    installPolyfills();
    loaded = import('pdfjs-dist/legacy/build/pdf.mjs');
  }
  return loaded;
}

const require = createRequire(import.meta.url);
/** Folder of the standard 14 font programs, so non-embedded fonts get real metrics offline. */
export const STANDARD_FONT_DIR = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  // pdfjs may transfer (detach) the buffer it is given: hand it a copy so the caller's bytes survive.
  const data = new Uint8Array(bytes);
  try {
    return await pdfjs.getDocument({
      data,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: STANDARD_FONT_DIR,
      isEvalSupported: false,
      verbosity: 0,
    }).promise;
  } catch (err) {
    throw new PdfReadError(`not a readable PDF: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}
