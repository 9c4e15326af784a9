// A parsed PDF, ready to receive incremental updates: its trailer, pages, AcroForm and field tree.
// Parsing a large form takes 50–300 ms, far more than writing a fill, so parsed templates are
// cached by content hash (batch fills reuse the same form for every row). Template objects are
// treated as immutable: updates work on shallow copies (see Update.patch).

import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
  PDFBool,
  ParseSpeeds,
} from '@cantoo/pdf-lib';
import { SecurityHandler, UnsupportedEncryptionError, type EncryptDictInput } from './crypto.ts';
import { nameOf, numOf, textOf, type TrailerInfo } from './writer.ts';

export type FieldKind = 'text' | 'checkbox' | 'radio' | 'combo' | 'list' | 'pushbutton' | 'signature';

export const FF = {
  ReadOnly: 1 << 0,
  Required: 1 << 1,
  Multiline: 1 << 12,
  Password: 1 << 13,
  NoToggleToOff: 1 << 14,
  Radio: 1 << 15,
  Pushbutton: 1 << 16,
  Combo: 1 << 17,
  Edit: 1 << 18,
  FileSelect: 1 << 20,
  MultiSelect: 1 << 21,
  DoNotSpellCheck: 1 << 22,
  DoNotScroll: 1 << 23,
  Comb: 1 << 24,
  RadiosInUnison: 1 << 25,
} as const;

export const ANNOT_FLAG = { Hidden: 2, Print: 4, NoView: 32 } as const;

export interface TemplateWidget {
  ref: PDFRef;
  dict: PDFDict;
  /** Zero-based page index, -1 when the widget is on no page. */
  page: number;
  /** Normalized [x1, y1, x2, y2]. */
  rect: [number, number, number, number];
  /** /MK /R, one of 0, 90, 180, 270. */
  rotation: number;
  /** Annotation flags (/F). */
  flags: number;
  /** Appearance state names of /AP /N other than Off. */
  onStates: string[];
  /** Export value of this button widget (from the field's /Opt when present, else its on-state). */
  exportValue?: string;
}

export interface TemplateField {
  /** Fully qualified name. */
  name: string;
  kind: FieldKind;
  /** The terminal field dictionaries carrying this name (normally exactly one). */
  nodes: { ref: PDFRef; dict: PDFDict }[];
  flags: number;
  da?: string;
  q: number;
  maxLen?: number;
  /** Choice options (export value and display text). */
  options: { value: string; label: string }[];
  widgets: TemplateWidget[];
  /** Resource dictionaries to resolve /DA font names: field-level /DR (non-standard but common), then the AcroForm's. */
  drs: PDFDict[];
  /** Current /V (inherited). */
  value?: PDFObject;
}

export interface TemplatePage {
  ref: PDFRef;
  dict: PDFDict;
  rotate: number;
  /** Inherited /Resources (resolved), if any. */
  resources?: PDFDict;
}

export interface Template {
  key: string;
  length: number;
  endsWithEol: boolean;
  ctx: PDFContext;
  sec: SecurityHandler | null;
  trailer: TrailerInfo;
  catalogRef: PDFRef;
  catalog: PDFDict;
  pages: TemplatePage[];
  /** Object number of an annotation -> page index. */
  annotPage: Map<number, number>;
  /** AcroForm: reference when indirect; undefined when inline in the catalog or absent. */
  acroFormRef?: PDFRef;
  acroForm?: PDFDict;
  dr?: PDFDict;
  defaultDA?: string;
  needAppearances: boolean;
  hasXfa: boolean;
  fields: Map<string, TemplateField>;
  fieldList: TemplateField[];
  /** Top-level fields of orphan widgets: reached from the pages' /Annots, not from /AcroForm /Fields. */
  orphanFields: PDFRef[];
}

export class PdfStructureError extends Error {
  readonly code = 'unreadable_pdf';
  constructor(message: string) {
    super(message);
    this.name = 'PdfStructureError';
  }
}

// ---------------------------------------------------------------------------------------------

const N = (s: string) => PDFName.of(s);

export function resolve(ctx: PDFContext, o: PDFObject | undefined): PDFObject | undefined {
  let cur = o;
  for (let i = 0; i < 32 && cur instanceof PDFRef; i++) cur = ctx.lookup(cur);
  return cur instanceof PDFRef ? undefined : cur;
}

