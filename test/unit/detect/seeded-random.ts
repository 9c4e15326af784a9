// A small deterministic random generator (a linear congruential one) for tests that build random
// pages: the same seed gives the same page on every run.
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
