// The /pay/fill and /pay/read doors: priced by the document, paid with @x402/fetch on a real
// chain, answering the same work the account API does.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { startPayWorld, x402Fetch, json, type PayWorld } from './helpers.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';
import { readPdfValues } from '../../src/pdf/read.ts';

let w: PayWorld;
beforeAll(async () => {
  w = await startPayWorld({ x402: true });
  await w.chain!.mint(w.chain!.accounts.payer.address, 20_000_000n);
});
afterAll(async () => {
  await w?.close();
});

function form(pdf: Uint8Array, fields: Record<string, string> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'form.pdf');
  return fd;
}

test('/pay/fill: 402 with the fill price, then a paid fill whose values read back', async () => {
  const pdf = await fillableFormPdf();
  const values = JSON.stringify({ 'applicant.full_name': 'Zoë Ōtani', agree: true, country: 'Japan' });
  const unpaid = await fetch(`${w.s.url}/pay/fill`, { method: 'POST', body: form(pdf, { values }) });
  expect(unpaid.status).toBe(402);
  expect((await json(unpaid)).quote).toMatchObject({ route: 'fill', pages: 2, fillable: true, amount: { micro_usd: 70_000 } });

  const before = await w.chain!.balanceOf(w.chain!.accounts.payer.address);
  const paid = await x402Fetch(w.chain!, w.chain!.accounts.payer).fetch(`${w.s.url}/pay/fill`, { method: 'POST', body: form(pdf, { values }) });
  expect(paid.status).toBe(200);
  expect(decodePaymentResponseHeader(paid.headers.get('payment-response')!).success).toBe(true);
  const body = await json(paid);
  expect(body.applied).toHaveLength(3);
  const filled = await readPdfValues(new Uint8Array(Buffer.from(body.filled_pdf.base64, 'base64')));
  const byName = Object.fromEntries(filled.fields.map((f) => [f.name, f.value]));
  expect(byName['applicant.full_name']).toBe('Zoë Ōtani');
  expect(byName.country).toBe('Japan');
  expect(byName.agree).toBe('On');
  expect(before - (await w.chain!.balanceOf(w.chain!.accounts.payer.address))).toBe(70_000n);
});

test('/pay/fill with an invalid value fails with 422 and is not settled', async () => {
  const pdf = await fillableFormPdf();
  const before = await w.chain!.balanceOf(w.chain!.accounts.payer.address);
  const r = await x402Fetch(w.chain!, w.chain!.accounts.payer).fetch(`${w.s.url}/pay/fill`, { method: 'POST', body: form(pdf, { values: JSON.stringify({ country: 'Atlantis' }) }) });
  expect(r.status).toBe(422);
  expect((await json(r)).error.code).toBe('invalid_value');
  expect(await w.chain!.balanceOf(w.chain!.accounts.payer.address)).toBe(before);
});

test('/pay/read: the values of a filled PDF for the read price', async () => {
  const pdf = await fillableFormPdf();
  const before = await w.chain!.balanceOf(w.chain!.accounts.payer.address);
  const r = await x402Fetch(w.chain!, w.chain!.accounts.payer).fetch(`${w.s.url}/pay/read`, { method: 'POST', body: form(pdf) });
  expect(r.status).toBe(200);
  const body = await json(r);
  expect(body.fields.find((f: any) => f.name === 'applicant.full_name')).toMatchObject({ label: 'Full name', value: null });
  expect(body.fields.find((f: any) => f.name === 'agree').value).toBe(false);
  expect(before - (await w.chain!.balanceOf(w.chain!.accounts.payer.address))).toBe(10_000n);
});

test('/pay/fill-with-context: priced by the form, the documents answer the fields, nothing kept', async () => {
  const pdf = await fillableFormPdf();
  const notes = new Blob([Buffer.from('Applicant\nFull name: Zoë Ōtani\nCountry: Japan\n')], { type: 'text/plain' });
  const body = () => {
    const fd = form(pdf);
    fd.append('context', notes, 'notes.txt');
    return fd;
  };
  const unpaid = await fetch(`${w.s.url}/pay/fill-with-context`, { method: 'POST', body: body() });
  expect(unpaid.status).toBe(402);
  expect((await json(unpaid)).quote).toMatchObject({ route: 'fill-with-context', pages: 2, amount: { micro_usd: 80_000 } });

  const before = await w.chain!.balanceOf(w.chain!.accounts.payer.address);
  const paid = await x402Fetch(w.chain!, w.chain!.accounts.payer).fetch(`${w.s.url}/pay/fill-with-context`, { method: 'POST', body: body() });
  expect(paid.status).toBe(200);
  const answer = await json(paid);
  const name = answer.fields.find((f: any) => f.label === 'Full name');
  expect(name).toMatchObject({ state: 'ready', value: 'Zoë Ōtani', origin: 'document' });
  expect(name.evidence[0]).toMatchObject({ document_name: 'notes.txt', method: 'quote_check' });
  const filled = await readPdfValues(new Uint8Array(Buffer.from(answer.filled_pdf.base64, 'base64')));
  expect(Object.fromEntries(filled.fields.map((f) => [f.name, f.value]))['applicant.full_name']).toBe('Zoë Ōtani');
  expect(before - (await w.chain!.balanceOf(w.chain!.accounts.payer.address))).toBe(80_000n);

  // An unreadable document: 422 and the payment is not settled.
  const junk = form(pdf);
  junk.append('context', new Blob([new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7])]), 'x.bin');
  const middle = await w.chain!.balanceOf(w.chain!.accounts.payer.address);
  const refused = await x402Fetch(w.chain!, w.chain!.accounts.payer).fetch(`${w.s.url}/pay/fill-with-context`, { method: 'POST', body: junk });
  expect(refused.status).toBe(422);
  expect((await json(refused)).error.code).toBe('unsupported_context_file');
  expect(await w.chain!.balanceOf(w.chain!.accounts.payer.address)).toBe(middle);
});
