// Assembling a new PDF from pages of parsed documents: build, join, keep, remove and reorder all
// come down to "these pages, in this order, with these rotations".
//
// Each source object is copied once per output with a reference map, never re-serialised through
// a document model. A page taken again (the same file joined twice, or a page repeated) is an
// "occurrence": its page dictionary, annotations and form fields are copied afresh (they point at
// their page and carry field names), while what they draw with (content streams, resources,
// fonts, images, appearance streams) is shared between occurrences, as qpdf does. References to
// pages that are not taken, and to the source's page tree and catalog, become null, so nothing of
// a dropped page leaks into the output through links or field kids.
import { PDFArray, PDFBool, PDFContext, PDFDict, PDFHexString, PDFName, PDFNull, PDFNumber, PDFObject, PDFRawStream, PDFRef, PDFStream, PDFString } from '@cantoo/pdf-lib';
import type { PdfReader } from './reader.ts';
import { INHERITABLE, annotations, pageRotation, type PageLeaf, type PageTree } from './pages.ts';
import { writePdf } from './writer.ts';

const N = (s: string) => PDFName.of(s);

/**
 * A reference in the output. Output objects are only ever serialised, so their references need
 * no identity in a PDFContext: this skips pdf-lib's global PDFRef pool (a string key per lookup).
 */
class OutRef extends PDFObject {
  private readonly text: string;
  constructor(readonly objectNumber: number) {
    super();
    this.text = `${objectNumber} 0 R`;
  }
  override toString(): string {
    return this.text;
  }
}

/** A dictionary's entries without pdf-lib's copy into a new array (this is the hottest loop). */
const entriesOf = (d: PDFDict): Map<PDFName, PDFObject> => (d as unknown as { dict: Map<PDFName, PDFObject> }).dict;
const Parent = N('Parent');
const Kids = N('Kids');
const Rotate = N('Rotate');

/** Below these keys objects are shared between occurrences: they draw, they do not identify. */
const SHARED_KEYS = new Set(['Resources', 'Contents', 'AP', 'Thumb', 'Metadata', 'Group', 'PieceInfo', 'FS', 'DR'].map(N));
/** Page entries not carried over: the old tree position, and article beads (threads are not copied). */
const DROPPED_PAGE_KEYS = new Set([Parent, N('B')]);

export interface Source {
  reader: PdfReader;
  tree: PageTree;
}

export interface OutputPage {
  source: number;
  /** Zero-based page index in its source. */
  page: number;
  /** Degrees added to the page's rotation. */
  rotate: number;
}

/** One taking of a set of pages of a source: its private copies of pages, annotations and fields. */
interface Occurrence {
  source: SourceState;
  map: Map<PDFRef, number>;
  /** Page leaf → output object number, for pages this occurrence takes. */
  selected: Map<PDFRef, number>;
  placed: Set<PDFRef>;
  liveFields: Set<PDFRef>;
  /** Top-level fields found so far. */
  rootSet: Set<PDFRef>;
}

interface SourceState {
  src: Source;
  shared: Map<PDFRef, number>;
  pageOf: Map<PDFRef, PageLeaf>;
  occurrences: Occurrence[];
  /** Page leaf → its output object in the first occurrence that took it (for shared objects). */
  firstSelected: Map<PDFRef, number>;
  catalog?: PDFRef;
}

export interface AssembleOptions {
  /** Copy this source's document information (title, author…) into the output. */
  infoFrom?: number;
}

