// Starts one of the project's entry points (`node src/start.mjs src/main.ts`: `npm start`,
// `npm run worker`, and the benchmarks that measure the service's memory) from JavaScript compiled at start (compile-modules.mjs) rather than through tsx,
// whose loader keeps every module's transformed source for the life of the process. Stack traces
// still name the TypeScript lines: the compiled files carry source maps, turned on here. When the
// files cannot be compiled or written (a read-only install, say), the entry runs through tsx as before.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileModules } from './compile-modules.mjs';

const entry = resolve(process.argv[2] ?? 'src/main.ts');
process.argv.splice(1, 1); // the entry sees the arguments it would see run directly: [node, entry, ...]
let compiled = null;
try {
  compiled = compileModules(entry, 'entries', { sourceMaps: true });
} catch (err) {
  console.warn(`Could not compile ${entry} (${err instanceof Error ? err.message : err}); running it through tsx.`);
}
if (compiled) {
  process.setSourceMapsEnabled(true);
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(entry).href);
}
