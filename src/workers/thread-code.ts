// The worker threads' code as plain JavaScript, compiled from src/ once per process
// (compile-modules.mjs). On Node 20 a thread that loads TypeScript through tsx gets a loader thread
// of its own, holding every module's transformed source: a worker started through tsx took about
// 315 MB, one started from compiled files about 125 MB, and it loads in half the time.
import { join } from 'node:path';
import { compileModules, ROOT } from '../compile-modules.mjs';

let compiled: URL | null | undefined;

/**
 * The compiled entry of a worker thread, built at the first call; null when it cannot be built or
 * written (a read-only install, say): the pool then starts its threads through tsx.
 */
export function compiledThreadEntry(): URL | null {
  if (compiled === undefined) {
    try {
      compiled = compileModules(join(ROOT, 'src', 'workers', 'thread.ts'), 'threads');
    } catch {
      compiled = null;
    }
  }
  return compiled;
}
