// Shared vocabulary of the PDF engine. Everything here is plain data: no HTTP, no database.
// Coordinates are PDF user space of the unrotated page (points, origin bottom-left), exactly
// like a widget /Rect, so a field's rect can be written into a PDF without conversion.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const FIELD_TYPES = ['text', 'checkbox', 'radio', 'choice', 'signature'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const DATA_TYPES = [
  'string',
  'boolean',
  'signature',
  'date',
  'email',
  'phone',
  'number',
  'currency',
  'ssn',
  'ein',
  'zip',
  'state',
  'name',
  'address',
  'choice',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** A field as the engine knows it, before it is numbered into a contract. */
export interface FormField {
  type: FieldType;
  /** Zero-based page index. */
  page: number;
  rect: Rect;
  label: string;
  data_type: DataType;
  required: boolean;
  /** 0..1; 1 for fields read from an existing AcroForm. */
  confidence: number;
  /** Fully qualified AcroForm field name, when the field exists (or will exist) in a PDF. */
  name?: string;
  /** Tooltip (/TU) text, when present. */
  tooltip?: string;
  /** Maximum characters (/MaxLen); comb fields spread them over equal cells. */
  max_len?: number;
  comb?: boolean;
  multiline?: boolean;
  /** Allowed values of a choice field, or the export values of a radio group's buttons. */
  options?: string[];
  /** Export (on-state) value of a checkbox, or of the radio button this widget stands for. */
  export_value?: string;
  /** Radio group name: every widget of one group shares it. */
  group?: string;
  /** The part of the form the field sits in, as printed ("Part II Ordinary Dividends"). */
  section?: string;
}

export interface PageInfo {
  index: number;
  width: number;
  height: number;
  /** /Rotate of the page, one of 0, 90, 180, 270. */
  rotate: number;
}

/** A checkbox is on when its value (the AcroForm state it shows) is any state other than Off. */
export function checkboxIsOn(value: string | null): boolean {
  return value !== null && value !== 'Off';
}
