// The fast reader: walks /Root → /AcroForm → /Fields with the lazy object layer, reading only the
// field and widget dictionaries (and the page tree, to place each widget on its page). It
// reproduces what pdf.js reports for each widget (see ./fields.ts), with deliberate differences:
// the tooltip is the nearest /TU up the field tree, not only the widget's own; button export
// values come from the field's /Opt when it has one; a widget that no page lists in /Annots is
// placed by its /P. Values come from /V only, never from XFA datasets: /DV is what a reset
// restores, not what the field holds (pdf.js falls back to it; pdftk and qpdf do not).
import { LazyPdf } from '../objects/document.ts';
import { Dict, Name, ObjectReadError, PdfString, Ref, type PdfObj } from '../objects/model.ts';
import { readPages, type PagePlace } from '../objects/pages.ts';
import { decodeTextString } from '../objects/text.ts';
import type { WidgetRecord } from './fields.ts';

// Field flags (ISO 32000-2, tables 226, 227, 229, 231).
const FF = {
  Multiline: 1 << 12,
  Password: 1 << 13,
  Radio: 1 << 15,
  Pushbutton: 1 << 16,
  FileSelect: 1 << 20,
  Comb: 1 << 24,
} as const;

/** Field trees deeper than this are loops or hostile (real forms nest 3–6 levels). */
const MAX_FIELD_DEPTH = 32;

export interface ObjectReadResult {
  pageCount: number;
  /** In page order, and within a page in /Annots order (the order pdf.js reports them in). */
  widgets: WidgetRecord[];
}

/** What a field node passes down to its kids: the inheritable entries (ISO 32000-2, 12.7.4.1). */
interface Inherited {
  ft?: PdfObj;
  ff?: PdfObj;
  v?: PdfObj;
  tu?: PdfObj;
  maxLen?: PdfObj;
  opt?: PdfObj;
  name?: string;
}

/** pdf.js's _decodeFormValue: strings and names as text, arrays as their strings, anything else null. */
function formValue(pdf: LazyPdf, o: PdfObj | undefined): string | string[] | null {
  const v = pdf.resolve(o);
  if (Array.isArray(v)) {
    return v.map((x) => pdf.resolve(x)).filter((x): x is PdfString => x instanceof PdfString).map((x) => decodeTextString(x.bytes));
  }
  if (v instanceof Name) return v.name;
  if (v instanceof PdfString) return decodeTextString(v.bytes);
  return null;
}

function textOf(pdf: LazyPdf, o: PdfObj | undefined): string | undefined {
  const v = pdf.resolve(o);
  return v instanceof PdfString ? decodeTextString(v.bytes) : undefined;
}

/** Keys of the normal appearance dictionary (/AP /N): a button's states. Undefined without one. */
function appearanceStates(pdf: LazyPdf, widget: Dict): string[] | undefined {
  const ap = pdf.dict(widget.get('AP'));
  const n = ap ? pdf.dict(ap.get('N')) : undefined;
  return n ? [...n.keys()] : undefined;
}