export function dictOf(ctx: PDFContext, o: PDFObject | undefined): PDFDict | undefined {
  const r = resolve(ctx, o);
  return r instanceof PDFDict ? r : undefined;
}

export function arrayOf(ctx: PDFContext, o: PDFObject | undefined): PDFArray | undefined {
  const r = resolve(ctx, o);
  return r instanceof PDFArray ? r : undefined;
}

function bytesOf(o: PDFObject | undefined): Uint8Array | undefined {
  if (o instanceof PDFString || o instanceof PDFHexString) return o.asBytes();
  return undefined;
}

/**
 * The bytes an incremental update can be appended to: the file's own, or, when its startxref is
 * missing or points past its end (a file cut short, or its offsets rewritten, which viewers and
 * pdf.js read by scanning its objects), the file written out whole by pdf-lib, which reads it the
 * same way. An encrypted file is left as it is: written out, its objects would come out decrypted.
 */
export async function appendableBytes(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    findStartXref(bytes);
    return bytes;
  } catch (err) {
    if (!(err instanceof PdfStructureError)) throw err;
  }
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false }).catch(() => null);
  return doc ? doc.save({ useObjectStreams: false }) : bytes;
}

function findStartXref(bytes: Uint8Array): { offset: number; xrefStream: boolean } {
  const tailStart = Math.max(0, bytes.length - 4096);
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset + tailStart, bytes.length - tailStart).toString('latin1');
  const i = tail.lastIndexOf('startxref');
  if (i < 0) throw new PdfStructureError('no startxref');
  const m = /^startxref\s+(\d+)/.exec(tail.slice(i));
  if (!m) throw new PdfStructureError('malformed startxref');
  const offset = Number(m[1]);
  if (offset >= bytes.length) throw new PdfStructureError('startxref beyond end of file');
  let p = offset;
  while (p < bytes.length && (bytes[p] === 0x20 || bytes[p] === 0x0a || bytes[p] === 0x0d || bytes[p] === 0x09)) p++;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset + p, Math.min(4, bytes.length - p)).toString('latin1');
  return { offset, xrefStream: head !== 'xref' };
}

function cryptMethod(ctx: PDFContext, enc: PDFDict, which: 'StmF' | 'StrF'): 'none' | 'rc4' | 'aesv2' | 'aesv3' {
  const name = nameOf(enc.get(N(which))) ?? 'Identity';
  if (name === 'Identity') return 'none';
  const cf = dictOf(ctx, enc.get(N('CF')));
  const filter = dictOf(ctx, cf?.get(N(name)));
  const cfm = nameOf(filter?.get(N('CFM'))) ?? 'None';
  if (cfm === 'V2') return 'rc4';
  if (cfm === 'AESV2') return 'aesv2';
  if (cfm === 'AESV3') return 'aesv3';
  return 'none';
}

function securityFor(raw: PDFContext): SecurityHandler | null {
  const encObj = raw.trailerInfo.Encrypt;
  if (!encObj) return null;
  const enc = dictOf(raw, encObj);
  if (!enc) throw new UnsupportedEncryptionError('unreadable /Encrypt dictionary');
  const idArr = arrayOf(raw, raw.trailerInfo.ID);
  const id0 = bytesOf(idArr?.get(0)) ?? new Uint8Array(0);
  const cf = dictOf(raw, enc.get(N('CF')));
  const stmName = nameOf(enc.get(N('StmF')));
  const cfLen = numOf(dictOf(raw, cf?.get(N(stmName ?? '')))?.get(N('Length')));
  const em = enc.get(N('EncryptMetadata'));
  const input: EncryptDictInput = {
    filter: nameOf(enc.get(N('Filter'))) ?? '',
    v: numOf(enc.get(N('V'))) ?? 0,
    r: numOf(enc.get(N('R'))) ?? 0,
    lengthBits: numOf(enc.get(N('Length'))),
    o: bytesOf(enc.get(N('O'))) ?? new Uint8Array(0),
    u: bytesOf(enc.get(N('U'))) ?? new Uint8Array(0),
    oe: bytesOf(enc.get(N('OE'))),
    ue: bytesOf(enc.get(N('UE'))),
    p: numOf(enc.get(N('P'))) ?? 0,
    encryptMetadata: !(em instanceof PDFBool && !em.asBoolean()),
    stmMethod: cryptMethod(raw, enc, 'StmF'),
    strMethod: cryptMethod(raw, enc, 'StrF'),
    cfLengthBytes: cfLen === undefined ? undefined : cfLen < 40 ? cfLen : cfLen / 8,
  };
  return new SecurityHandler(input, id0);
}

