// Fax numbers: parsed and normalised to E.164 with libphonenumber-js (Google's libphonenumber
// metadata), limited to the countries this deployment may fax to, and masked for the record.
import { createHmac } from 'node:crypto';
import { parsePhoneNumberWithError, type CountryCode } from 'libphonenumber-js/max';

export class FaxNumberError extends Error {
  constructor(
    readonly code: 'invalid_fax_number' | 'fax_country_not_allowed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The number in E.164 ("+12025550143"). A number without a country code is read as one of the
 * first allowed country (US by default). Throws FaxNumberError.
 */
export function normaliseFaxNumber(raw: string, allowedCountries: readonly string[]): { e164: string; country: string } {
  let parsed;
  try {
    parsed = parsePhoneNumberWithError(raw, { defaultCountry: allowedCountries[0] as CountryCode });
  } catch {
    throw new FaxNumberError('invalid_fax_number', 'The fax number is not a phone number.');
  }
  // "max" metadata: a number must match a real numbering plan of its country, not just its length.
  if (!parsed.isValid()) throw new FaxNumberError('invalid_fax_number', `${parsed.number} is not a valid phone number.`);
  const country = parsed.country;
  if (!country || !allowedCountries.includes(country)) {
    throw new FaxNumberError('fax_country_not_allowed', `This service faxes to ${allowedCountries.join(', ')} only; the number is in ${country ?? 'an unknown country'}.`);
  }
  return { e164: parsed.number, country };
}

/** "+1 ••• ••• 0143": country code and last four digits. */
export function maskFaxNumber(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  const last = digits.slice(-4);
  const cc = digits.length > 10 ? digits.slice(0, digits.length - 10) : digits.slice(0, 1);
  return `+${cc} ••• ••• ${last}`;
}

/** A keyed hash of the number: finds a recent fax to the same number without keeping it. */
export const faxNumberHash = (e164: string, secret: string) => createHmac('sha256', secret).update(`fax-number|${e164}`).digest('hex');
