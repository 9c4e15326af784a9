// The engine's own copies of built-ins that pdf.js's legacy build replaces. That build bundles
// core-js, which on Node swaps Array.prototype.push and JSON.parse for JavaScript polyfills for
// the whole process (push alone was ~10 % of detection's CPU). This module is imported before
// pdf.js (see pdfjs.ts), so what it keeps are the engine's natives.
const natives = { push: Array.prototype.push, parse: JSON.parse };

/** Puts the native built-ins back after pdf.js has loaded (pdf.js itself runs fine on them). */
export function restoreBuiltins(): void {
  if (Array.prototype.push !== natives.push) {
    Object.defineProperty(Array.prototype, 'push', { value: natives.push, writable: true, configurable: true, enumerable: false });
  }
  if (JSON.parse !== natives.parse) {
    Object.defineProperty(JSON, 'parse', { value: natives.parse, writable: true, configurable: true, enumerable: false });
  }
}
