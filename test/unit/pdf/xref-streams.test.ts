// Bad input never hurts (#17): a cross-reference stream declaring field widths no reader can take,
// or a billion entries, is refused before pdf-lib reads it (src/pdf/xref-streams.ts). Found by
// `npm run fuzz`: a 901-byte file kept a page-tool thread busy for minutes, another ran it out of memory.
import { afterAll, expect, test } from 'vitest';
import { xrefStreamFault } from '../../../src/pdf/xref-streams.ts';
import { WorkerPool } from '../../../src/workers/pool.ts';
import { checkPdfBounds } from '../../../src/domain/pdf-limits.ts';
import { fillableFormPdf } from '../../helpers/pdfs.ts';
import { xrefStreamDeclaringPdf } from '../../helpers/hostile-inputs.ts';

// The readers run in a page-tool thread, as in the service: a reader that loops is stopped by the
// pool's time limit (pdf_too_complex) instead of blocking the test runner.
const tools = new WorkerPool({ size: 1, memoryMb: 512, timeoutMs: 10_000, keepIdle: 1 });
afterAll(() => tools.close());

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

test('a cross-reference stream is judged by the widths and entries its dictionary declares', async () => {
  expect(xrefStreamFault(latin1(await fillableFormPdf()), 200_000)).toBeNull();
  expect(xrefStreamFault('1 0 obj << /Type /XRef /W [ 1 9 1 ] /Size 3 >> stream\n', 200_000)).toEqual({ kind: 'widths', widths: '1 9 1' });
  expect(xrefStreamFault('1 0 obj << /Type /XRef /W [ 1 -2 1 ] /Size 3 >> stream\n', 200_000)).toMatchObject({ kind: 'widths' });
  expect(xrefStreamFault('1 0 obj << /Type /XRef /W [ 1 4 2 ] /Index [ 0 10 500 300000 ] >> stream\n', 200_000)).toEqual({ kind: 'entries', entries: 300_010 });
  expect(xrefStreamFault('1 0 obj << /Type /XRef /W [ 1 4 2 ] /Size 300000 /DecodeParms << /Columns 5 >> >> stream\n', 200_000)).toEqual({ kind: 'entries', entries: 300_000 });
});

for (const [what, declared] of [
  ['fields of 2^31 bytes', { widths: '2147483648 2 2' }],
  ['10^9 entries', { index: '0 1000000000' }],
] as const) {
  test(`a form whose cross-reference stream declares ${what} is refused at once by inspection, a page tool and the upload bounds`, async () => {
    const pdf = await xrefStreamDeclaringPdf(declared);
    await expect(tools.run({ op: 'inspect', bytes: new Uint8Array(pdf) })).rejects.toMatchObject({ code: 'unreadable_pdf' });
    await expect(tools.run({ op: 'rotate', bytes: new Uint8Array(pdf), angle: 90 })).rejects.toThrow(/cross-reference/);
    await expect(checkPdfBounds(pdf)).rejects.toMatchObject({ code: 'widths' in declared ? 'unreadable_pdf' : 'too_many_objects' });
  }, 60_000);
}
