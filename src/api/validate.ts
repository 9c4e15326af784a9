// Request validation with the same zod schemas that document the routes.
import { z } from 'zod';
import { notFound } from '../domain/errors.ts';
import { validationError } from '../http/errors.ts';

export function parse<S extends z.ZodType>(schema: S, value: unknown, status = 400): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error, status);
  return r.data;
}

/** A path id that is not even well-formed names nothing: 404, like an unknown id. */
export function parseId(value: unknown, what: string): string {
  const r = z.uuid().safeParse(value);
  if (!r.success) throw notFound(what);
  return r.data;
}
