// Starts one of the project's entry points (`node src/start.mjs src/main.ts`: `npm start`,
// `npm run worker`, and the benchmarks that measure the service's memory) from JavaScript compiled at start (compile-modules.mjs) rather than through tsx,
// whose loader keeps every module's transformed source for the life of the process. Stack traces
// still name the TypeScript lines: the compiled files carry source maps, turned on here. When the
// files cannot be compiled or written (a read-only install, say), the entry runs through tsx as before.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { compileModules } from './compile-modules.mjs';

// `npm start` caps this thread's young generation (--max-semi-space-size on its command line): the
// HTTP thread's short-lived garbage needs little room, and V8 never gives back the 32 MiB it grows
// to otherwise. Worker threads are created after this line and get V8's default again: the
// detector and the fill engine allocate fast and paid 5 % more CPU under the cap (docs/decisions.md,
// "A small young generation for the HTTP thread only").
setFlagsFromString('--max-semi-space-size=0');

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
