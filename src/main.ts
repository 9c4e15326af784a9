// Starts the HTTP API and, unless RUN_WORKER=false, a job worker in the same process.
import { loadConfig } from './config.ts';
import { createContext } from './context.ts';
import { startJobWorker } from './jobs/runner.ts';
import { createApp } from './app.ts';
import { listen } from './http/listen.ts';
import { bootstrapLocalAccount } from './bootstrap.ts';
import { startRetentionSweeps } from './use-cases/forms/delete-expired-documents.ts';

const config = loadConfig();
const ctx = await createContext(config);
ctx.tools.warm(); // the request pool's first worker loads while the server starts, not on the first request
await bootstrapLocalAccount(ctx);
if (config.RUN_WORKER) {
  await startJobWorker(ctx);
  startRetentionSweeps(ctx);
}

const server = await listen(createApp(ctx), config.PORT, config.HOST, () => {
  ctx.log.info({ port: config.PORT, database: ctx.database.kind, queue: ctx.queue.backend }, `listening on ${config.PUBLIC_BASE_URL}`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  ctx.log.info({ signal }, 'shutting down');
  server.close();
  await ctx.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
