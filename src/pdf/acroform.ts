// Reads an existing AcroForm into contract fields: a PDF that is already fillable needs no
// detection, its widgets say where the fields are.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FormField, Rect } from './types.ts';
import { dataTypeFromLabel } from './labels.ts';
import { sortReadingOrder } from './reading-order.ts';

/** One widget of a field, for fields drawn in several places (radio buttons, repeated boxes). */
export interface WidgetPlacement {
  page: number;
  rect: Rect;
  export_value?: string;
}

export interface AcroFormField extends FormField {
  name: string;
  widgets: WidgetPlacement[];
  /** Current value: text, the selected export value, or null when empty / off. */
  value: string | null;
}

// Field flag bits (PDF 32000-1, tables 221, 226, 228, 230).
const FLAG_REQUIRED = 1 << 1;

interface WidgetAnnotation {
  subtype: string;
  fieldName?: string;
  fieldType?: string;
  rect: number[];
  alternativeText?: string;
  fieldFlags?: number;
  maxLen?: number | null;
  comb?: boolean;
  multiLine?: boolean;
  checkBox?: boolean;
  radioButton?: boolean;
  pushButton?: boolean;
  exportValue?: string;
  buttonValue?: string;
  options?: { exportValue: string; displayValue: string }[];
  hidden?: boolean;
  fieldValue?: unknown;
}

function toRect(r: number[]): Rect {
  const [x1, y1, x2, y2] = r;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { x: round(Math.min(x1, x2)), y: round(Math.min(y1, y2)), width: round(Math.abs(x2 - x1)), height: round(Math.abs(y2 - y1)) };
}

/** "topmostSubform[0].Page1[0].FirstName_1[0]" → "First Name 1". */
export function labelFromFieldName(name: string): string {
  const last = name.split('.').pop() ?? name;
  const cleaned = last
    .replace(/\[\d+\]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned ? cleaned.charAt(0).toUpperCase() + cleaned.slice(1) : name;
}

function textValue(v: unknown): string | null {
  if (Array.isArray(v)) v = v[0];
  if (typeof v !== 'string' || v === '' || v === 'Off') return null;
  return v;
}

export async function readAcroFormFields(doc: PDFDocumentProxy): Promise<AcroFormField[]> {
  const byName = new Map<string, AcroFormField>();
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const annots = (await page.getAnnotations({ intent: 'any' })) as WidgetAnnotation[];
    for (const a of annots) {
      if (a.subtype !== 'Widget' || !a.fieldName || a.pushButton) continue;
      if (a.fieldType === 'Btn' && !a.checkBox && !a.radioButton) continue;
      const rect = toRect(a.rect);
      const placement: WidgetPlacement = { page: i - 1, rect };
      const existing = byName.get(a.fieldName);
      if (a.radioButton || a.checkBox) placement.export_value = a.radioButton ? a.buttonValue : a.exportValue;
      if (existing) {
        existing.widgets.push(placement);
        if (a.radioButton && a.buttonValue && !existing.options?.includes(a.buttonValue)) existing.options?.push(a.buttonValue);
        if (a.radioButton && a.fieldValue === a.buttonValue) existing.value = a.buttonValue ?? null;
        continue;
      }
      const label = (a.alternativeText ?? '').trim() || labelFromFieldName(a.fieldName);
      const field = fieldFromWidget(a, label, placement);
      byName.set(a.fieldName, field);
    }
    page.cleanup();
  }
  return sortReadingOrder([...byName.values()]);
}

function fieldFromWidget(a: WidgetAnnotation, label: string, placement: WidgetPlacement): AcroFormField {
  const base = {
    name: a.fieldName!,
    page: placement.page,
    rect: placement.rect,
    label,
    tooltip: a.alternativeText?.trim() || undefined,
    required: ((a.fieldFlags ?? 0) & FLAG_REQUIRED) !== 0,
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
      return { ...base, type: 'signature', data_type: 'signature', value: null };
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
