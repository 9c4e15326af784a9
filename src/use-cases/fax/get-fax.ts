// Reading a fax: an account reads its own (another account's is 404); a pay-per-call caller reads
// the one it paid for with the status token from the paid response. The provider fetches the
// document with its signed, short-lived URL while the fax is being sent.
import type { AppContext } from '../../context.ts';
import type { Fax } from '../../generated/prisma/client.ts';
import { DomainError, notFound } from '../../domain/errors.ts';
import { mediaUrlValid, statusTokenValid } from '../../fax/links.ts';
import { requireFax } from './create-fax.ts';

export async function getAccountFax(ctx: AppContext, ownerId: string, faxId: string): Promise<Fax> {
  const fax = await ctx.db.fax.findFirst({ where: { id: faxId, ownerId } });
  if (!fax) throw notFound('fax');
  return fax;
}

export async function getPaidFax(ctx: AppContext, faxId: string, token: string | undefined): Promise<Fax> {
  const s = requireFax(ctx);
  const fax = await ctx.db.fax.findFirst({ where: { id: faxId, ownerId: null } });
  if (!fax || !statusTokenValid(s.secret, faxId, token)) throw notFound('fax');
  return fax;
}

/** The PDF for the provider; 404 for a bad or expired link, 410 once the fax no longer needs it. */
export async function faxMedia(ctx: AppContext, faxId: string, expires: string | undefined, signature: string | undefined): Promise<Uint8Array> {
  const s = requireFax(ctx);
  if (!mediaUrlValid(s.secret, faxId, expires, signature)) throw notFound('document');
  const fax = await ctx.db.fax.findUnique({ where: { id: faxId } });
  if (!fax) throw notFound('document');
  if (!fax.documentBlob || fax.status === 'delivered' || fax.status === 'failed') throw new DomainError('gone', 'documents_deleted', 'This fax is finished; its document is no longer served.');
  return ctx.blobs.get(fax.documentBlob);
}
