// Verification (§2.6): does a filled PDF hold what its form needs? Pure: takes the contract's
// fields and the values read from the PDF, returns the report.
import type { Rect } from './types.ts';
import { isoTimestamp } from '../timestamp.ts';

export interface VerifyField {
  id: number;
  name: string;
  label: string;
  type: 'text' | 'checkbox' | 'radio' | 'choice' | 'signature';
  page: number;
  rect: Rect;
  required: boolean;
  options?: string[];
  max_len?: number;
  multiline?: boolean;
}

export interface VerifyInput {
  field: VerifyField;
  /** Text, the selected option / export value, or null when empty or off. */
  value: string | null;
  /** Radio groups: how many buttons show as on (more than one is inconsistent). */
  buttonsOn?: number;
}

export type IssueKind = 'required_unfilled' | 'not_an_option' | 'max_len_exceeded' | 'inconsistent_choice' | 'text_overflow' | 'signature_missing';

export interface VerificationIssue {
  field_id: number;
  page: number;
  kind: IssueKind;
  detail: string;
  blocking: boolean;
}

export interface VerificationReport {
  result: 'complete' | 'review_required' | 'incomplete' | 'failed';
  checked_at: string;
  issues: VerificationIssue[];
  adjustments: { field_id: number; kind: string; detail: string }[];
  counts: { fields: number; written: number; required_unfilled: number; issues_blocking: number; issues_review: number };
}

/** Smallest font size people read without strain on a printed form. */
export const LEGIBLE_PT = 6;
/** Average advance of a Latin glyph in em: Helvetica's average over mixed-case text. */
const AVG_GLYPH_EM = 0.52;

/** Does `text` fit `rect` at a legible size? Estimates with an average glyph width. */
export function fitsLegibly(text: string, rect: Rect, multiline: boolean): boolean {
  const usableW = Math.max(1, rect.width - 4);
  const usableH = Math.max(1, rect.height - 2);
  if (LEGIBLE_PT > usableH) return text.length === 0;
  const perLine = Math.floor(usableW / (LEGIBLE_PT * AVG_GLYPH_EM));
  if (!multiline) return [...text].length <= perLine;
  const lines = text.split(/\r\n|\r|\n/).reduce((n, l) => n + Math.max(1, Math.ceil([...l].length / perLine)), 0);
  return lines * LEGIBLE_PT * 1.15 <= usableH;
}

export function verify(inputs: VerifyInput[], now = new Date()): VerificationReport {
  const issues: VerificationIssue[] = [];
  let written = 0;
  let requiredUnfilled = 0;
  for (const { field, value, buttonsOn } of inputs) {
    const add = (kind: IssueKind, detail: string, blocking: boolean) => issues.push({ field_id: field.id, page: field.page, kind, detail, blocking });
    const filled = value !== null && value !== '' && value !== 'Off';
    if (filled) written++;
    if (field.type === 'signature') {
      if (!filled) add('signature_missing', `"${field.label}" is not signed.`, false);
      continue;
    }
    if (!filled) {
      if (field.required) {
        requiredUnfilled++;
        add('required_unfilled', `"${field.label}" is required and empty.`, true);
      }
      continue;
    }
    if ((field.type === 'choice' || field.type === 'radio') && field.options?.length && !field.options.includes(value!)) {
      add('not_an_option', `"${value}" is not an option of "${field.label}" (${field.options.join(', ')}).`, true);
    }
    if (field.type === 'radio' && (buttonsOn ?? 0) > 1) {
      add('inconsistent_choice', `${buttonsOn} buttons of "${field.label}" are on; exactly one may be.`, true);
    }
    if (field.type === 'text') {
      if (field.max_len && [...value!].length > field.max_len) add('max_len_exceeded', `"${field.label}" holds ${[...value!].length} characters; at most ${field.max_len} fit.`, true);
      else if (!fitsLegibly(value!, field.rect, Boolean(field.multiline))) add('text_overflow', `The text of "${field.label}" does not fit its box at ${LEGIBLE_PT} pt or larger.`, false);
    }
  }
  const blocking = issues.filter((i) => i.blocking);
  const invalid = blocking.some((i) => i.kind !== 'required_unfilled');
  const result = invalid ? 'failed' : blocking.length ? 'incomplete' : issues.length ? 'review_required' : 'complete';
  return {
    result,
    checked_at: isoTimestamp(now),
    issues,
    adjustments: [],
    counts: { fields: inputs.length, written, required_unfilled: requiredUnfilled, issues_blocking: blocking.length, issues_review: issues.length - blocking.length },
  };
}
