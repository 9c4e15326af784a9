// Building proposals, shared by the fact chooser and the inference modules (answers, parties,
// roles): one shape for "nothing to propose", one for an inferred value, one for a piece of
// evidence, one for a value left for review. Inferred values are medium by construction — the
// decision that an inference across documents never reaches high lives here, not in each module.
import type { ReadDocument } from '../types.ts';
import type { Evidence, FieldProposal, ProposeField } from './types.ts';

export const missingProposal = (field: ProposeField, note: string | null = null): FieldProposal => ({
  field_id: field.id,
  status: 'missing',
  value: null,
  confidence: null,
  origin: null,
  evidence: [],
  note,
});

/** A value inferred from what the documents say (a statement, a party's block, a thread): medium at most. */
export const inferredProposal = (field: ProposeField, value: string, evidence: Evidence[], note: string | null): FieldProposal => ({
  field_id: field.id,
  status: 'proposed',
  value,
  confidence: 'medium',
  origin: 'document',
  evidence,
  note,
});

export const evidenceAt = (doc: ReadDocument, page: number, location: string, quote: string, method: string): Evidence => ({
  document_id: doc.document_id,
  document_name: doc.document_name,
  page,
  method,
  location,
  quote,
});

/** The same value, left for review (low), with the reason added to its note. */
export function leftForReview(p: FieldProposal, reason: string): FieldProposal {
  return { ...p, confidence: 'low', note: [p.note, reason].filter(Boolean).join(' ') };
}
