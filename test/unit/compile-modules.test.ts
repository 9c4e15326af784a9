// The service's entry points and worker threads run from JavaScript compiled at start
// (src/compile-modules.mjs, src/start.mjs), not through tsx.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { withJsImports } from '../../src/compile-modules.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

test('relative imports of .ts and .tsx sources name the compiled .js files; packages and other strings are left alone', () => {
  const code = [
    'import { a } from "./a.ts";',
    'export * from "../b/c.ts";',
    'import "./side.ts";',
    'import { Page } from "../web/layout.tsx";',
    'const m = await import("../pdf/pdfjs.ts");',
    "import x from 'pdfjs-dist/legacy/build/pdf.mjs';",
    'const s = "./not-an-import.ts";',
  ].join('\n');
  expect(withJsImports(code).split('\n')).toEqual([
    'import { a } from "./a.js";',
    'export * from "../b/c.js";',
    'import "./side.js";',
    'import { Page } from "../web/layout.js";',
    'const m = await import("../pdf/pdfjs.js");',
    "import x from 'pdfjs-dist/legacy/build/pdf.mjs';",
    'const s = "./not-an-import.ts";',
  ]);
});

test('a compiled module finds files beside its source, and its stack traces name the TypeScript lines', async () => {
  // In a process of its own: source maps are turned on for the whole process, as start.mjs does.
  const script = `
    import { compileModules, ROOT } from './src/compile-modules.mjs';
    const config = compileModules(ROOT + 'src/config.ts', 'entries', { sourceMaps: true });
    const version = compileModules(ROOT + 'src/version.ts', 'entries', { sourceMaps: true });
    process.setSourceMapsEnabled(true);
    const { loadConfig } = await import(config.href);
    let stack = '';
    try { loadConfig({ PORT: 'not a port' }); } catch (err) { stack = err.stack; }
    console.log(JSON.stringify({ config: config.href, version: (await import(version.href)).SERVICE_VERSION, stack }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  const out = JSON.parse(stdout) as { config: string; version: string; stack: string };
  expect(out.config).toMatch(/\/\.compiled\/entries\/[0-9a-f]{16}\/src\/config\.js$/);
  // version.ts reads ../package.json from its own URL: the source's, not the compiled copy's.
  expect(out.version).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  const throwLine = readFileSync(join(ROOT, 'src/config.ts'), 'utf8').split('\n').findIndex((l) => l.includes('throw new Error(`Invalid configuration')) + 1;
  expect(out.stack).toContain(`at loadConfig (${join(ROOT, 'src/config.ts')}:${throwLine}:`);
}, 60_000);
