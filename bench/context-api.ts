// The service path of bench:context: prepare → commit (auto) → the committed PDF, over HTTP on a
// real in-process service, exactly as a client would do it.
import { readPdfValues } from '../src/pdf/read.ts';
import type { BenchService } from './service.ts';

export interface ApiCaseResult {
  /** Non-empty values of the committed PDF, by full AcroForm field name. */
  values: Record<string, string>;
  /** The receipt's fields (state, value, confidence, evidence), keyed by AcroForm field name. */
  fields: Record<string, { state: string; value: string | null; confidence: string | null }>;
}

export async function valuesViaApi(service: BenchService, formId: string, context: { name: string; bytes: Uint8Array }[], policy: string): Promise<ApiCaseResult> {
  const body = new FormData();
  for (const c of context) body.append('context', new Blob([new Uint8Array(c.bytes)]), c.name);
  body.append('policy', policy);
  const started = await service.json(`/forms/${formId}/prepare`, { method: 'POST', body });
  let job;
  for (;;) {
    job = await service.json(`/forms/prepare/${started.job_id}`);
    if (job.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (job.status !== 'ready') throw new Error(`prepare failed: ${JSON.stringify(job.error)}`);
  const receipt = await service.json(`/proposals/${started.proposal_id}/commit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Proposal-Token': started.proposal_token },
    body: JSON.stringify({ auto: true }),
  });
  const pdf = new Uint8Array(await (await service.fetch(`/proposals/${started.proposal_id}/pdf`)).arrayBuffer());
  const contract = await service.json(`/forms/${formId}/contract`);
  const nameOf = new Map<number, string>(contract.fields.map((f: { id: number; name: string }) => [f.id, f.name]));
  const values: Record<string, string> = {};
  for (const f of (await readPdfValues(pdf)).fields) if (f.value !== null) values[f.name] = f.value;
  const fields: ApiCaseResult['fields'] = {};
  for (const f of receipt.fields) fields[nameOf.get(f.field_id)!] = { state: f.state, value: f.value, confidence: f.confidence };
  return { values, fields };
}
