// A page's operator list read once and reused for rendering it (detection renders scans, outlined
// text and unknown glyphs): pdf.js would otherwise parse the page and decode its images again.
// Kept apart from pdfjs.ts, which knows documents, so the page model can use it without a cycle.
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Matrix } from './geometry.ts';
import { IDENTITY, multiply } from './geometry.ts';
import { OPS } from './ops.ts';

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
 * `ops` without the clips that cut nothing a render shows: a rectangle reaching beyond the page on
 * every side by 1 % of its longer side. Exporters wrap each object they draw in clips to the page
 * and to a bleed box around it; on a page of outlined text that is several clips per glyph, and
 * leaving out the bleed boxes saves a tenth to a quarter of the time it takes to render. A render covers the page and at most one pixel more, and the
 * detector draws at least 100 pixels along a page's longer side (150 dpi and more, or 4000 pixels
 * for the largest scans), so such a clip contains every pixel drawn: the pixels stay the same.
 * Clips inside transparency groups are kept (a group draws on a canvas of its own).
 */
export function withoutPageClips(ops: PageOperators, view: readonly number[]): PageOperators {
  const margin = 0.01 * Math.max(view[2] - view[0], view[3] - view[1]);
  const [x1, y1, x2, y2] = [view[0] - margin, view[1] - margin, view[2] + margin, view[3] + margin];
  const { fnArray, argsArray } = ops;
  const dropped = new Uint8Array(fnArray.length);
  let any = false;
  let ctm: Matrix = IDENTITY;
  const stack: Matrix[] = [];
  let groups = 0;
  for (let k = 0; k < fnArray.length; k++) {
    const args = argsArray[k];
    switch (fnArray[k]) {
      case OPS.save:
        stack.push(ctm);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.transform:
        ctm = multiply(args as unknown as Matrix, ctm);
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push(ctm);
        const m = args?.[0] as ArrayLike<number> | null;
        if (m && m.length === 6) ctm = multiply(Array.from(m) as Matrix, ctm);
        break;
      }
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.beginGroup:
        groups++;
        break;
      case OPS.endGroup:
        groups--;
        break;
      case OPS.clip:
      case OPS.eoClip: {
        // pdf.js lists a clip as the clip mode, then the path it applies to (painted by endPath).
        const path = argsArray[k + 1];
        if (groups || fnArray[k + 1] !== OPS.constructPath || path?.[0] !== OPS.endPath) break;
        const rect = rectangle((path[1] as unknown[] | undefined)?.[0] as ArrayLike<number> | undefined, ctm);
        if (rect && rect[0] <= x1 && rect[1] <= y1 && rect[2] >= x2 && rect[3] >= y2) {
          dropped[k] = dropped[k + 1] = 1;
          any = true;
          k++;
        }
        break;
      }
    }
  }
  if (!any) return ops;
  const kept: number[] = [];
  const keptArgs: unknown[][] = [];
  for (let k = 0; k < fnArray.length; k++) {
    if (dropped[k]) continue;
    kept.push(fnArray[k]);
    keptArgs.push(argsArray[k]);
  }
  return { fnArray: kept, argsArray: keptArgs, transparency: ops.transparency };
}

/**
 * [x1, y1, x2, y2] of a path that is one axis-aligned rectangle after `ctm` (pdf.js path codes:
 * moveTo 0, lineTo 1, closePath 4; a curve is no rectangle), else null.
 */
function rectangle(data: ArrayLike<number> | undefined, ctm: Matrix): [number, number, number, number] | null {
  if (!data) return null;
  let n = 0;
  let [x0, y0, px, py] = [0, 0, 0, 0];
  let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === 4) continue;
    if ((op !== 0 || n) && op !== 1) return null;
    const x = ctm[0] * data[i] + ctm[2] * data[i + 1] + ctm[4];
    const y = ctm[1] * data[i] + ctm[3] * data[i + 1] + ctm[5];
    i += 2;
    // Each side runs along x or along y.
    if (n && Math.abs(x - px) > 1e-6 && Math.abs(y - py) > 1e-6) return null;
    if (!n) [x0, y0] = [x, y];
    [px, py] = [x, y];
    n++;
    if (x < x1) x1 = x;
    if (x > x2) x2 = x;
    if (y < y1) y1 = y;
    if (y > y2) y2 = y;
  }
  // Four corners, the first maybe repeated at the end; the closing side runs along x or y too.
  if (n === 5 && Math.abs(px - x0) <= 1e-6 && Math.abs(py - y0) <= 1e-6) n = 4;
  if (n !== 4 || (Math.abs(px - x0) > 1e-6 && Math.abs(py - y0) > 1e-6)) return null;
  return [x1, y1, x2, y2];
}

/**
 * Lets the page's next renders draw `ops` instead of pdf.js parsing the page (and decoding its
 * images) once more: rendering lists the same operators again, only grouped. Checked pixel for
 * pixel on the dev corpus' rendered pages; half the CPU of rendering a dense page. Clips that cut
 * nothing are left out (withoutPageClips).
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
  const drawn = withoutPageClips(ops, page.view);
  states.set(key, { displayReadyCapability: ready, operatorList: { fnArray: drawn.fnArray, argsArray: drawn.argsArray, lastChunk: true, separateAnnots: null }, renderTasks: new Set() });
}
