// Fuzz properties of every reader of untrusted bytes (test/fuzz/targets.ts): on damaged copies of
// well-formed files each reader returns or fails with its documented error. A fixed seed keeps
// this run reproducible; `npm run fuzz` searches further with fresh seeds.
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { TARGETS } from '../fuzz/targets.ts';
import { mutate, mutations } from '../fuzz/mutations.ts';
import { terminateOcr } from '../../src/pdf/detect/index.ts';

afterAll(() => terminateOcr());

describe('readers of untrusted bytes end with a documented error on damaged input', () => {
  for (const target of TARGETS) {
    it(target.name, async () => {
      const seeds = await target.seeds();
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: seeds.length - 1 }), mutations, (s, m) => target.run(mutate(seeds[s], m))),
        { numRuns: 40, seed: 20261125 },
      );
    }, 120_000);
  }
});
