// What a use case can refuse, in the domain's words: a kind of refusal and a stable snake_case
// code. The HTTP edge (http/errors.ts) maps each kind to a status; doors other than HTTP (MCP,
// A2A) map them their own way. Nothing below the edge knows a status code.
export type Refusal =
  | 'invalid'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'unprocessable'
  | 'payment_required'
  /** This deployment does not offer it (faxing without a fax provider configured). */
  | 'not_offered'
  /** A source the service fetches from answered wrongly (an error status, not a PDF). */
  | 'upstream_failed'
  /** A source the service fetches from did not answer in time: worth retrying later. */
  | 'upstream_unavailable';

export class DomainError extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new DomainError('not_found', 'not_found', `No such ${what}.`);