function normRot(n: number | undefined): number {
  const r = Math.round((n ?? 0) / 90) * 90;
  return ((r % 360) + 360) % 360;
}

function walkPages(ctx: PDFContext, root: PDFDict): TemplatePage[] {
  const pages: TemplatePage[] = [];
  const seen = new Set<PDFDict>();
  const visit = (ref: PDFRef | undefined, node: PDFDict, rotate: number | undefined, res: PDFDict | undefined) => {
    if (seen.has(node)) return;
    seen.add(node);
    const rot = numOf(resolve(ctx, node.get(N('Rotate')))) ?? rotate;
    const r = dictOf(ctx, node.get(N('Resources'))) ?? res;
    const kids = arrayOf(ctx, node.get(N('Kids')));
    const type = nameOf(node.get(N('Type')));
    if (kids && type !== 'Page') {
      for (const k of kids.asArray()) {
        const kd = dictOf(ctx, k);
        if (kd) visit(k instanceof PDFRef ? k : undefined, kd, rot, r);
      }
    } else if (ref) {
      pages.push({ ref, dict: node, rotate: normRot(rot), resources: r });
    }
  };
  const pagesRef = root.get(N('Pages'));
  const pagesDict = dictOf(ctx, pagesRef);
  if (pagesDict) visit(pagesRef instanceof PDFRef ? pagesRef : undefined, pagesDict, undefined, undefined);
  return pages;
}

function optionsOf(ctx: PDFContext, opt: PDFObject | undefined): { value: string; label: string }[] {
  const arr = arrayOf(ctx, opt);
  if (!arr) return [];
  const out: { value: string; label: string }[] = [];
  for (const item of arr.asArray()) {
    const it = resolve(ctx, item);
    if (it instanceof PDFArray) {
      const v = textOf(resolve(ctx, it.get(0))) ?? nameOf(resolve(ctx, it.get(0))) ?? '';
      const l = textOf(resolve(ctx, it.get(1))) ?? v;
      out.push({ value: v, label: l });
    } else {
      const v = textOf(it) ?? nameOf(it) ?? '';
      out.push({ value: v, label: v });
    }
  }
  return out;
}

function onStatesOf(ctx: PDFContext, w: PDFDict): string[] {
  const ap = dictOf(ctx, w.get(N('AP')));
  const states = new Set<string>();
  for (const key of ['N', 'D']) {
    const sub = resolve(ctx, ap?.get(N(key)));
    if (sub instanceof PDFDict && !(sub instanceof PDFStream)) {
      for (const k of sub.keys()) {
        const s = k.decodeText();
        if (s !== 'Off') states.add(s);
      }
    }
    if (states.size) break;
  }
  return [...states];
}

interface Inherited {
  ft?: string;
  ff?: number;
  v?: PDFObject;
  da?: string;
  q?: number;
  maxLen?: number;
  opt?: PDFObject;
  dr?: PDFDict;
}

