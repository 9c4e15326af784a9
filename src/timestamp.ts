// Timestamps the API returns: ISO 8601 in UTC with an explicit offset ("+00:00"), as the
// interface asks for receipts, proposals and verification reports; `Date#toISOString` ends in "Z".
export const isoTimestamp = (d: Date): string => d.toISOString().replace(/Z$/, '+00:00');
