// The fields of a standard fill session (§2.3, §3.3): a value and a state per contract field.
//   empty      no value yet
//   proposed   a value proposed from documents (context fill), not yet accepted
//   filled     a value set directly (PUT /sessions/{id}/fields)
//   confirmed  the value was confirmed by the caller
//   skipped    left out of the PDF on purpose (value kept, not written)
//   declined   proposal refused: value cleared, not written
import type { Contract, ContractField } from './contracts.ts';
import { fillerValue } from './field-values.ts';

export const FIELD_STATES = ['empty', 'proposed', 'filled', 'confirmed', 'skipped', 'declined'] as const;
export type FieldState = (typeof FIELD_STATES)[number];
export type SessionFields = Record<string, { value: string | null; state: FieldState }>;

export function emptyFields(contract: Contract): SessionFields {
  return Object.fromEntries(contract.fields.map((f) => [String(f.id), { value: null, state: 'empty' as FieldState }]));
}

/** Values to write: every field with a value that was neither skipped nor declined. */
export function valuesToWrite(contract: Contract, fields: SessionFields): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const f of contract.fields) {
    const s = fields[f.id];
    if (!s || s.value === null || s.state === 'skipped' || s.state === 'declined' || f.type === 'signature') continue;
    out[f.name] = fillerValue(f as ContractField, s.value);
  }
  return out;
}