function buildFields(
  ctx: PDFContext,
  acroForm: PDFDict | undefined,
  annotPage: Map<number, number>,
  pageIndexByRef: Map<number, number>,
  annotRefs: PDFRef[],
): { fields: TemplateField[]; orphans: PDFRef[] } {
  const out = new Map<string, TemplateField>();
  const order: TemplateField[] = [];
  const fieldsArr = arrayOf(ctx, acroForm?.get(N('Fields')));
  const afDR = dictOf(ctx, acroForm?.get(N('DR')));
  const seen = new Set<number>();

  const makeWidget = (ref: PDFRef, dict: PDFDict): TemplateWidget => {
    const rectArr = arrayOf(ctx, dict.get(N('Rect')));
    const nums = rectArr ? rectArr.asArray().map((x) => numOf(resolve(ctx, x)) ?? 0) : [0, 0, 0, 0];
    while (nums.length < 4) nums.push(0);
    const rect: [number, number, number, number] = [
      Math.min(nums[0], nums[2]),
      Math.min(nums[1], nums[3]),
      Math.max(nums[0], nums[2]),
      Math.max(nums[1], nums[3]),
    ];
    let page = annotPage.get(ref.objectNumber) ?? -1;
    if (page < 0) {
      const p = dict.get(N('P'));
      if (p instanceof PDFRef) page = pageIndexByRef.get(p.objectNumber) ?? -1;
    }
    const mk = dictOf(ctx, dict.get(N('MK')));
    return {
      ref,
      dict,
      page,
      rect,
      rotation: normRot(numOf(resolve(ctx, mk?.get(N('R'))))),
      flags: numOf(resolve(ctx, dict.get(N('F')))) ?? 0,
      onStates: onStatesOf(ctx, dict),
    };
  };

  const terminal = (name: string, ref: PDFRef, dict: PDFDict, inh: Inherited, widgets: TemplateWidget[]) => {
    const ff = inh.ff ?? 0;
    let kind: FieldKind;
    switch (inh.ft) {
      case 'Tx':
        kind = 'text';
        break;
      case 'Btn':
        kind = ff & FF.Pushbutton ? 'pushbutton' : ff & FF.Radio ? 'radio' : 'checkbox';
        break;
      case 'Ch':
        kind = ff & FF.Combo ? 'combo' : 'list';
        break;
      case 'Sig':
        kind = 'signature';
        break;
      default:
        return; // not a field we know
    }
    const options = optionsOf(ctx, inh.opt);
    if (kind === 'checkbox' || kind === 'radio') {
      widgets.forEach((w, i) => {
        const o = options[i];
        w.exportValue = o ? o.value : w.onStates[0];
      });
    }
    let f = out.get(name);
    if (!f) {
      f = {
        name,
        kind,
        nodes: [],
        flags: ff,
        da: inh.da,
        q: inh.q ?? 0,
        maxLen: inh.maxLen,
        options: kind === 'combo' || kind === 'list' ? options : [],
        widgets: [],
        drs: [inh.dr, afDR].filter((d): d is PDFDict => !!d),
        value: inh.v,
      };
      out.set(name, f);
      order.push(f);
    }
    f.nodes.push({ ref, dict });
    f.widgets.push(...widgets);
  };

  const walk = (ref: PDFRef, parentName: string | undefined, parentInh: Inherited, depth: number) => {
    if (depth > 32 || seen.has(ref.objectNumber)) return;
    seen.add(ref.objectNumber);
    const dict = dictOf(ctx, ref);
    if (!dict) return;
    const t = textOf(resolve(ctx, dict.get(N('T'))));
    const name = t !== undefined ? (parentName ? `${parentName}.${t}` : t) : parentName;
    const inh: Inherited = { ...parentInh };
    const ft = nameOf(resolve(ctx, dict.get(N('FT'))));
    if (ft) inh.ft = ft;
    const ff = numOf(resolve(ctx, dict.get(N('Ff'))));
    if (ff !== undefined) inh.ff = ff;
    if (dict.has(N('V'))) inh.v = resolve(ctx, dict.get(N('V')));
    const da = textOf(resolve(ctx, dict.get(N('DA'))));
    if (da !== undefined) inh.da = da;
    const q = numOf(resolve(ctx, dict.get(N('Q'))));
    if (q !== undefined) inh.q = q;
    const ml = numOf(resolve(ctx, dict.get(N('MaxLen'))));
    if (ml !== undefined) inh.maxLen = ml;
    if (dict.has(N('Opt'))) inh.opt = dict.get(N('Opt'));
    const dr = dictOf(ctx, dict.get(N('DR')));
    if (dr) inh.dr = dr;

    const kids = arrayOf(ctx, dict.get(N('Kids')));
    const kidRefs = kids ? kids.asArray().filter((k): k is PDFRef => k instanceof PDFRef) : [];
    const childFields: PDFRef[] = [];
    const widgets: TemplateWidget[] = [];
    for (const k of kidRefs) {
      const kd = dictOf(ctx, k);
      if (!kd) continue;
      if (kd.has(N('T')) || (kd.has(N('Kids')) && !kd.has(N('Rect')))) childFields.push(k);
      else widgets.push(makeWidget(k, kd));
    }
    if (!kidRefs.length && (nameOf(dict.get(N('Subtype'))) === 'Widget' || dict.has(N('Rect')))) {
      widgets.push(makeWidget(ref, dict));
    }
    if (widgets.length || !childFields.length) {
      if (name) terminal(name, ref, dict, inh, widgets);
    }
    for (const c of childFields) walk(c, name, inh, depth + 1);
  };

  const rootInh: Inherited = {
    da: textOf(resolve(ctx, acroForm?.get(N('DA')))),
    q: numOf(resolve(ctx, acroForm?.get(N('Q')))),
  };
  for (const f of fieldsArr?.asArray() ?? []) if (f instanceof PDFRef) walk(f, undefined, rootInh, 0);

  // Orphan widgets: some authoring tools (the IRS W-9 2024 and W-4 2025 among them) leave fields
  // out of /AcroForm /Fields, or leave it empty, while the pages' /Annots still list their widgets.
  // Viewers and our reader (../acroform/object-reader.ts) show them, so they are fields here too:
  // each widget's top-level field (the end of its /Parent chain) is walked like an entry of
  // /Fields, and the fill appends it to /Fields (see repairFields in ./index.ts).
  const orphans: PDFRef[] = [];
  for (const ref of annotRefs) {
    if (seen.has(ref.objectNumber)) continue;
    const widget = dictOf(ctx, ref);
    if (!widget || nameOf(widget.get(N('Subtype'))) !== 'Widget') continue;
    let top = ref;
    const chain = new Set<number>([ref.objectNumber]);
    for (let p = widget.get(N('Parent')); p instanceof PDFRef && !chain.has(p.objectNumber); p = dictOf(ctx, p)?.get(N('Parent'))) {
      chain.add(p.objectNumber);
      top = p;
    }
    if (seen.has(top.objectNumber)) continue; // a field in /Fields whose /Kids miss this widget
    const before = order.length;
    walk(top, undefined, rootInh, 0);
    if (order.length > before) orphans.push(top);
  }
  return { fields: order, orphans };
}

