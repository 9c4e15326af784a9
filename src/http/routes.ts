// Whether a path names a route of a router, so that a path nobody serves is a 404 before any
// key check: a client probing /.well-known/* or /mcp must not be told to authenticate.
import type { Router } from 'express';

interface LayerLike {
  route?: unknown;
  handle?: { stack?: LayerLike[] };
  match(path: string): false | { path: string };
}

/** True when some route of `router` (or of a router mounted in it) matches `path`, whatever the method. */
export function routeExists(router: Router, path: string): boolean {
  return stackMatches((router as unknown as { stack: LayerLike[] }).stack, path);
}

function stackMatches(stack: LayerLike[], path: string): boolean {
  for (const layer of stack) {
    const m = layer.match(path);
    if (!m) continue;
    if (layer.route) return true;
    const inner = layer.handle?.stack;
    if (inner && stackMatches(inner, path.slice(m.path.length) || '/')) return true;
  }
  return false;
}