export function readWidgetsFromObjects(bytes: Uint8Array): ObjectReadResult {
  const pdf = new LazyPdf(bytes);
  const root = pdf.dict(pdf.trailer.get('Root'));
  if (!root) throw new ObjectReadError('no document catalog');
  const { pageCount, annotPlace, pageOfRef, annotRefs } = readPages(pdf, root);

  const widgets: (WidgetRecord & { order: number })[] = [];
  const acroForm = pdf.dict(root.get('AcroForm'));
  const fields = acroForm ? pdf.array(acroForm.get('Fields')) : undefined;
  const visited = new Set<number>();
  let unplaced = 0;

  const emit = (ref: Ref | undefined, node: Dict, parent: Dict | undefined, inh: Inherited, kidIndex: number) => {
    const place: PagePlace | undefined = ref ? annotPlace.get(ref.num) : undefined;
    const p = node.get('P');
    const page = place?.page ?? (p instanceof Ref ? pageOfRef.get(p.num) : undefined);
    // A widget on no page is not shown by any viewer (and pdf.js does not report it).
    if (page === undefined) return;
    const record = widgetRecord(pdf, node, parent, inh, page, kidIndex);
    if (record) widgets.push({ ...record, order: place ? place.order : annotRefs + ++unplaced });
  };

  const visit = (o: PdfObj, parent: Dict | undefined, inh: Inherited, depth: number, kidIndex: number) => {
    if (depth > MAX_FIELD_DEPTH) throw new ObjectReadError('field tree too deep');
    if (o instanceof Ref) {
      if (visited.has(o.num)) return;
      visited.add(o.num);
    }
    const node = pdf.dict(o);
    if (!node) return;
    const own = inherit(pdf, node, inh);
    if (isWidget(pdf, node)) emit(o instanceof Ref ? o : undefined, node, parent, own, kidIndex);
    const kids = pdf.array(node.get('Kids'));
    kids?.forEach((kid, i) => visit(kid, node, own, depth + 1, i));
  };
  for (const f of fields ?? []) visit(f, undefined, {}, 0, 0);

  // Widgets on pages that /Fields does not lead to (some producers leave /Fields empty): pdf.js
  // reports them with the names and entries of their /Parent chain, so they are read the same way.
  for (const num of annotPlace.keys()) {
    if (visited.has(num)) continue;
    const ref = new Ref(num, 0);
    const node = pdf.dict(ref);
    if (!node || !isWidget(pdf, node)) continue;
    visited.add(num);
    const chain = parentChain(pdf, node);
    let inh: Inherited = {};
    for (let i = chain.length - 1; i >= 0; i--) inh = inherit(pdf, chain[i], inh);
    const siblings = chain[1] ? pdf.array(chain[1].get('Kids')) : undefined;
    emit(ref, node, chain[1], inh, Math.max(0, siblings?.findIndex((k) => k instanceof Ref && k.num === num) ?? 0));
  }
  widgets.sort((a, b) => a.page - b.page || a.order - b.order);
  return { pageCount, widgets: widgets.map(({ order: _order, ...w }) => w) };
}

function isWidget(pdf: LazyPdf, node: Dict): boolean {
  const subtype = pdf.resolve(node.get('Subtype'));
  return subtype instanceof Name && subtype.name === 'Widget';
}

/** A node's own inheritable entries over what its ancestors passed down; its name appended. */
function inherit(pdf: LazyPdf, node: Dict, inh: Inherited): Inherited {
  const own: Inherited = { ...inh };
  const t = textOf(pdf, node.get('T'));
  // joined like pdf.js's _constructFieldName, empty parts included
  if (t !== undefined) own.name = inh.name !== undefined ? `${inh.name}.${t}` : t;
  for (const [key, prop] of INHERITABLE) if (node.has(key)) own[prop] = node.get(key);
  return own;
}

const INHERITABLE = [['FT', 'ft'], ['Ff', 'ff'], ['V', 'v'], ['TU', 'tu'], ['MaxLen', 'maxLen'], ['Opt', 'opt']] as const;

/** The node and its /Parent ancestors, nearest first (stops at a loop, as pdf.js does). */
function parentChain(pdf: LazyPdf, node: Dict): Dict[] {
  const chain = [node];
  const seen = new Set<Dict>([node]);
  for (let cur = pdf.dict(node.get('Parent')); cur && !seen.has(cur) && chain.length <= MAX_FIELD_DEPTH; cur = pdf.dict(cur.get('Parent'))) {
    seen.add(cur);
    chain.push(cur);
  }
  return chain;
}

