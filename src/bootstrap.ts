// First start of an empty embedded database: create a local account and print its key once,
// so `npm install && npm start` is immediately usable with curl.
import type { AppContext } from './context.ts';
import { createAccount } from './store/accounts.ts';

export async function bootstrapLocalAccount(ctx: AppContext): Promise<string | null> {
  if (!ctx.config.BOOTSTRAP_ACCOUNT || ctx.database.kind !== 'pglite' || !ctx.database.fresh) return null;
  if ((await ctx.db.account.count()) > 0) return null;
  const { account, key } = await createAccount(ctx.db, 'local');
  process.stdout.write(
    `\nCreated local account ${account.id}.\nIts API key (shown once, store it now):\n\n  ${key}\n\n` +
      `Manage accounts and keys with: npm run account -- help\n\n`,
  );
  return key;
}
