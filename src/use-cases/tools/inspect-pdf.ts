// POST /tools/inspect (§4.8): page count, page sizes and rotations, encryption, form fields and
// annotations of a PDF, read in the page-tool worker pool. Free; nothing is stored.
import type { AppContext } from '../../context.ts';

export async function inspectPdf(ctx: AppContext, bytes: Uint8Array) {
  return ctx.tools.run({ op: 'inspect', bytes });
}
