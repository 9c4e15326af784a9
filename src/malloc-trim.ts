// Hands the pages malloc holds free back to the system (glibc's malloc_trim). glibc gives memory
// back on free() only from the top of a heap; what a burst of work freed in the middle stays in
// the process, kept for later allocations: after the hostile inputs of the test suite that was a
// third more RSS than before them, for as long as the process lived (docs/decisions.md, "Memory
// back after a burst"). Called when both thread pools come to rest, after the collection that frees
// what JavaScript held (context.ts). The C function is reached through koffi (FFI; prebuilt for each
// platform, no build step); where the C library has no malloc_trim (musl, macOS, Windows) nothing happens.
let trim: Promise<(() => void) | null> | undefined;

async function loadTrim(): Promise<(() => void) | null> {
  if (process.platform !== 'linux') return null;
  try {
    const { default: koffi } = await import('koffi');
    const fn = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    return () => fn(0);
  } catch {
    return null; // not glibc
  }
}

/** Trims malloc's free pages; false where the C library cannot. */
export async function trimMalloc(): Promise<boolean> {
  const fn = await (trim ??= loadTrim());
  fn?.();
  return fn !== null;
}
