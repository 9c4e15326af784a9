// Entry for test/unit/young-generation.test.ts, started through src/start.mjs with npm start's node
// flags: makes short-lived garbage in the main thread and in a worker thread, and prints each one's
// young generation (V8's new space) as one JSON line.
import { getHeapSpaceStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';

/** Short-lived objects, enough for the young generation to grow to its limit. */
function churn(): void {
  let kept: object[] = [];
  for (let i = 0; i < 3e6; i++) {
    kept.push({ i });
    if (kept.length > 2e5) kept = [];
  }
}

const newSpaceBytes = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;

churn();
const main = newSpaceBytes();
const inWorker = `
  (${churn.toString()})();
  const newSpace = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
  require('node:worker_threads').parentPort.postMessage(newSpace);
`;
const worker = await new Promise<number>((resolve, reject) => new Worker(inWorker, { eval: true }).once('message', resolve).once('error', reject));
process.stdout.write(JSON.stringify({ main, worker }) + '\n');
