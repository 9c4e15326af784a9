// The fields of a proposal (§2.5, §3.5, §4.5): the values found in the documents for each field,
// sorted under a policy, then settled by the caller's commits (use-cases/proposals/commit-proposal.ts).
//
// Field states:
//   ready     proposed with a confidence the policy accepts (safe: high or medium; strict: high);
//             written by every commit unless the caller declines or overrides it
//   review    proposed, but below the policy's bar: not written unless the caller supplies a value
//   conflict  the documents disagree; the candidates are listed as alternatives
//   missing   nothing found (signature fields are always missing: a person signs them)
//   user      the caller supplied the value in a commit
//   declined  the caller refused the field in a commit: left empty
// Proposal status: processing → open (job done) → committed (after the first commit) | failed.
import type { Confidence, Evidence, FieldProposal } from '../extract/propose/types.ts';
import type { Contract } from './contracts.ts';
import { normaliseValue } from './field-values.ts';
import { cleanStrings } from './text.ts';
import { isoTimestamp } from '../timestamp.ts';

/** How sure a value must be to be written without the caller: safe (default) or strict. */
export const POLICIES = ['safe', 'strict'] as const;
export type Policy = (typeof POLICIES)[number];
export const PROPOSAL_FIELD_STATES = ['ready', 'review', 'conflict', 'missing', 'user', 'declined'] as const;
export type ProposalFieldState = (typeof PROPOSAL_FIELD_STATES)[number];
export type ValueOrigin = 'document' | 'llm' | 'user';

/** One field of a proposal as stored and shown. */
export interface ProposedField {
  field_id: number;
  label: string;
  state: ProposalFieldState;
  value: string | null;
  origin: ValueOrigin | null;
  confidence: Confidence | null;
  evidence: Evidence[];
  note: string | null;
  alternatives?: FieldProposal['alternatives'];
}

export interface QuoteChecks {
  ran: boolean;
  checked: number;
  doubted: number;
  cost: number;
  ms: number;
}

export type Settled = Record<string, { value: string | null; state: 'user' | 'declined' }>;

const ACCEPTED: Record<Policy, Confidence[]> = { safe: ['high', 'medium'], strict: ['high'] };

/** Turns the proposer's answers into proposal fields under a policy. */
export function classifyProposals(contract: Contract, proposals: FieldProposal[], policy: Policy): ProposedField[] {
  // Values and evidence come from documents: NUL and lone surrogates are dropped before anything is stored.
  const byId = new Map(cleanStrings(proposals).map((p) => [p.field_id, p]));
  return contract.fields.map((field) => {
    const p = byId.get(field.id);
    const base = { field_id: field.id, label: field.label, evidence: p?.evidence ?? [], alternatives: p?.alternatives };
    if (field.type === 'signature') {
      return { ...base, state: 'missing', value: null, origin: null, confidence: null, evidence: [], note: 'A signature is made by a person; it is listed under requirements.' };
    }
    if (!p || p.status === 'missing' || p.value === null) {
      if (p?.status === 'conflict') return { ...base, state: 'conflict', value: null, origin: p.origin, confidence: p.confidence, note: p.note };
      return { ...base, state: 'missing', value: null, origin: null, confidence: null, note: p?.note ?? null };
    }
    const checked = normaliseValue(field, p.value);
    if ('problem' in checked) {
      const value = checked.problem.reason === 'value_too_long' ? null : p.value; // not kept: it could never be written
      return { ...base, state: 'review', value, origin: p.origin, confidence: 'low', note: `The proposed value does not fit the field: ${checked.problem.message}` };
    }
    if (p.status === 'conflict') return { ...base, state: 'conflict', value: checked.value, origin: p.origin, confidence: p.confidence, note: p.note };
    const ready = p.confidence !== null && ACCEPTED[policy].includes(p.confidence);
    return { ...base, state: ready ? 'ready' : 'review', value: checked.value, origin: p.origin, confidence: p.confidence, note: p.note };
  });
}

/** Quote-check figures over the proposals: how many values were checked against their documents. */
export function quoteChecks(proposals: FieldProposal[], ms: number): { summary: QuoteChecks; fields: { field_id: number; method: 'quote_check'; passed: boolean }[] } {
  const fields = proposals
    .filter((p) => p.value !== null && p.status !== 'missing')
    .map((p) => ({ field_id: p.field_id, method: 'quote_check' as const, passed: p.evidence.some((e) => e.method === 'quote_check') }));
  return { summary: { ran: true, checked: fields.length, doubted: fields.filter((f) => !f.passed).length, cost: 0, ms: Math.round(ms) }, fields };
}

export function openFields(fields: ProposedField[], contract: Contract) {
  const types = new Map(contract.fields.map((f) => [f.id, f.type]));
  return fields.filter((f) => (f.state === 'review' || f.state === 'conflict' || f.state === 'missing') && types.get(f.field_id) !== 'signature');
}

export function requirements(contract: Contract) {
  return {
    signatures: contract.fields.filter((f) => f.type === 'signature').map((f) => ({ field_id: f.id, label: f.label, page: f.page + 1 })),
    attachments: [] as { name: string; note: string }[],
  };
}

export function unresolvedOf(fields: ProposedField[], contract: Contract) {
  return {
    fields: openFields(fields, contract).map((f) => ({ field_id: f.field_id, label: f.label, state: f.state, proposed_value: f.value, note: f.note })),
    attachments: [] as { name: string; note: string }[],
  };
}

export const commitView = (c: { n: number; createdAt: Date; auto: boolean; result: string; valuesSupplied: number }) => ({
  n: c.n,
  at: isoTimestamp(c.createdAt),
  auto: c.auto,
  result: c.result,
  values_supplied: c.valuesSupplied,
});

/** Proposal fields with the caller's settlements applied. */
export function settle(proposed: ProposedField[], settled: Settled): ProposedField[] {
  return proposed.map((f) => {
    const s = settled[f.field_id];
    if (!s) return f;
    if (s.state === 'declined') return { ...f, state: 'declined', value: null, note: 'Declined by the caller.' };
    return { ...f, state: 'user', value: s.value, origin: 'user', confidence: null, evidence: [], note: null };
  });
}

export const written = (f: ProposedField) => (f.state === 'ready' || f.state === 'user') && f.value !== null;

