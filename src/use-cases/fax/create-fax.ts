// A new fax, for an account (POST /fax) or a paid call (POST /pay/fax): the number normalised
// and checked against the allowed countries, the cover page put in front, the document stored,
// and the row written as queued. The same document to the same number within
// FAX_DUPLICATE_WINDOW_SECONDS is not sent twice: the earlier fax is returned instead.
import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Fax } from '../../generated/prisma/client.ts';
import { DomainError } from '../../domain/errors.ts';
import { faxSettings, type FaxSettings } from '../../fax/settings.ts';
import { FaxNumberError, faxNumberHash, maskFaxNumber, normaliseFaxNumber } from '../../fax/numbers.ts';
import type { CoverPage } from '../../fax/cover-page.ts';
import { kindPrice, priceList } from '../../payments/pricing.ts';

export interface FaxDocument {
  bytes: Uint8Array;
  sha256: string;
  pages: number;
}

export interface NewFax {
  ownerId: string | null;
  paymentId?: string;
  document: FaxDocument;
  to: string;
  cover?: CoverPage;
  callbackUrl?: string;
  retention: 'keep' | 'ephemeral';
}

export type CreatedFax = { created: true; fax: Fax } | { created: false; fax: Fax };

/** The fax settings; 503 when this deployment does not fax. */
export function requireFax(ctx: AppContext): FaxSettings {
  const s = faxSettings(ctx.config);
  if (!s) throw new DomainError('not_offered', 'fax_not_configured', 'Faxing is not configured on this server.');
  return s;
}

/** The number in E.164 and what the record keeps of it; 400 for a bad or disallowed number. */
export function faxDestination(s: FaxSettings, raw: string) {
  try {
    const { e164 } = normaliseFaxNumber(raw, s.allowedCountries);
    return { e164, masked: maskFaxNumber(e164), hash: faxNumberHash(e164, s.secret) };
  } catch (err) {
    if (err instanceof FaxNumberError) throw new DomainError('invalid', err.code, err.message);
    throw err;
  }
}

/** Pages that go down the line: the document's, plus the cover page. */
export const transmittedPages = (documentPages: number, cover: CoverPage | undefined) => documentPages + (cover ? 1 : 0);

/** Price of one transmitted page, from the price list. */
export const pricePerPageMicros = () => kindPrice(priceList(), 'fax_page', 1);

export async function createFax(ctx: AppContext, input: NewFax): Promise<CreatedFax> {
  const s = requireFax(ctx);
  const dest = faxDestination(s, input.to);
  const id = randomUUID();
  // The cover page is drawn with pdf-lib, loaded by the first fax that has one: most HTTP
  // processes never send a fax, and the parser is tens of MiB they need not hold.
  const pdf = input.cover ? await (await import('../../fax/cover-page.ts')).withCoverPage(input.document.bytes, input.cover, input.document.pages, dest.masked) : input.document.bytes;
  const blob = `${input.ownerId ?? 'pay'}/fax/${id}.pdf`;
  await ctx.blobs.put(blob, pdf);
  const since = new Date(Date.now() - ctx.config.FAX_DUPLICATE_WINDOW_SECONDS * 1000);
  const result = await ctx.db.$transaction(async (tx) => {
    // One sender at a time per document and number: two identical requests cannot both pass the check.
    await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `fax|${input.document.sha256}|${dest.hash}`);
    const earlier = await tx.fax.findFirst({
      where: { ownerId: input.ownerId, documentSha256: input.document.sha256, destinationHash: dest.hash, createdAt: { gte: since }, status: { not: 'failed' } },
      orderBy: { createdAt: 'desc' },
    });
    if (earlier) return { created: false as const, fax: earlier };
    const fax = await tx.fax.create({
      data: {
        id,
        ownerId: input.ownerId,
        paymentId: input.paymentId ?? null,
        destination: dest.e164,
        destinationMasked: dest.masked,
        destinationHash: dest.hash,
        documentSha256: input.document.sha256,
        documentBlob: blob,
        retention: input.retention,
        pages: transmittedPages(input.document.pages, input.cover),
        coverPage: Boolean(input.cover),
        status: 'queued',
        provider: s.provider.name,
        callbackUrl: input.callbackUrl ?? null,
        pricePerPageMicros: pricePerPageMicros(),
      },
    });
    return { created: true as const, fax };
  });
  if (!result.created) await ctx.blobs.delete(blob).catch(() => undefined);
  return result;
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
