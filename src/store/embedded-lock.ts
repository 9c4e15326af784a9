// The embedded PGlite database belongs to one process at a time: a second process opening the
// same data folder (`npm run account` beside a running server) would write to it unseen by the
// first and lose work. Whoever opens it holds a lock file naming its process id; another process
// is refused while that process lives. A lock left by a process that died (crash, SIGKILL) is
// taken over at once: the check is the process id, not the file's age, so a restart never waits.
import { link, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}, usually a running server). ` +
        'Stop that process first, manage keys in the dashboard (/dashboard) of the running server, ' +
        'or point both at a PostgreSQL server with DATABASE_URL.',
    );
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock of `dir` for this process; returns a function that releases it. */
export async function lockEmbeddedDatabase(dir: string): Promise<() => Promise<void>> {
  const lockFile = join(dir, 'formfill.lock');
  const mine = `${lockFile}.${process.pid}`;
  await writeFile(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await link(mine, lockFile); // atomic: fails when the lock file exists
        return async () => {
          await unlink(lockFile).catch(() => undefined);
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new DatabaseInUseError(dir, holder);
      await unlink(lockFile).catch(() => undefined); // its process is gone
    }
    throw new Error(`Could not lock the embedded database in ${dir}.`);
  } finally {
    await rm(mine, { force: true });
  }
}