async function parse(bytes: Uint8Array, key: string): Promise<Template> {
  const loadOpts = { updateMetadata: false, preserveXFA: true, parseSpeed: ParseSpeeds.Fastest };
  let raw: PDFDocument;
  try {
    raw = await PDFDocument.load(bytes, { ...loadOpts, ignoreEncryption: true });
  } catch (e) {
    throw new PdfStructureError(`cannot parse PDF: ${(e as Error).message}`);
  }
  const rawCtx = raw.context;
  const sec = securityFor(rawCtx);
  let ctx = rawCtx;
  if (sec) {
    try {
      ctx = (await PDFDocument.load(bytes, { ...loadOpts, password: '' })).context;
    } catch (e) {
      throw new PdfStructureError(`cannot decrypt PDF: ${(e as Error).message}`);
    }
  }
  const { offset, xrefStream } = findStartXref(bytes);
  const rootRef = rawCtx.trailerInfo.Root;
  if (!(rootRef instanceof PDFRef)) throw new PdfStructureError('no /Root reference in trailer');
  const catalog = dictOf(ctx, rootRef);
  if (!catalog) throw new PdfStructureError('no catalog');
  const idArr = arrayOf(rawCtx, rawCtx.trailerInfo.ID);
  const id0 = bytesOf(idArr?.get(0));
  const id1 = bytesOf(idArr?.get(1));
  const size = Math.max(
    numOf(resolve(rawCtx, (rawCtx.trailerInfo as { Size?: PDFObject }).Size)) ?? 0,
    rawCtx.largestObjectNumber + 1,
    ctx.largestObjectNumber + 1,
  );
  const trailer: TrailerInfo = {
    root: rootRef,
    info: rawCtx.trailerInfo.Info,
    id: id0 && id1 ? [id0, id1] : id0 ? [id0, id0] : undefined,
    encrypt: sec ? rawCtx.trailerInfo.Encrypt : undefined,
    size,
    prevOffset: offset,
    xrefStream,
  };

  const pages = walkPages(ctx, catalog);
  const annotPage = new Map<number, number>();
  const pageIndexByRef = new Map<number, number>();
  const annotRefs: PDFRef[] = [];
  pages.forEach((p, i) => {
    pageIndexByRef.set(p.ref.objectNumber, i);
    const annots = arrayOf(ctx, p.dict.get(N('Annots')));
    for (const a of annots?.asArray() ?? []) {
      if (!(a instanceof PDFRef)) continue;
      annotPage.set(a.objectNumber, i);
      annotRefs.push(a);
    }
  });

  const afObj = catalog.get(N('AcroForm'));
  const acroForm = dictOf(ctx, afObj);
  const { fields: fieldList, orphans } = buildFields(ctx, acroForm, annotPage, pageIndexByRef, annotRefs);
  const na = resolve(ctx, acroForm?.get(N('NeedAppearances')));
  const last = bytes[bytes.length - 1];
  return {
    key,
    length: bytes.length,
    endsWithEol: last === 0x0a || last === 0x0d,
    ctx,
    sec,
    trailer,
    catalogRef: rootRef,
    catalog,
    pages,
    annotPage,
    acroFormRef: afObj instanceof PDFRef ? afObj : undefined,
    acroForm,
    dr: dictOf(ctx, acroForm?.get(N('DR'))),
    defaultDA: textOf(resolve(ctx, acroForm?.get(N('DA')))),
    needAppearances: na instanceof PDFBool && na.asBoolean(),
    hasXfa: !!acroForm?.has(N('XFA')),
    fields: new Map(fieldList.map((f) => [f.name, f])),
    fieldList,
    orphanFields: orphans,
  };
}

