// One tesseract.js worker per use (label strips in detection, whole images of supporting
// documents), with the English model shipped in the npm package @tesseract.js-data/eng (never
// downloaded). The worker starts on first need, runs one job at a time (the machines have two
// cores), and stops after a few idle seconds.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export type TesseractWorker = Awaited<ReturnType<(typeof import('tesseract.js'))['createWorker']>>;

const require = createRequire(import.meta.url);
const LANG_DIR = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const IDLE_MS = 5_000;

export class OcrWorker {
  private worker: Promise<TesseractWorker> | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private busy = 0;

  /** `pageSegMode`: tesseract's page segmentation, e.g. '3' automatic, '6' a block of lines. */
  constructor(
    private readonly pageSegMode: string,
    private readonly cacheName: string,
  ) {}

  private async start(): Promise<TesseractWorker> {
    const { createWorker } = await import('tesseract.js');
    const w = await createWorker('eng', 1, {
      langPath: LANG_DIR,
      gzip: true,
      cachePath: path.join(os.tmpdir(), this.cacheName),
      cacheMethod: 'none',
      // Without a handler tesseract.js rethrows a failed job (an undecodable image) as an
      // uncaught exception; with one, the job's promise is rejected and the caller handles it.
      errorHandler: () => undefined,
    });
    await w.setParameters({
      tessedit_pageseg_mode: this.pageSegMode as never,
      preserve_interword_spaces: '1',
      debug_file: '/dev/null', // tesseract prints diagnostics on stdout otherwise
    });
    return w;
  }

  /**
   * Starts the worker now, without a job, so its start (about a second of loading the model, on
   * its own thread) overlaps the caller's work before the first job. It stops when left idle.
   */
  warm(): void {
    this.ensureStarted();
    if (this.busy === 0 && !this.idleTimer) this.armIdleTimer();
  }

  private ensureStarted(): Promise<TesseractWorker> {
    if (!this.worker) {
      this.worker = this.start();
      this.worker.catch(() => {
        this.worker = null;
      });
    }
    return this.worker;
  }

  private armIdleTimer(): void {
    this.idleTimer = setTimeout(() => void this.terminate(), IDLE_MS);
    this.idleTimer.unref();
  }

  /** Runs `job` on the worker, after the jobs before it. */
  async run<T>(job: (w: TesseractWorker) => Promise<T>): Promise<T> {
    this.busy++;
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    const run = this.queue.then(async () => job(await this.ensureStarted()));
    this.queue = run.catch(() => undefined);
    try {
      return await run;
    } finally {
      this.busy--;
      if (this.busy === 0) this.armIdleTimer();
    }
  }

  /** Stops the worker now (tests, benchmarks, shutdown). It restarts on the next job. */
  async terminate(): Promise<void> {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    const w = this.worker;
    this.worker = null;
    if (w) await (await w.catch(() => null))?.terminate().catch(() => undefined);
  }
}
