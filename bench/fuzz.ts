// Longer fuzzing than the test suite's fixed-seed run: fresh seeds, every reader of untrusted bytes.
//   npm run fuzz -- [--runs N] [--only NAME-PREFIX] [--seed S]
// A failure prints fast-check's seed and path (replay with --seed) and the shrunk mutation list.
import fc from 'fast-check';
import { TARGETS } from '../test/fuzz/targets.ts';
import { mutate, mutations } from '../test/fuzz/mutations.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('runs') ?? 500);
const only = arg('only');
const seed = arg('seed') === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(arg('seed'));

// pdf.js can leave promises of its own rejected with nobody listening on a malformed file; the
// service's worker threads ignore those (src/workers/thread.ts), so here they are counted, not fatal.
let strayRejections = 0;
process.on('unhandledRejection', () => strayRejections++);

async function main(): Promise<void> {
  console.log(`seed ${seed}, ${runs} runs per reader`);
  let failed = 0;
  for (const target of TARGETS.filter((t) => !only || t.name.startsWith(only))) {
    const seeds = await target.seeds();
    const started = performance.now();
    try {
      await fc.assert(fc.asyncProperty(fc.nat({ max: seeds.length - 1 }), mutations, (s, m) => target.run(mutate(seeds[s], m))), { numRuns: runs, seed });
      console.log(`ok    ${target.name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    } catch (err) {
      failed++;
      console.log(`FAIL  ${target.name}\n${(err as Error).message.split('\n').filter((l) => !/^\s+at /.test(l)).join('\n')}`);
    }
  }
  if (strayRejections) console.log(`${strayRejections} rejections no reader awaited (pdf.js's own; ignored as the worker threads ignore them)`);
  process.exit(failed ? 1 : 0);
}
void main();
