// Errors of the fill engine. FillValidationError is the caller's fault (the HTTP layer maps it to
// 422); the others describe PDFs we cannot write.

export type FillReason =
  | 'unknown_field'
  | 'max_len_exceeded'
  | 'not_an_option'
  | 'invalid_checkbox_value'
  | 'invalid_type'
  | 'not_fillable'
  | 'unsupported_characters';

export interface FillIssue {
  /** Fully qualified field name, as given by the caller. */
  field: string;
  reason: FillReason;
  message: string;
  /** Allowed values (options, on-states) when the reason is about them. */
  allowed?: string[];
  /** For max_len_exceeded: the limit and the length given. */
  max_len?: number;
  length?: number;
  /** For unsupported_characters: the characters no font can show. */
  characters?: string[];
}

export class FillValidationError extends Error {
  readonly code = 'field_validation_failed';
  readonly status = 422;
  /** The first offending field and its reason. */
  readonly field: string;
  readonly reason: FillReason;
  /** Every problem found (at least one). */
  readonly issues: FillIssue[];

  constructor(issues: FillIssue[]) {
    const first = issues[0];
    super(
      issues.length === 1
        ? `${first.field}: ${first.message}`
        : `${issues.length} fields rejected; first: ${first.field}: ${first.message}`,
    );
    this.name = 'FillValidationError';
    this.field = first.field;
    this.reason = first.reason;
    this.issues = issues;
  }
}

export { PdfPasswordError, UnsupportedEncryptionError } from './crypto.ts';
export { PdfStructureError } from './template.ts';
