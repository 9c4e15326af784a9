// Plain-JavaScript entry of a worker thread (workers/pool.ts). Node 20 does not apply loaders given as
// `--import` in a worker's execArgv to the worker's own entry module, so the thread registers
// tsx itself, then loads the TypeScript worker. The same file works under `npm start` (tsx) and
// under vitest, whose transforms never reach worker threads.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./thread.ts', import.meta.url).href);
