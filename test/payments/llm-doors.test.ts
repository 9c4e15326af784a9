// Both doors onto fill-from-documents use the configured LLM provider the same way: the account's
// with-context job and /pay/fill-with-context ask it about the fields the extractor left open and
// keep an answer only when its quote is found again in the document.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPayWorld, x402Fetch, json, type PayWorld } from './helpers.ts';
import { startLlmStub, type LlmStub } from '../helpers/llm-stub.ts';
import { eventually } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';

// Prose the extractor does not read a country from; the model quotes the sentence.
const NOTES = 'Applicant\nFull name: Zoë Ōtani\nShe has lived in Japan since she was a child.\n';

let w: PayWorld;
let llm: LlmStub;
beforeAll(async () => {
  llm = await startLlmStub({ Country: ['Japan', 'lived in Japan'] });
  w = await startPayWorld({ x402: true, env: { LLM_BASE_URL: llm.url, LLM_API_KEY: 'sk-stub', LLM_MODEL: 'stub-model' } });
  await w.chain!.mint(w.chain!.accounts.payer.address, 20_000_000n);
});
afterAll(async () => {
  await w?.close();
  await llm?.close();
});

test('/pay/fill-with-context asks the configured model and keeps its checked answer', async () => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(await fillableFormPdf())], { type: 'application/pdf' }), 'form.pdf');
  fd.append('context', new Blob([Buffer.from(NOTES)], { type: 'text/plain' }), 'notes.txt');
  const asked = llm.requests.length;
  const paid = await x402Fetch(w.chain!, w.chain!.accounts.payer).fetch(`${w.s.url}/pay/fill-with-context`, { method: 'POST', body: fd });
  expect(paid.status).toBe(200);
  expect(llm.requests.length).toBe(asked + 1);
  expect(llm.requests.at(-1)!.model).toBe('stub-model');
  const country = (await json(paid)).fields.find((f: { label: string }) => f.label === 'Country');
  expect(country).toMatchObject({ value: 'Japan', origin: 'llm', confidence: 'medium' });
});

test('the account with-context job asks the same model the same way', async () => {
  const { key } = await w.s.account();
  const api = client(w.s.url, key);
  const created = await api.upload('/forms', { file: { bytes: await fillableFormPdf() } });
  await eventually(async () => ((await api.get(`/forms/${created.body.form_id}`)).body.status === 'ready' ? true : undefined), 30_000);
  const asked = llm.requests.length;
  const r = await api.upload(`/forms/${created.body.form_id}/prepare`, { context: { bytes: new Uint8Array(Buffer.from(NOTES)), filename: 'notes.txt', type: 'text/plain' } });
  expect(r.status).toBe(202);
  const proposal = await eventually(async () => {
    const p = (await api.get(`/proposals/${r.body.proposal_id}`, { 'X-Proposal-Token': r.body.proposal_token })).body;
    return p.status === 'open' ? p : undefined;
  }, 60_000);
  expect(llm.requests.length).toBe(asked + 1);
  expect(proposal.fields.find((f: { label: string }) => f.label === 'Country')).toMatchObject({ value: 'Japan', origin: 'llm', confidence: 'medium' });
});