// ---------------------------------------------------------------------------------------------
// Cache

interface CacheEntry {
  /** A private copy of the bytes the template was parsed from. */
  bytes: Uint8Array;
  template: Promise<Template>;
}

/**
 * Parsed templates by their bytes, the most recently used kept: a batch or a session fills one
 * form many times, and parsing it is most of the cost of a fill. A caller that wants its own
 * bound (or none: 0) passes its own cache; the others share the engine's (`templateCache`).
 */
export class TemplateCache {
  private readonly entries = new Map<string, CacheEntry>();

  constructor(private max = 8) {}

  /** Sets how many parsed templates are kept. */
  resize(n: number): void {
    this.max = Math.max(0, n);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Templates kept now. */
  get size(): number {
    return this.entries.size;
  }

  load(bytes: Uint8Array): Promise<Template> {
    const key = templateKey(bytes);
    const hit = this.entries.get(key);
    if (hit && sameBytes(hit.bytes, bytes)) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.template;
    }
    if (this.max <= 0) return parse(bytes, key);
    // parse a private copy: the template's streams point into it, so the caller's buffer is not retained
    const copy = bytes.slice();
    const p = parse(copy, key);
    const entry = { bytes: copy, template: p };
    this.entries.set(key, entry);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    p.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return p;
  }
}

/** The engine's cache, for callers that pass none. */
export const templateCache = new TemplateCache();

/**
 * Cache key: length plus a hash of the head, the tail and samples across the file. A hit is
 * confirmed by comparing every byte with the cached copy (a memcmp costs far less than hashing the
 * whole file), so two PDFs that share a key are never confused.
 */
export function templateKey(bytes: Uint8Array): string {
  const h = createHash('sha1');
  const len = bytes.length;
  const block = 4096;
  if (len <= 256 * 1024) {
    h.update(bytes);
  } else {
    h.update(bytes.subarray(0, 64 * 1024));
    h.update(bytes.subarray(len - 64 * 1024));
    for (let i = 1; i < 32; i++) {
      const at = Math.floor((len * i) / 32);
      h.update(bytes.subarray(at, Math.min(len, at + block)));
    }
  }
  return `${len}:${h.digest('hex')}`;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

/** The parsed template of `bytes`, from `cache` (default: the engine's). */
export function loadTemplate(bytes: Uint8Array, cache: TemplateCache = templateCache): Promise<Template> {
  return cache.load(bytes);
}

/** Looks up a font resource by name in a list of resource dictionaries. */
export function findFont(ctx: PDFContext, drs: PDFDict[], name: string): { ref?: PDFRef; dict: PDFDict } | undefined {
  for (const dr of drs) {
    const fonts = dictOf(ctx, dr.get(N('Font')));
    const f = fonts?.get(N(name));
    const d = dictOf(ctx, f);
    if (d) return { ref: f instanceof PDFRef ? f : undefined, dict: d };
  }
  return undefined;
}

