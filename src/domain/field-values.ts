// What a contract field accepts: the rules a direct fill (PUT /sessions/{id}/fields, batch rows)
// checks before anything is written. The filler checks the same again against the PDF itself.
import type { Contract, ContractField } from './contracts.ts';
import { DomainError } from './errors.ts';
import { checkText } from './text.ts';

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', '1', 'x', 'checked']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'off', '0', '', 'unchecked']);

export interface ValueProblem {
  field_id: number;
  reason: 'max_len_exceeded' | 'not_an_option' | 'invalid_checkbox_value' | 'not_fillable' | 'invalid_text' | 'value_too_long';
  message: string;
  allowed?: string[];
}

/** The value to store, or a problem. Checkbox values are normalised to "true" / "false". Text is checked first (src/domain/text.ts). */
export function normaliseValue(field: ContractField, raw: string): { value: string } | { problem: ValueProblem } {
  const problem = (reason: ValueProblem['reason'], message: string, allowed?: string[]) => ({ problem: { field_id: field.id, reason, message, ...(allowed ? { allowed } : {}) } });
  // Checked once, here, for every path that takes values: NUL, lone surrogates, oversized values.
  const bad = checkText(raw);
  if (bad) return problem(bad.reason, bad.message);
  switch (field.type) {
    case 'checkbox': {
      const word = raw.trim().toLowerCase();
      // One checkbox field drawn as several boxes with different on-states (DS-11's M / F / X)
      // is answered by the state to turn on; a single-state box by true or false.
      const states = onStates(field);
      const state = states.find((st) => st.trim().toLowerCase() === word);
      if (states.length > 1 && state !== undefined) return { value: state };
      if (TRUE_WORDS.has(word) || (field.export_value && raw === field.export_value)) return { value: 'true' };
      if (FALSE_WORDS.has(word)) return { value: 'false' };
      return problem('invalid_checkbox_value', `"${raw}" is not a checkbox value; use true or false${states.length > 1 ? ` or one of ${states.join(', ')}` : ''}.`, ['true', 'false', ...(states.length > 1 ? states : [])]);
    }
    case 'radio':
    case 'choice': {
      const options = field.options ?? [];
      if (raw === '' || options.length === 0 || options.includes(raw)) return { value: raw };
      const folded = options.find((o) => o.toLowerCase() === raw.trim().toLowerCase());
      if (folded) return { value: folded };
      return problem('not_an_option', `"${raw}" is not one of the field's options.`, options);
    }
    default: {
      const length = [...raw].length;
      if (field.max_len && length > field.max_len) return problem('max_len_exceeded', `${length} characters; at most ${field.max_len} fit this field.`);
      return { value: raw };
    }
  }
}

/** The distinct on-states of a checkbox field's widgets. */
function onStates(field: ContractField): string[] {
  const states = new Set<string>();
  for (const w of field.widgets ?? []) if (w.export_value) states.add(w.export_value);
  if (field.export_value) states.add(field.export_value);
  return [...states];
}

/** The value handed to the filler: booleans for checkboxes (or the on-state to set), strings otherwise. */
export function fillerValue(field: ContractField, value: string): string | boolean {
  if (field.type !== 'checkbox') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/** Caller-supplied values checked against their fields (ids must exist); signatures are never filled. */
export function checkSuppliedValues(byId: Map<number, ContractField>, updates: { field_id: number; value: string }[]): { accepted: [number, string][]; problems: ValueProblem[] } {
  const accepted: [number, string][] = [];
  const problems: ValueProblem[] = [];
  for (const u of updates) {
    const field = byId.get(u.field_id)!;
    if (field.type === 'signature') {
      problems.push({ field_id: field.id, reason: 'not_fillable', message: 'Signature fields are signed by a person, not filled with text.' });
      continue;
    }
    const r = normaliseValue(field, u.value);
    if ('problem' in r) problems.push(r.problem);
    else accepted.push([u.field_id, r.value]);
  }
  return { accepted, problems };
}

/**
 * Values given directly (pay-per-call fill) → what the filler takes. Keys are contract field ids or
 * AcroForm names; every value is checked like PUT /sessions/{id}/fields.
 */
export function toFillerValues(contract: Contract, values: Record<string, unknown>): { byName: Record<string, string | boolean>; applied: number[] } {
  const byId = new Map(contract.fields.map((f) => [String(f.id), f]));
  const byFieldName = new Map(contract.fields.map((f) => [f.name, f]));
  const unknown: string[] = [];
  const problems: ValueProblem[] = [];
  const byName: Record<string, string | boolean> = {};
  const applied: number[] = [];
  for (const [key, raw] of Object.entries(values)) {
    const field = byId.get(key) ?? byFieldName.get(key);
    if (!field) {
      unknown.push(key);
      continue;
    }
    if (field.type === 'signature') {
      problems.push({ field_id: field.id, reason: 'not_fillable', message: 'Signature fields are signed by a person, not filled with text.' });
      continue;
    }
    const r = normaliseValue(field, typeof raw === 'boolean' ? String(raw) : raw === null || raw === undefined ? '' : String(raw));
    if ('problem' in r) problems.push(r.problem);
    else {
      byName[field.name] = fillerValue(field, r.value);
      applied.push(field.id);
    }
  }
  if (unknown.length) throw new DomainError('unprocessable', 'unknown_field', `No field ${unknown.map((k) => `"${k}"`).join(', ')} in this form.`, { fields: unknown });
  if (problems.length) throw new DomainError('unprocessable', 'invalid_value', problems.map((p) => `field ${p.field_id}: ${p.message}`).join(' '), { issues: problems });
  return { byName, applied };
}
