// The service's TypeScript as plain JavaScript, compiled by esbuild (the compiler tsx itself uses)
// once per process. Loading TypeScript through tsx costs a loader thread holding every module's
// transformed source: a worker thread started through tsx took about 315 MB, one started from
// compiled files about 125 MB; the HTTP process's own imports 340–349 MB against 224–231 MB.
// Plain JavaScript so that the process entry (start.mjs) can use it before any TypeScript loads.
//
// Each module is compiled on its own, not bundled, so modules run in the order they always did
// (pdf/builtins.ts keeps the natives before pdf.js loads). The files go under .compiled/ at the
// project's root (git-ignored), outside src/ since benchmarks are compiled too, in a folder named
// by their content, so that packages resolve from node_modules as they do from the sources and
// processes starting together write the same folder once. `import.meta.url` in a compiled
// module is its source file's URL, so files found beside the sources (migrations, the price list,
// the dashboard's assets) are found from the compiled copy too.
import { buildSync, stop as stopEsbuild } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The project's folder: entries and their imports are named from it (src/main.ts, bench/batch.ts). */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));

const SOURCE_URL = '__sourceFileUrl';
const SOURCE_URL_PLACEHOLDER = '"@source-file-url@"';

/**
 * Compiles every module `entry` (a file of the project) can load, dynamic imports included, into
 * `.compiled/<folder>/<content hash>/`, in the folders they have in the project, and returns the URL of the compiled entry. With
 * `sourceMaps`, each file gets a map beside it naming its source (for stack traces, once the process
 * turns source maps on). Throws when the files cannot be built or written (a read-only install, say).
 */
export function compileModules(entry, folder, { sourceMaps = false } = {}) {
  const out = join(ROOT, '.compiled', folder);
  try {
    // The modules the entry can load, found by a bundling pass that writes nothing.
    const graph = buildSync({ absWorkingDir: ROOT, entryPoints: [entry], bundle: true, splitting: true, format: 'esm', platform: 'node', packages: 'external', outdir: out, write: false, metafile: true, logLevel: 'silent' });
    const sources = Object.keys(graph.metafile.inputs).map((f) => join(ROOT, f));
    const { outputFiles } = buildSync({
      entryPoints: sources,
      outbase: ROOT,
      outdir: out,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      logLevel: 'silent',
      sourcemap: sourceMaps ? 'linked' : false,
      sourcesContent: false,
      // One banner line, so the maps' line numbers stay right when each file's URL is written into it.
      define: { 'import.meta.url': SOURCE_URL },
      banner: { js: `const ${SOURCE_URL} = ${SOURCE_URL_PLACEHOLDER};` },
    });
    const sourceOf = new Map(sources.map((s) => [relative(ROOT, s).replace(/\.[^./]+$/, ''), s]));
    const files = outputFiles.map((f) => {
      const path = relative(out, f.path);
      const source = sourceOf.get(path.replace(/\.js(\.map)?$/, ''));
      if (path.endsWith('.map')) return { path, text: withSourceFile(f.text, source) };
      return { path: compiledName(path, source), text: withSourceUrl(withJsImports(f.text), source) };
    });
    const hash = createHash('sha256');
    for (const f of files) hash.update(f.path).update('\0').update(f.text).update('\0');
    const dir = join(out, hash.digest('hex').slice(0, 16));
    if (!existsSync(dir)) writeFolder(dir, files);
    return pathToFileURL(join(dir, compiledName(relative(ROOT, entry).replace(/\.[^./]+$/, '.js'), entry)));
  } finally {
    // The synchronous calls run in a helper thread talking to an esbuild process (~80 MB) that
    // would otherwise stay for the life of this one; a later esbuild call starts them again.
    void stopEsbuild();
  }
}

/** A plain-JavaScript source keeps its extension (`.mjs`: its importers name it so); TypeScript becomes `.js`. */
function compiledName(path, source) {
  return source && extname(source) === '.mjs' ? path.replace(/\.js$/, '.mjs') : path;
}

/** Written beside the final folder and renamed into place: a reader never sees half of it. */
function writeFolder(dir, files) {
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

/** Relative imports name the compiled `.js` files instead of the `.ts`/`.tsx` sources (static, dynamic and re-exports). */
export function withJsImports(code) {
  return code.replace(/((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.\.?\/[^"'\n]*?)\.tsx?\2/g, '$1$2$3.js$2');
}

/** A map names its source by absolute URL: the compiled file sits one folder deeper than esbuild was told. */
function withSourceFile(map, source) {
  return source ? JSON.stringify({ ...JSON.parse(map), sources: [pathToFileURL(source).href] }) : map;
}

/** The banner line's placeholder becomes the source file's URL. */
function withSourceUrl(code, source) {
  return source ? code.replace(SOURCE_URL_PLACEHOLDER, JSON.stringify(pathToFileURL(source).href)) : code;
}
