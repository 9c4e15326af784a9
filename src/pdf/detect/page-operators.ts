// A page's operator list read once and reused for rendering it (detection renders scans, outlined
// text and unknown glyphs): pdf.js would otherwise parse the page and decode its images again.
// Kept apart from pdfjs.ts, which knows documents, so the page model can use it without a cycle.
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a page draws, as pdf.js lists it (annotations left out), and what rendering it needs. */
export interface PageOperators {
  fnArray: number[];
  argsArray: unknown[][];
  /** Whether the page uses blend modes (pdf.js renders those on a layer); null when unknown. */
  transparency: boolean | null;
}

// pdf.js's page internals the two functions below rely on (pdfjs-dist 5.4); when they are not
// there, the page is simply parsed again for rendering, as pdf.js does by itself.
interface Capability<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}
interface IntentState {
  displayReadyCapability?: Capability<boolean>;
  operatorList?: { fnArray: number[]; argsArray: unknown[][]; lastChunk: boolean; separateAnnots: unknown };
  renderTasks?: Set<unknown>;
}
interface PageInternals {
  _intentStates?: Map<string, IntentState>;
  _transport?: { getRenderingIntent?(intent: string, annotationMode: number, storage?: null, isEditing?: boolean, isOpList?: boolean): { cacheKey: string } };
}
const ANNOTATIONS_DISABLE = 0; // pdf.js AnnotationMode.DISABLE

function capability<T>(): Capability<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The page's operator list, annotations left out, with the transparency flag rendering needs. */
export async function readOperators(page: PDFPageProxy): Promise<PageOperators> {
  const listed = page.getOperatorList({ annotationMode: ANNOTATIONS_DISABLE });
  // pdf.js announces the flag to the list's intent state, which only a render listens on: listen.
  const internals = page as unknown as PageInternals;
  const key = internals._transport?.getRenderingIntent?.('display', ANNOTATIONS_DISABLE, null, false, true)?.cacheKey;
  const state = key === undefined ? undefined : internals._intentStates?.get(key);
  let transparency: Promise<boolean | null> = Promise.resolve(null);
  if (state && !state.displayReadyCapability) {
    state.displayReadyCapability = capability<boolean>();
    transparency = state.displayReadyCapability.promise.catch(() => null);
  }
  const ops = await listed;
  // The flag is sent before the list: by now it is here, or it never comes (null: first in the race).
  return { fnArray: ops.fnArray, argsArray: ops.argsArray as unknown[][], transparency: await Promise.race([transparency, Promise.resolve(null)]) };
}

/**
 * Lets the page's next renders draw `ops` instead of pdf.js parsing the page (and decoding its
 * images) once more: rendering lists the same operators again, only grouped. Checked pixel for
 * pixel on the dev corpus' rendered pages; half the CPU of rendering a dense page.
 */
export function renderFromOperators(page: PDFPageProxy, ops: PageOperators): void {
  if (ops.transparency === null) return;
  const internals = page as unknown as PageInternals;
  const key = internals._transport?.getRenderingIntent?.('display', ANNOTATIONS_DISABLE)?.cacheKey;
  const states = internals._intentStates;
  if (key === undefined || !states || states.has(key)) return;
  const ready = capability<boolean>();
  ready.resolve(ops.transparency);
  // renderTasks: page.cleanup() reads it on every intent state.
  states.set(key, { displayReadyCapability: ready, operatorList: { fnArray: ops.fnArray, argsArray: ops.argsArray, lastChunk: true, separateAnnots: null }, renderTasks: new Set() });
}
