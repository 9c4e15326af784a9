// From widgets to contract fields. Both readers (the lazy object reader and the pdf.js fallback)
// describe each widget the way pdf.js's annotation data does, and this one function turns them into
// fields, so the two paths cannot drift apart in semantics.
import type { FormField, Rect } from '../types.ts';
import { dataTypeFromLabel } from '../labels/words.ts';
import { sortReadingOrder } from '../reading-order.ts';

/** One widget of a field, for fields drawn in several places (radio buttons, repeated boxes). */
export interface WidgetPlacement {
  page: number;
  rect: Rect;
  export_value?: string;
}

export interface AcroFormField extends FormField {
  name: string;
  widgets: WidgetPlacement[];
  /** A real signature field (/FT /Sig), as opposed to a text field whose label asks for a signature. */
  signatureField?: true;
  /** Current value: text, the selected export value, or null when empty / off. */
  value: string | null;
}

/** A widget as a reader found it, in pdf.js annotation-data terms. */
export interface WidgetRecord {
  /** Fully qualified field name. */
  fieldName: string;
  /** /FT (inherited): Tx, Btn, Ch, Sig; undefined when the field has none. */
  fieldType?: string;
  /** Zero-based page index. */
  page: number;
  /** /Rect as written (any corner order). */
  rect: number[];
  /** The /TU that applies to this widget ('' when none). */
  tooltip: string;
  fieldFlags: number;
  maxLen?: number | null;
  comb?: boolean;
  multiLine?: boolean;
  checkBox?: boolean;
  radioButton?: boolean;
  pushButton?: boolean;
  /** Checkbox on-state. */
  exportValue?: string;
  /** Radio button on-state. */
  buttonValue?: string | null;
  options?: { exportValue: string; displayValue: string }[];
  fieldValue?: unknown;
  /** The widget's own /AS (the state it is drawn in), where the reader sees it (not pdf.js). */
  appearanceState?: string;
}

// Field flag bits (PDF 32000-1, tables 221, 226, 228, 230).
const FLAG_REQUIRED = 1 << 1;

export function toRect(r: number[]): Rect {
  const [x1, y1, x2, y2] = r;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { x: round(Math.min(x1, x2)), y: round(Math.min(y1, y2)), width: round(Math.abs(x2 - x1)), height: round(Math.abs(y2 - y1)) };
}

/** "topmostSubform[0].Page1[0].FirstName_1[0]" → "First Name 1"; any "[…]" index goes ("c1_1[b]" → "C1 1"). */
export function labelFromFieldName(name: string): string {
  const last = name.split('.').pop() ?? name;
  const cleaned = last
    .replace(/\[[^\]]*\]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned ? cleaned.charAt(0).toUpperCase() + cleaned.slice(1) : name;
}

/**
 * The tooltip (/TU) when it says something; else words from the field name. Producers often
 * default the tooltip to the field's own name ("CHK_S21"): that is no better than the name, and
 * worse as a label, since "_" joins words that the data-type rules look for ("APPLICANT_DOB").
 */
function labelOf(fieldName: string, tooltip: string): string {
  const tip = tooltip.trim();
  const own = fieldName.split('.').pop() ?? fieldName;
  return tip && tip.toLowerCase() !== own.toLowerCase() ? tip : labelFromFieldName(fieldName);
}

function textValue(v: unknown): string | null {
  if (Array.isArray(v)) v = v[0];
  if (typeof v !== 'string' || v === '' || v === 'Off') return null;
  return v;
}

/**
 * How many buttons of each radio group are drawn "on" (an /AS other than Off), by field name: a
 * group whose widgets disagree with its value (two buttons on) is caught by verification.
 */
export function radioButtonsOn(widgets: Iterable<WidgetRecord>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of widgets) {
    if (!w.radioButton) continue;
    const on = w.appearanceState !== undefined && w.appearanceState !== 'Off';
    counts.set(w.fieldName, (counts.get(w.fieldName) ?? 0) + (on ? 1 : 0));
  }
  return counts;
}

/** Widgets in page order (and, within a page, /Annots order) → fields in reading order. */
export function assembleFields(widgets: Iterable<WidgetRecord>): AcroFormField[] {
  const byName = new Map<string, AcroFormField>();
  for (const a of widgets) {
    if (!a.fieldName || a.pushButton) continue;
    if (a.fieldType === 'Btn' && !a.checkBox && !a.radioButton) continue;
    const rect = toRect(a.rect);
    const placement: WidgetPlacement = { page: a.page, rect };
    const existing = byName.get(a.fieldName);
    if (a.radioButton || a.checkBox) placement.export_value = (a.radioButton ? a.buttonValue : a.exportValue) ?? undefined;
    if (existing) {
      existing.widgets.push(placement);
      if (a.radioButton && a.buttonValue && !existing.options?.includes(a.buttonValue)) existing.options?.push(a.buttonValue);
      if (a.radioButton && a.fieldValue === a.buttonValue) existing.value = a.buttonValue ?? null;
      // a checkbox drawn in several places (one on-state each) is on when any of its widgets is
      if (a.checkBox && existing.value === null) existing.value = textValue(a.fieldValue);
      continue;
    }
    byName.set(a.fieldName, fieldFromWidget(a, labelOf(a.fieldName, a.tooltip), placement));
  }
  return sortReadingOrder([...byName.values()]);
}

function fieldFromWidget(a: WidgetRecord, label: string, placement: WidgetPlacement): AcroFormField {
  const base = {
    name: a.fieldName,
    page: placement.page,
    rect: placement.rect,
    label,
    tooltip: a.tooltip.trim() || undefined,
    required: (a.fieldFlags & FLAG_REQUIRED) !== 0,
    confidence: 1,
    widgets: [placement],
  };
  switch (a.fieldType) {
    case 'Btn':
      if (a.radioButton) {
        return { ...base, type: 'radio', data_type: 'choice', group: a.fieldName, options: a.buttonValue ? [a.buttonValue] : [], value: a.fieldValue === a.buttonValue ? (a.buttonValue ?? null) : null };
      }
      return { ...base, type: 'checkbox', data_type: 'boolean', export_value: a.exportValue, value: textValue(a.fieldValue) };
    case 'Ch':
      return { ...base, type: 'choice', data_type: 'choice', options: (a.options ?? []).map((o) => o.exportValue), value: textValue(a.fieldValue) };
    case 'Sig':
      return { ...base, type: 'signature', data_type: 'signature', value: null, signatureField: true };
    default: {
      const field: AcroFormField = { ...base, type: 'text', data_type: dataTypeFromLabel(label), value: textValue(a.fieldValue) };
      if (a.maxLen && a.maxLen > 0) field.max_len = a.maxLen;
      if (a.comb) field.comb = true;
      if (a.multiLine) field.multiline = true;
      if (/\bsign(ature)?\b/i.test(label) && !/date/i.test(label)) {
        field.type = 'signature';
        field.data_type = 'signature';
      }
      return field;
    }
  }
}
