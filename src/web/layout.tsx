// The page shell every dashboard page shares: landmarks, a skip link, the section navigation
// with aria-current, and forms that always carry the CSRF token. Rendered on the server with
// Preact (JSX, escaped by default); the only script is the copy button's.
import type { ComponentChildren } from 'preact';
import { render } from 'preact-render-to-string';
import type { Response } from 'express';

export const SECTIONS = [
  ['keys', 'API keys'],
  ['usage', 'Usage'],
  ['billing', 'Billing'],
  ['callbacks', 'Callbacks'],
  ['retention', 'Retention'],
  ['connected-apps', 'Connected apps'],
] as const;
export type Section = (typeof SECTIONS)[number][0];

export interface PageProps {
  title: string;
  /** The signed-in user's email; absent on the sign-in pages. */
  email?: string;
  csrf: string;
  current?: Section;
  children: ComponentChildren;
}

export function Page({ title, email, csrf, current, children }: PageProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Form-filling service`}</title>
        <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
        <script src="/dashboard/assets/dashboard.js" defer />
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header>
          <p class="brand">Form-filling service</p>
          {email && (
            <nav aria-label="Dashboard">
              <ul>
                {SECTIONS.map(([id, label]) => (
                  <li>
                    <a href={`/dashboard/${id}`} aria-current={id === current ? 'page' : undefined}>
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {email && (
            <Form action="/dashboard/sign-out" csrf={csrf} class="signout">
              <span>{email}</span> <button type="submit">Sign out</button>
            </Form>
          )}
        </header>
        <main id="main">
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

export function Form({ action, csrf, children, class: cls }: { action: string; csrf: string; children: ComponentChildren; class?: string }) {
  return (
    <form method="post" action={action} class={cls}>
      <input type="hidden" name="_csrf" value={csrf} />
      {children}
    </form>
  );
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error' | 'success'; children: ComponentChildren }) {
  return (
    <div class={`notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Field({ label, name, type = 'text', autocomplete, required = true, value, hint }: { label: string; name: string; type?: string; autocomplete?: string; required?: boolean; value?: string; hint?: string }) {
  return (
    <p class="field">
      <label for={name}>{label}</label>
      <input id={name} name={name} type={type} autoComplete={autocomplete} required={required} value={value} aria-describedby={hint ? `${name}-hint` : undefined} />
      {hint && (
        <span class="hint" id={`${name}-hint`}>
          {hint}
        </span>
      )}
    </p>
  );
}

/** A table's header row: one column header per name. */
export function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th scope="col">{c}</th>
        ))}
      </tr>
    </thead>
  );
}

export function send(res: Response, page: preact.VNode, status = 200): void {
  res.status(status).type('html').send(`<!doctype html>${render(page)}`);
}

export const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : 'never');
