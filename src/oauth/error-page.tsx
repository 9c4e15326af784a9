// What a person sees when the authorization server refuses a request it cannot send back to the
// client (an unknown client, a redirect_uri it did not register, an expired sign-in request):
// the dashboard's page shell, the OAuth error code and its description.
import { render } from 'preact-render-to-string';
import { Notice, Page } from '../web/layout.tsx';

export function oauthErrorHtml(error: { error: string; error_description?: string }): string {
  return `<!doctype html>${render(
    <Page title="This sign-in request cannot continue" csrf="">
      <Notice kind="error">
        <code>{error.error}</code>
        {error.error_description ? `: ${error.error_description}` : ''}
      </Notice>
      <p>Go back to the application you came from and start again.</p>
    </Page>,
  )}`;
}
