// Shared by the benchmarks: argument parsing, timing, a progress line, and running peers.
import { execFileSync } from 'node:child_process';

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Median milliseconds of `runs` calls (after one warm-up call). */
export async function median(runs: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
    progress(`  run ${i + 1}/${runs}`);
  }
  progress('');
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export function progress(line: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r${line.padEnd(60)}\r`);
}

/** Whole-process time of an external command (median of `runs`), or null when it is not installed. */
export function timeCommand(runs: number, cmd: string, args: string[]): number | null {
  try {
    execFileSync('which', [cmd], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    execFileSync(cmd, args, { stdio: 'ignore' });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export const fmt = (ms: number | null) => (ms === null ? 'n/a (not installed)' : `${ms.toFixed(1)} ms`);

/** A small deterministic random generator (xorshift32), so generated rows repeat run to run. */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/**
 * A fill-batch upload of `rows` rows for a form's contract: the first six plain text fields without
 * a character limit, each cell a short distinct value, so every row fills (a comb or date field
 * would refuse most values, and a batch of failed rows is no fill load).
 */
export function batchUpload(fields: { id: number; type: string; data_type?: string; max_len?: number }[], rows: number): FormData {
  const text = fields.filter((f) => f.type === 'text' && !f.max_len && (f.data_type ?? 'string') === 'string').slice(0, 6);
  const csv = [text.map((f) => `c${f.id}`).join(','), ...Array.from({ length: rows }, (_, i) => text.map(() => `v${i}`).join(','))].join('\n');
  const body = new FormData();
  body.append('file', new Blob([csv], { type: 'text/csv' }), 'rows.csv');
  body.append('mapping', JSON.stringify(Object.fromEntries(text.map((f) => [`c${f.id}`, { field_id: f.id }]))));
  return body;
}
