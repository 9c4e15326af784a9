// Real Chromium for the browser tests (Debian's /usr/bin/chromium, or CHROMIUM_PATH, driven by
// playwright-core: no browser download), and the check every page of theirs passes: axe-core with
// no serious or critical violation, then a screenshot into docs/screenshots/.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = resolve(import.meta.dirname, '../../docs/screenshots');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A browser with one page; confirm() dialogs are accepted. */
export async function openBrowser() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  // axe is injected into pages whose CSP allows no inline script.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  return { browser, context, page };
}

/** axe-core on the current page (no serious or critical violation), then a screenshot `name`.png. */
export async function checkPage(page: Page, name: string) {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (globalThis as unknown as { axe: { run(o: unknown): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe.run({ resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`);
  });
  expect(violations, `axe on ${name}`).toEqual([]);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}
