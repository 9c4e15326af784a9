// Account and key management moved to the account store (src/store/accounts.ts); this name stays
// for callers written against it (the dashboard).
export * from '../store/accounts.ts';
