// The worker threads' code as plain JavaScript, compiled from src/ once per process (esbuild, the
// compiler tsx itself uses). On Node 20 a thread that loads TypeScript through tsx gets a loader
// thread of its own, holding every module's transformed source: a worker started through tsx took
// about 315 MB, one started from compiled files about 125 MB, and it loads in half the time.
// Each file is compiled on its own, not bundled, so modules run in the order they always did
// (pdf/builtins.ts keeps the natives before pdf.js loads). The files go under src/generated/threads/
// (git-ignored), in a folder named by their content, so that packages and createRequire(import.meta.url)
// resolve as they do from src/ and processes starting together write the same folder once.
import { buildSync, stop as stopEsbuild } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SRC = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(SRC, 'generated', 'threads');
const ENTRY = join(SRC, 'workers', 'thread.ts');

let compiled: URL | null | undefined;

/**
 * The compiled entry of a worker thread, built at the first call; null when it cannot be built or
 * written (a read-only install, say): the pool then starts its threads through tsx.
 */
export function compiledThreadEntry(): URL | null {
  if (compiled === undefined) {
    try {
      compiled = compile();
    } catch {
      compiled = null;
    } finally {
      // The synchronous calls run in a helper thread talking to an esbuild process (~80 MB) that
      // would otherwise stay for the life of this one; a later esbuild call starts them again.
      void stopEsbuild();
    }
  }
  return compiled;
}

function compile(): URL {
  // The modules a thread can load (dynamic imports included), found by a bundling pass that writes nothing.
  const graph = buildSync({ absWorkingDir: SRC, entryPoints: [ENTRY], bundle: true, splitting: true, format: 'esm', platform: 'node', packages: 'external', outdir: OUT, write: false, metafile: true, logLevel: 'silent' });
  const sources = Object.keys(graph.metafile.inputs).map((f) => join(SRC, f));
  const { outputFiles } = buildSync({ entryPoints: sources, outbase: SRC, outdir: OUT, format: 'esm', platform: 'node', target: 'node20', write: false, logLevel: 'silent' });
  const files = outputFiles.map((f) => ({ path: relative(OUT, f.path), text: withJsImports(f.text) }));
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.path).update('\0').update(f.text).update('\0');
  const dir = join(OUT, hash.digest('hex').slice(0, 16));
  if (!existsSync(dir)) {
    const tmp = `${dir}.${process.pid}.tmp`;
    for (const f of files) {
      mkdirSync(dirname(join(tmp, f.path)), { recursive: true });
      writeFileSync(join(tmp, f.path), f.text);
    }
    try {
      renameSync(tmp, dir);
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      if (!existsSync(dir)) throw err; // otherwise another process wrote the same files first
    }
  }
  return pathToFileURL(join(dir, relative(SRC, ENTRY).replace(/\.ts$/, '.js')));
}

/** Relative imports name the compiled `.js` files instead of the `.ts` sources (static, dynamic and re-exports). */
export function withJsImports(code: string): string {
  return code.replace(/((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.\.?\/[^"'\n]*?)\.ts\2/g, '$1$2$3.js$2');
}
