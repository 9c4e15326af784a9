// The OAuth clients a user has authorised (their grants), and taking one back: the grant goes
// with every code, access token and refresh token issued under it, so the client is signed out
// at once and must ask for consent again.
import type { AppContext } from '../context.ts';
import { oauthProvider } from './provider.ts';

export interface ConnectedApp {
  grantId: string;
  clientId: string;
  /** The client's own name (client_name), or its client_id when it gives none. */
  name: string;
  /** Whether the client_id is an https URL the name and redirect URIs were fetched from (CIMD). */
  metadataDocument: boolean;
  redirectHosts: string[];
  scopes: string[];
  authorizedAt: Date;
}

const hostOf = (uri: string) => URL.parse(uri)?.host || uri;

export async function listConnectedApps(ctx: AppContext, userId: string): Promise<ConnectedApp[]> {
  const provider = await oauthProvider(ctx);
  const rows = await ctx.db.oAuthRecord.findMany({ where: { model: 'Grant', userId }, orderBy: { createdAt: 'desc' } });
  const apps = await Promise.all(
    rows.map(async (row) => {
      const grant = await provider.Grant.find(row.id);
      if (!grant?.clientId) return null; // expired
      // A metadata-document client is fetched again (or taken from the library's cache); one that
      // cannot be fetched any more is still listed, by its client_id, so it can be revoked.
      const client = await provider.Client.find(grant.clientId).catch(() => undefined);
      const scopes = [...Object.values(grant.resources ?? {}), grant.openid?.scope ?? ''].flatMap((s) => s.split(' ')).filter(Boolean);
      return {
        grantId: row.id,
        clientId: grant.clientId,
        name: client?.clientName ?? grant.clientId,
        metadataDocument: /^https:\/\//.test(grant.clientId),
        redirectHosts: [...new Set((client?.redirectUris ?? []).map(hostOf))],
        scopes: [...new Set(scopes)],
        authorizedAt: new Date(grant.iat * 1000),
      } satisfies ConnectedApp;
    }),
  );
  return apps.filter((a) => a !== null);
}

/** Revokes the user's grant and everything issued under it; false when the user has no such grant. */
export async function revokeConnectedApp(ctx: AppContext, userId: string, grantId: string): Promise<boolean> {
  const provider = await oauthProvider(ctx);
  const grant = await provider.Grant.find(grantId);
  if (!grant || grant.accountId !== userId) return false;
  await Promise.all([provider.AccessToken, provider.RefreshToken, provider.AuthorizationCode].map((model) => model.revokeByGrantId(grantId)));
  await grant.destroy();
  return true;
}
