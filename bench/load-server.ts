// The service for bench/load.ts, in a process of its own so that the load generator does not
// share its event loop: starts it (bench/service.ts), makes one ready form and one session, prints
// {base, key, formId, sessionId} as one JSON line, and serves until it is killed.
import fs from 'node:fs';
import path from 'node:path';
import { startBenchService } from './service.ts';

const corpus = path.resolve(process.argv[2] ?? '../shared/corpus/dev');
const svc = await startBenchService('load');
const formId = await svc.createForm(new Uint8Array(fs.readFileSync(path.join(corpus, 'dos-ds11', 'original.pdf'))), 'ds11.pdf');
const { session_id: sessionId } = await svc.json('/sessions', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ form_id: formId }) });
process.stdout.write(JSON.stringify({ base: svc.base, key: svc.key, formId, sessionId }) + '\n');
const stop = async () => {
  await svc.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
