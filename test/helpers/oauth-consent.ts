// What an OAuth client's user does in the browser (sign in to the dashboard, approve or deny the
// consent page) and where the browser is sent back to: a loopback redirect URI served by a local
// server that keeps every callback URL (the service accepts it when OAUTH_ALLOW_LOOPBACK is set).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface LoopbackRedirect {
  /** http://127.0.0.1:port/callback */
  uri: string;
  /** Every callback URL the browser was sent back to, oldest first. */
  returned: string[];
  close(): void;
}

export async function loopbackRedirect(): Promise<LoopbackRedirect> {
  const returned: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/callback')) returned.push(`http://${req.headers.host}${req.url}`); // not the browser's /favicon.ico
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Back in the app</title><p>Done.</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return { uri, returned, close: () => server.close() };
}

/** Opens an authorization URL, signs in when asked, and waits on the consent page. */
export async function toConsent(page: Page, url: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(url);
  if (new URL(page.url()).pathname === '/dashboard/sign-in') {
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.waitForURL(/\/oauth\/interaction\//);
  await expect.poll(() => page.locator('h1').textContent()).toMatch(/^Allow .+ to use your account\?$/);
}

/** Presses a consent button and returns the URL the browser was sent back to. */
export async function decide(page: Page, redirect: LoopbackRedirect, button: 'Approve' | 'Deny'): Promise<URL> {
  const before = redirect.returned.length;
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(`${redirect.uri}**`);
  expect(redirect.returned.length).toBe(before + 1);
  return new URL(redirect.returned.at(-1)!);
}
