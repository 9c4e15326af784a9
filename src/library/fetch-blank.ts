// Fetches a blank form from its official source through the guarded fetch (domain/public-fetch.ts);
// what arrives must be a PDF.
import { fetchPublic, SourceError, type FetchPolicy } from '../domain/public-fetch.ts';

export { SourceError, type FetchPolicy } from '../domain/public-fetch.ts';

export async function fetchBlank(rawUrl: string, policy: FetchPolicy): Promise<{ bytes: Buffer; finalUrl: string }> {
  const { bytes, finalUrl } = await fetchPublic(rawUrl, { ...policy, userAgent: 'formfill-library/1', accept: 'application/pdf' });
  if (!bytes.subarray(0, 1024).includes('%PDF-')) {
    const url = new URL(finalUrl);
    throw new SourceError('not_pdf', url.host, `The source ${url.host} did not serve a PDF for ${url.pathname}.`);
  }
  return { bytes, finalUrl };
}
