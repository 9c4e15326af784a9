// A standalone job worker, for scale-out: run any number of these next to HTTP processes
// started with RUN_WORKER=false. With REDIS_URL they share the BullMQ queue.
import { loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { startJobWorker } from './jobs/runner.ts';
import { startRetentionSweeps } from './use-cases/forms/delete-expired-documents.ts';

const config = loadConfig();
const ctx = await createContext(config);
await startJobWorker(ctx);
startRetentionSweeps(ctx);
ctx.log.info({ queue: ctx.queue.backend, concurrency: config.WORKER_CONCURRENCY }, 'worker started');
if (ctx.queue.backend === 'in-process' && !config.DATABASE_URL) {
  ctx.log.warn('The embedded database belongs to one process: a separate worker needs DATABASE_URL (and REDIS_URL).');
}

async function stop() {
  await ctx.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