function widgetRecord(pdf: LazyPdf, widget: Dict, parent: Dict | undefined, inh: Inherited, page: number, kidIndex: number): WidgetRecord | undefined {
  if (!inh.name) return undefined;
  const ft = pdf.resolve(inh.ft);
  const ffRaw = pdf.resolve(inh.ff);
  const ff = typeof ffRaw === 'number' && Number.isInteger(ffRaw) && ffRaw >= 0 ? ffRaw : 0;
  const rectArr = pdf.array(widget.get('Rect'));
  const rectNums = rectArr?.map((x) => pdf.resolve(x));
  const rect = rectNums && rectNums.length === 4 && rectNums.every((x) => typeof x === 'number') ? (rectNums as number[]) : [0, 0, 0, 0];
  const fieldValue = inh.v !== undefined ? formValue(pdf, inh.v) : null;
  const record: WidgetRecord = {
    fieldName: inh.name,
    fieldType: ft instanceof Name ? ft.name : undefined,
    page,
    rect,
    tooltip: textOf(pdf, inh.tu) ?? '',
    fieldFlags: ff,
    fieldValue,
  };
  switch (record.fieldType) {
    case 'Tx': {
      const ml = pdf.resolve(inh.maxLen);
      const maxLen = typeof ml === 'number' && Number.isInteger(ml) && ml >= 0 ? ml : 0;
      record.maxLen = maxLen;
      record.multiLine = (ff & FF.Multiline) !== 0;
      record.comb = (ff & FF.Comb) !== 0 && !(ff & (FF.Multiline | FF.Password | FF.FileSelect)) && maxLen !== 0;
      break;
    }
    case 'Btn':
      record.pushButton = (ff & FF.Pushbutton) !== 0;
      record.radioButton = (ff & FF.Radio) !== 0 && !record.pushButton;
      record.checkBox = !(ff & FF.Radio) && !record.pushButton;
      if (record.checkBox) checkBox(pdf, widget, record);
      else if (record.radioButton) radioButton(pdf, widget, parent, record);
      if (record.checkBox || record.radioButton) exportFromOpt(pdf, inh.opt, kidIndex, record);
      break;
    case 'Ch': {
      const opts = pdf.array(inh.opt);
      record.options = (opts ?? []).map((item) => {
        const it = pdf.resolve(item);
        const pair = Array.isArray(it);
        return {
          exportValue: formValue(pdf, pair ? it[0] : it) as string,
          displayValue: formValue(pdf, pair ? it[1] : it) as string,
        };
      });
      break;
    }
  }
  return record;
}

/** A checkbox's on-state and current state, decided exactly as pdf.js does (_processCheckBox). */
function checkBox(pdf: LazyPdf, widget: Dict, record: WidgetRecord): void {
  const states = appearanceStates(pdf, widget);
  if (!states) return;
  const as = formValue(pdf, widget.get('AS'));
  if (typeof as === 'string') record.fieldValue = as;
  const value = record.fieldValue;
  const yes = value !== null && value !== 'Off' && typeof value === 'string' ? value : 'Yes';
  let exportValues: string[];
  if (states.length === 0) exportValues = ['Off', yes];
  else if (states.length === 1) exportValues = states[0] === 'Off' ? ['Off', yes] : ['Off', states[0]];
  else if (states.includes(yes)) exportValues = ['Off', yes];
  else exportValues = ['Off', states.find((s) => s !== 'Off')!];
  if (!exportValues.includes(record.fieldValue as string)) record.fieldValue = 'Off';
  record.exportValue = exportValues[1];
}

/**
 * A button field's /Opt holds the export value of each widget, in /Kids order (ISO 32000-2,
 * 12.7.5.2.4): the on-states may then be mere positions ("0", "1"…), as pdf-lib and our own
 * makeFillable write them for values that are not plain names. pdf.js ignores /Opt; the filler
 * (src/pdf/fill) honours it, and so does this reader: export value and value are the /Opt text.
 */
function exportFromOpt(pdf: LazyPdf, opt: PdfObj | undefined, kidIndex: number, record: WidgetRecord): void {
  const entry = pdf.array(opt)?.[kidIndex];
  const text = entry === undefined ? undefined : textOf(pdf, entry);
  if (text === undefined) return;
  if (record.checkBox) {
    if (record.exportValue === undefined) return;
    if (record.fieldValue === record.exportValue) record.fieldValue = text;
    record.exportValue = text;
  } else if (record.buttonValue) {
    // the group's /V names the on-state of the selected button: this one, or another
    record.fieldValue = record.fieldValue === record.buttonValue ? text : null;
    record.buttonValue = text;
  }
}

/** A radio button's on-state; the group's value from its parent's /V (pdf.js: _processRadioButton). */
function radioButton(pdf: LazyPdf, widget: Dict, parent: Dict | undefined, record: WidgetRecord): void {
  record.buttonValue = null;
  const parentRef = widget.get('Parent');
  const parentDict = parentRef !== undefined ? pdf.dict(parentRef) : parent;
  const pv = parentDict ? pdf.resolve(parentDict.get('V')) : undefined;
  if (pv instanceof Name) record.fieldValue = pv.name;
  const as = pdf.resolve(widget.get('AS'));
  if (as instanceof Name) record.appearanceState = as.name;
  const states = appearanceStates(pdf, widget);
  if (!states) return;
  record.buttonValue = states.find((s) => s !== 'Off') ?? null;
}
