// The value proposer's vocabulary: which fields it is asked about, what it answers, and the
// evidence behind each answer. Plain data; the prepare → commit path stores these as they are.
import type { DataType, FieldType, Rect } from '../../pdf/types.ts';
import type { ReadDocument } from '../types.ts';

/** A form field as the proposer needs it: structurally a subset of ContractField. */
export interface ProposeField {
  id: number;
  name: string;
  label: string;
  /** The part of the form the field is in ("Part 3 Information About Your Employer"). */
  section?: string;
  tooltip?: string;
  type: FieldType;
  data_type: DataType;
  page: number;
  rect: Rect;
  required?: boolean;
  max_len?: number;
  comb?: boolean;
  multiline?: boolean;
  /** Choice options / radio export values. */
  options?: string[];
  /** Checkbox on-state. */
  export_value?: string;
  widgets?: { page: number; rect: Rect; export_value?: string }[];
}

export type Confidence = 'high' | 'medium' | 'low';

export interface Evidence {
  document_id: string;
  document_name: string;
  page: number;
  /** 'quote_check' when the value was found verbatim (or normalised) at `location`; else how it was found. */
  method: string;
  location: string;
  quote: string;
}

export interface FieldProposal {
  field_id: number;
  status: 'proposed' | 'conflict' | 'missing';
  /** Text as the field expects it; checkbox 'true' | 'false'; radio/choice: exactly one of options. */
  value: string | null;
  /** null when missing. */
  confidence: Confidence | null;
  /** 'llm' for values the optional LLM provider proposed (src/extract/llm.ts). */
  origin: 'document' | 'llm' | null;
  evidence: Evidence[];
  /** Why it is unsure, which candidates conflicted, what was reformatted. */
  note: string | null;
  /** For conflicts: the competing values. */
  alternatives?: { value: string; confidence: Confidence; evidence: Evidence[] }[];
}

export interface ProposeInput {
  fields: ProposeField[];
  documents: ReadDocument[];
  /** The blank form itself: its printed text gives labels to fields with poor names. */
  formPdf?: Uint8Array;
}
