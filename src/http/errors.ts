// One error shape everywhere: { "error": { "code": "snake_case", "message": "…", …extra } }.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { PdfError } from '../pdf/errors.ts';
import { DomainError, type Refusal } from '../domain/errors.ts';
import { WorkerPoolError } from '../workers/pool.ts';
import { PageToolError } from '../pdf/tools/errors.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The one table from a domain refusal to an HTTP status. */
const STATUS_OF: Record<Refusal, number> = {
  invalid: 400,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unprocessable: 422,
  not_offered: 503,
  upstream_failed: 502,
  upstream_unavailable: 503,
};

export const domainErrorToApi = (err: DomainError) =>
  new ApiError(STATUS_OF[err.refusal], err.code, err.message, err.extra, err.refusal === 'upstream_unavailable' ? { 'Retry-After': '60' } : {});

export const ErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }).catchall(z.unknown()),
});

export function errorBody(code: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { code, message, ...extra } };
}

/** Turns a zod failure into a 400 that names each bad field. */
export function validationError(err: z.ZodError, status = 400, code = 'invalid_request'): ApiError {
  const issues = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const summary = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return new ApiError(status, code, `Invalid request: ${summary}`, { issues });
}

export const pdfErrorToApi = (err: PdfError) => new ApiError(400, err.code, err.message);

export const unknownRoute: RequestHandler = (req, _res, next) => {
  next(new ApiError(404, 'not_found', `No route for ${req.method} ${req.path}.`));
};

/**
 * The one table from what the layers below throw to an HTTP error: ApiError as is, a domain
 * refusal by its kind, a PDF the reader refused, a worker pool that is full or whose work overran,
 * a page tool's refusal, a body that failed validation, express's body
 * parser errors. Anything else is unknown (undefined): a 500 with a log line.
 */
export function knownApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof DomainError) return domainErrorToApi(err);
  if (err instanceof PdfError) return pdfErrorToApi(err);
  if (err instanceof WorkerPoolError) return new ApiError(err.status, err.code, err.message);
  // A document beyond the page tools' limits is well-formed but refused: 422, as when a worker runs out of memory.
  if (err instanceof PageToolError) return new ApiError(err.code === 'pdf_too_complex' ? 422 : 400, err.code, err.message);
  if (err instanceof z.ZodError) return validationError(err);
  if ((err as { type?: string })?.type === 'entity.parse.failed') return new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  if ((err as { type?: string })?.type === 'entity.too.large') return new ApiError(413, 'request_too_large', 'The request body is too large.');
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let apiErr = knownApiError(err);
  if (!apiErr) {
    req.log?.error({ err: (err as Error)?.message, stack: (err as Error)?.stack }, 'unhandled error');
    apiErr = new ApiError(500, 'internal_error', 'Something went wrong on our side. The request can be retried.');
  }
  if (res.headersSent) return void res.end();
  for (const [k, v] of Object.entries(apiErr.headers)) res.setHeader(k, v);
  res.status(apiErr.status).json(errorBody(apiErr.code, apiErr.message, apiErr.extra));
};
