// Connected apps: the OAuth clients (MCP clients above all) this user has let act on the account,
// with what they may do, and Revoke, which signs the client out at once (src/oauth/connected-apps.ts).
import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../context.ts';
import { listConnectedApps, revokeConnectedApp } from '../oauth/connected-apps.ts';
import { SCOPES } from '../oauth/scopes.ts';
import { csrfToken } from './session.ts';
import { userOf } from './guard.tsx';
import { day, Form, Notice, Page, send, TableHead } from './layout.tsx';

const scopeLabel = (scope: string) => (scope in SCOPES ? `${scope}: ${SCOPES[scope as keyof typeof SCOPES]}` : scope);

async function connectedAppsPage(ctx: AppContext, req: Request, res: Response, notice?: { info?: string; error?: string }, status = 200) {
  const user = userOf(req);
  const csrf = csrfToken(req);
  const apps = await listConnectedApps(ctx, user.id);
  send(
    res,
    <Page title="Connected apps" email={user.email} csrf={csrf} current="connected-apps">
      {notice?.info && <Notice kind="success">{notice.info}</Notice>}
      {notice?.error && <Notice kind="error">{notice.error}</Notice>}
      <p>
        Apps you allowed to use this account through OAuth (for example an AI assistant connected to the service's MCP server). Revoking one ends its access at once; it has to ask you
        again to come back.
      </p>
      {apps.length === 0 ? (
        <p>No connected apps.</p>
      ) : (
        <table>
          <caption>Apps with access to this account</caption>
          <TableHead columns={['App', 'Sends you back to', 'May', 'Allowed', 'Actions']} />
          <tbody>
            {apps.map((app) => (
              <tr data-client={app.clientId}>
                <th scope="row">
                  {app.name}
                  {app.metadataDocument && app.name !== app.clientId && <span class="hint"> ({app.clientId})</span>}
                </th>
                <td>{app.redirectHosts.join(', ') || 'unknown'}</td>
                <td>
                  <ul class="scopes">
                    {app.scopes.map((s) => (
                      <li>{scopeLabel(s)}</li>
                    ))}
                  </ul>
                </td>
                <td>{day(app.authorizedAt)}</td>
                <td class="actions">
                  <Form action={`/dashboard/connected-apps/${encodeURIComponent(app.grantId)}/revoke`} csrf={csrf} class="inline">
                    <button type="submit" aria-label={`Revoke ${app.name}`} data-confirm={`Revoke ${app.name}? It loses access at once.`}>
                      Revoke
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>,
    status,
  );
}

export function connectedAppsPages(ctx: AppContext): Router {
  const r = Router();
  r.get('/dashboard/connected-apps', (req, res) => connectedAppsPage(ctx, req, res));
  r.post('/dashboard/connected-apps/:grantId/revoke', async (req, res) => {
    const revoked = await revokeConnectedApp(ctx, userOf(req).id, req.params.grantId as string);
    if (!revoked) return connectedAppsPage(ctx, req, res, { error: 'No such connected app.' }, 404);
    await connectedAppsPage(ctx, req, res, { info: 'The app lost its access.' });
  });
  return r;
}
