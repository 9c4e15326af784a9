// The service's entry points as real child processes, for tests of what happens across processes
// (a worker killed mid-job, several HTTP processes and workers on one database and queue).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');

export type Entry = 'src/main.ts' | 'src/worker.ts';
export type Child = ChildProcess & { output: () => string; go: () => void };

const children = new Set<ChildProcess>();

// What each entry point imports. A cold start of the service's module graph takes 5–20 s on two
// busy cores; children load it ahead of time and run the entry itself (unchanged) on go(), so a
// test waits for the start it is about, not for module loading.
const WARM: Record<Entry, string[]> = {
  'src/main.ts': ['src/config.ts', 'src/context.ts', 'src/app.ts', 'src/bootstrap.ts', 'src/use-cases/forms/delete-expired-documents.ts'],
  'src/worker.ts': ['src/config.ts', 'src/context.ts', 'src/use-cases/forms/delete-expired-documents.ts'],
};
const url = (file: string) => JSON.stringify(pathToFileURL(join(ROOT, file)).href);

/** A child process that will run one of the service's entry points with the given environment only. */
export function launch(entry: Entry, env: Record<string, string>): Child {
  const code = `${WARM[entry].map((m) => `await import(${url(m)});`).join(' ')} process.stdin.once('data', () => import(${url(entry)}));`;
  return tracked(spawnWith([process.execPath, '--import', 'tsx', '--input-type=module', '-e', code], env));
}

/**
 * A child process running `npm start`'s command (package.json's start script, `node` being this
 * Node) at once, with the given environment only: the service as deployed; it needs no go().
 */
export function launchNpmStart(env: Record<string, string>): Child {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(' ');
  // Leading NAME=value words are the environment the script sets (the allocator's tunables).
  const preset: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift()!.split('=');
    preset[name!] = value.join('=');
  }
  const [node, ...args] = words;
  if (node !== 'node') throw new Error(`npm start runs ${node}, not node: ${pkg.scripts.start}`);
  return tracked(spawnWith([process.execPath, ...args], { ...preset, ...env }));
}

function spawnWith([command, ...args]: string[], env: Record<string, string>): ChildProcess {
  return spawn(command!, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: process.env.TMPDIR ?? '/tmp', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Kept for killAll, its output's tail for failure messages, and go() to run its entry. */
function tracked(child: ChildProcess): Child {
  children.add(child);
  let log = '';
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-4000); // the tail, for failure messages
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.stdin!.on('error', () => undefined); // a child killed before go()
  child.once('exit', () => children.delete(child));
  return Object.assign(child, { output: () => log, go: () => void child.stdin!.write('go\n') });
}

/** Throws, with the child's last output, if it has exited. */
export function alive(child: Child): void {
  if (child.exitCode !== null || child.signalCode !== null) throw new Error(`child exited (${child.exitCode ?? child.signalCode}): ${child.output()}`);
}

export function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill(signal);
  });
}

/** Kills every child still running: for afterAll, so none outlives its test. */
export const killAll = () => Promise.all([...children].map((c) => stop(c, 'SIGKILL')));

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}
