// Plain-JavaScript entry of a worker thread (workers/pool.ts). Node 20 does not apply loaders given as
// `--import` in a worker's execArgv to the worker's own entry module, so the thread registers
// tsx itself, then loads the TypeScript worker. The same file works under `npm start` (tsx) and
// under vitest, whose transforms never reach worker threads.
import { register } from 'tsx/esm/api';

register();
// tsx turns source maps on, and Node then keeps a decoded map (hundreds of thousands of small
// arrays) of any module in a stack it formats, pdf.js's included: about 55 MB of each worker's heap.
// A worker's stacks never leave it (the pool gets an error's class, code and message), so the
// thread goes without them.
process.setSourceMapsEnabled(false);
await import(new URL('./thread.ts', import.meta.url).href);
