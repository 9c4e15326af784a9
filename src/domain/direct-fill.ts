// Values given directly (pay-per-call fill, batch rows) → what the filler takes. Keys are contract
// field ids or AcroForm names; every value is checked like PUT /sessions/{id}/fields.
import { DomainError } from './errors.ts';
import { fillerValue, normaliseValue, type ValueProblem } from './field-values.ts';
import type { Contract } from './contracts.ts';

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