export function assemble(sources: Source[], output: OutputPage[], options: AssembleOptions = {}): Uint8Array {
  const outCtx = PDFContext.create(); // only so new dictionaries have a context; nothing is registered in it
  const refs: OutRef[] = [];
  const outRef = (n: number) => refs[n] ?? (refs[n] = new OutRef(n));
  const objects: (PDFObject | undefined)[] = [undefined];
  const alloc = () => objects.push(undefined) - 1;
  const catalogNum = alloc();
  const pagesNum = alloc();
  const queue: { state: SourceState; ref: PDFRef; occ: Occurrence | null; out: number }[] = [];

  const states: SourceState[] = sources.map((src) => ({
    src,
    shared: new Map(),
    pageOf: new Map(src.tree.pages.map((p) => [p.ref, p])),
    occurrences: [],
    firstSelected: new Map(),
    catalog: src.reader.trailer.root instanceof PDFRef ? src.reader.trailer.root : undefined,
  }));

  // Output page objects, each in the first occurrence of its source that does not hold it yet.
  const placedPages = output.map((o) => {
    const state = states[o.source];
    const leaf = state.src.tree.pages[o.page];
    let occ = state.occurrences.find((x) => !x.selected.has(leaf.ref));
    if (!occ) {
      occ = { source: state, map: new Map(), selected: new Map(), placed: new Set(), liveFields: new Set(), rootSet: new Set() };
      state.occurrences.push(occ);
    }
    const num = alloc();
    occ.selected.set(leaf.ref, num);
    if (!state.firstSelected.has(leaf.ref)) state.firstSelected.set(leaf.ref, num);
    return { state, leaf, occ, num, rotate: o.rotate };
  });

  // What each occurrence owns: the annotations of its pages and the fields above their widgets.
  // Top-level fields are listed in output order, so the first to use a name keeps it.
  const roots: { state: SourceState; occ: Occurrence; root: PDFRef }[] = [];
  for (const { state, leaf, occ } of placedPages) {
    const r = state.src.reader;
    for (const a of annotations(r, leaf)) {
      if (!(a instanceof PDFRef) || occ.placed.has(a)) continue;
      occ.placed.add(a);
      const annot = r.dict(a);
      if (annot?.get(N('Subtype')) !== N('Widget')) continue;
      // Up the /Parent chain to the top-level field; stop early where another widget already went.
      let field = a;
      let root: PDFRef | undefined;
      for (let depth = 0; depth < 32; depth++) {
        occ.liveFields.add(field);
        const parent = r.dict(field)?.get(Parent);
        if (!(parent instanceof PDFRef) || !r.dict(parent)) {
          root = field;
          break;
        }
        if (occ.liveFields.has(parent)) break;
        field = parent;
      }
      if (root && !occ.rootSet.has(root)) {
        occ.rootSet.add(root);
        roots.push({ state, occ, root });
      }
    }
  }

  const copyRef = (ref: PDFRef, state: SourceState, occ: Occurrence | null): PDFObject => {
    const page = state.pageOf.get(ref);
    if (page) {
      const num = occ ? occ.selected.get(ref) : state.firstSelected.get(ref);
      return num ? outRef(num) : PDFNull;
    }
    if (ref === state.catalog || state.src.tree.nodes.has(ref)) return PDFNull;
    const map = occ ? occ.map : state.shared;
    let num = map.get(ref);
    if (num === undefined) {
      num = alloc();
      map.set(ref, num);
      queue.push({ state, ref, occ, out: num });
    }
    return outRef(num);
  };

  const copyValue = (v: PDFObject, state: SourceState, occ: Occurrence | null, self?: PDFRef): PDFObject => {
    if (v instanceof PDFRef) return copyRef(v, state, occ);
    if (v instanceof PDFDict) return copyDict(v, state, occ, self);
    if (v instanceof PDFArray) {
      const arr = PDFArray.withContext(outCtx);
      for (const item of v.asArray()) arr.push(copyValue(item, state, occ));
      return arr;
    }
    if (v instanceof PDFRawStream) return PDFRawStream.of(copyDict(v.dict, state, occ), v.contents);
    if (v instanceof PDFStream) return PDFRawStream.of(copyDict(v.dict, state, occ), v.getContents());
    // pdf-lib keeps decrypted string bytes unescaped: write them as hex so any byte is safe.
    if (v instanceof PDFString && state.src.reader.encrypted) return PDFHexString.of(Buffer.from(v.asString(), 'latin1').toString('hex'));
    return v; // names, numbers, booleans, null, strings: immutable, shared as they are
  };

  const copyDict = (d: PDFDict, state: SourceState, occ: Occurrence | null, self?: PDFRef, skip?: Set<PDFName>): PDFDict => {
    const out = new Map<PDFName, PDFObject>();
    const isField = self !== undefined && occ !== null && occ.liveFields.has(self);
    for (const [k, v] of entriesOf(d)) {
      if (skip?.has(k)) continue;
      if (isField && k === Kids) {
        out.set(k, copyKids(v, state, occ!));
        continue;
      }
      out.set(k, copyValue(v, state, occ && SHARED_KEYS.has(k) ? null : occ));
    }
    return PDFDict.fromMapWithContext(out, outCtx);
  };

  /** A field's kids, less those whose widgets are all on pages not taken. */
  const copyKids = (v: PDFObject, state: SourceState, occ: Occurrence): PDFArray => {
    const arr = PDFArray.withContext(outCtx);
    for (const kid of state.src.reader.array(v)?.asArray() ?? []) {
      if (kid instanceof PDFRef && (occ.placed.has(kid) || occ.liveFields.has(kid))) arr.push(copyRef(kid, state, occ));
    }
    return arr;
  };

  // Pages: own copies of inherited attributes, rotation added, under the new page tree root.
  for (const { state, leaf, occ, num, rotate } of placedPages) {
    const dict = copyDict(leaf.dict, state, occ, undefined, DROPPED_PAGE_KEYS);
    for (const key of INHERITABLE) {
      const v = leaf.inherited[key];
      if (v !== undefined) dict.set(N(key), copyValue(v, state, key === 'Resources' ? null : occ));
    }
    if (rotate) dict.set(Rotate, PDFNumber.of((pageRotation(state.src.reader, leaf) + rotate) % 360));
    dict.set(N('Type'), N('Page'));
    dict.set(Parent, outRef(pagesNum));
    objects[num] = dict;
  }

  const drain = () => {
    while (queue.length) {
      const { state, ref, occ, out } = queue.pop()!;
      const obj = state.src.reader.lookup(ref);
      objects[out] = obj === undefined ? PDFNull : copyValue(obj, state, occ, ref);
    }
  };
  drain();

  // Form fields: top-level fields join the output's AcroForm; a taken name gets _2, _3, …
  const fields: OutRef[] = [];
  const taken = new Set<string>();
  const nextSuffix = new Map<string, number>();
  const acro = { dr: new Map<PDFName, PDFObject>(), drSub: new Map<PDFName, Map<PDFName, PDFObject>>(), da: undefined as PDFObject | undefined, needAppearances: false, sigFlags: 0 };
  const contributed = new Set<SourceState>();
  for (const { state, occ, root } of roots) {
    const num = occ.map.get(root);
    const dict = num !== undefined ? objects[num] : undefined;
    if (!(dict instanceof PDFDict)) continue;
    contributed.add(state);
    let name = fieldName(dict) ?? 'field';
    if (taken.has(name)) {
      let n = nextSuffix.get(name) ?? 2;
      while (taken.has(`${name}_${n}`)) n++;
      nextSuffix.set(name, n + 1);
      name = `${name}_${n}`;
      dict.set(N('T'), PDFHexString.fromText(name));
    }
    taken.add(name);
    fields.push(outRef(num!));
    adoptFormDefaults(state, dict, acro);
  }

  const catalog = new Map<PDFName, PDFObject>([
    [N('Type'), N('Catalog')],
    [N('Pages'), outRef(pagesNum)],
  ]);
  if (fields.length) {
    const form = new Map<PDFName, PDFObject>([[N('Fields'), PDFArray.withContext(outCtx)]]);
    for (const f of fields) (form.get(N('Fields')) as PDFArray).push(f);
    for (const state of contributed) mergeDefaultResources(state, acro, copyValue);
    drain();
    if (acro.dr.size || acro.drSub.size) {
      const dr = new Map(acro.dr);
      for (const [k, entries] of acro.drSub) dr.set(k, PDFDict.fromMapWithContext(new Map(entries), outCtx));
      form.set(N('DR'), PDFDict.fromMapWithContext(dr, outCtx));
    }
    if (acro.da) form.set(N('DA'), acro.da);
    if (acro.needAppearances) form.set(N('NeedAppearances'), PDFBool.True);
    if (acro.sigFlags) form.set(N('SigFlags'), PDFNumber.of(acro.sigFlags));
    const formNum = alloc();
    objects[formNum] = PDFDict.fromMapWithContext(form, outCtx);
    catalog.set(N('AcroForm'), outRef(formNum));
  }
  objects[catalogNum] = PDFDict.fromMapWithContext(catalog, outCtx);
  const kids = PDFArray.withContext(outCtx);
  for (const p of placedPages) kids.push(outRef(p.num));
  objects[pagesNum] = PDFDict.fromMapWithContext(
    new Map<PDFName, PDFObject>([
      [N('Type'), N('Pages')],
      [Kids, kids],
      [N('Count'), PDFNumber.of(placedPages.length)],
    ]),
    outCtx,
  );

  let info: number | undefined;
  if (options.infoFrom !== undefined) {
    const state = states[options.infoFrom];
    const src = state.src.reader.dict(state.src.reader.trailer.info);
    if (src) {
      info = alloc();
      objects[info] = copyValue(src, state, null);
      drain();
    }
  }
  return writePdf({ objects, root: catalogNum, info });

  function adoptFormDefaults(state: SourceState, root: PDFDict, a: typeof acro) {
    const form = state.src.reader.dict(state.src.reader.catalog().get(N('AcroForm')));
    if (!form) return;
    const da = state.src.reader.resolve(form.get(N('DA')));
    if (da && a.da === undefined) a.da = copyValue(da, state, null);
    // A field inheriting another document's default appearance keeps it as its own.
    else if (da && a.da && !root.has(N('DA')) && da.toString() !== a.da.toString()) root.set(N('DA'), copyValue(da, state, null));
    if (state.src.reader.resolve(form.get(N('NeedAppearances')))?.toString() === 'true') a.needAppearances = true;
    a.sigFlags |= state.src.reader.number(form.get(N('SigFlags'))) ?? 0;
  }
}

/** Adds a source form's default resources (fonts named in /DA) that the output does not have yet. */
function mergeDefaultResources(
  state: SourceState,
  acro: { dr: Map<PDFName, PDFObject>; drSub: Map<PDFName, Map<PDFName, PDFObject>> },
  copyValue: (v: PDFObject, state: SourceState, occ: null) => PDFObject,
): void {
  const r = state.src.reader;
  const dr = r.dict(r.dict(r.catalog().get(N('AcroForm')))?.get(N('DR')));
  if (!dr) return;
  for (const [k, v] of dr.entries()) {
    const sub = r.dict(v);
    if (!sub) {
      if (!acro.dr.has(k)) acro.dr.set(k, copyValue(v, state, null));
      continue;
    }
    let entries = acro.drSub.get(k);
    if (!entries) acro.drSub.set(k, (entries = new Map()));
    for (const [name, value] of sub.entries()) if (!entries.has(name)) entries.set(name, copyValue(value, state, null));
  }
}

function fieldName(dict: PDFDict): string | undefined {
  const t = dict.get(N('T'));
  return t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : undefined;
}
