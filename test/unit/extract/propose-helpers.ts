// What the proposer tests build their cases from: text fields stacked down a page, plain-text
// documents read as the service reads them, and a lookup of the proposal for a field.
import { readDocument } from '../../../src/extract/index.ts';
import type { ReadDocument } from '../../../src/extract/types.ts';
import { proposeValues, type ProposeField } from '../../../src/extract/propose/index.ts';

let nextId = 1;

/** A text field labelled `label` (its tooltip too), one row below the previous field. */
export function field(label: string, extra: Partial<ProposeField> = {}): ProposeField {
  const id = nextId++;
  return { id, name: `f${id}`, label, tooltip: label, type: 'text', data_type: 'string', page: 0, rect: { x: 100, y: 700 - id * 20, width: 150, height: 16 }, ...extra };
}

export async function textDoc(name: string, text: string): Promise<ReadDocument> {
  return readDocument({ id: name, name, bytes: new TextEncoder().encode(text) });
}

/** Proposes values for `fields` from `docs`; returns the proposal of a field. */
export async function propose(fields: ProposeField[], docs: ReadDocument[]) {
  const out = await proposeValues({ fields, documents: docs });
  return (f: ProposeField) => out.find((p) => p.field_id === f.id)!;
}

/** The value a proposal would write into the form (proposed, and more than a low guess), or null. */
export const written = (p: { status: string; confidence: string | null; value: string | null }) => (p.status === 'proposed' && p.confidence !== 'low' ? p.value : null);
