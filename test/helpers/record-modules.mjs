// Preloaded into a child process (NODE_OPTIONS="--import <this file>", RECORD_MODULES_TO=<file>):
// appends the URL of every module the process's main thread loads to RECORD_MODULES_TO, one a line,
// as it loads. Worker threads start without the parent's loader hooks (workers/pool.ts gives them
// no execArgv), so what they load is not recorded: the file is what the main thread holds.
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

if (isMainThread && process.env.RECORD_MODULES_TO) {
  const hooks = `
    import { appendFileSync } from 'node:fs';
    let file;
    export function initialize(data) { file = data.file; }
    export async function load(url, context, next) {
      appendFileSync(file, url + '\\n');
      return next(url, context);
    }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { file: process.env.RECORD_MODULES_TO } });
}
