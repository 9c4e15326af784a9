// The optional LLM provider, against a local server that speaks the OpenAI chat-completions API:
// the production path (the official SDK over HTTP) runs unchanged; only the model is scripted.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { llmProposals } from '../../../src/extract/llm.ts';
import { proposeFromContext } from '../../../src/extract/context-fill.ts';
import type { ProposeField } from '../../../src/extract/propose/types.ts';

interface Seen {
  path: string;
  authorization?: string;
  body: { model: string; messages: { role: string; content: string }[]; response_format?: { type: string } };
}

/** Answers every chat completion with `answer(request)` as the assistant message's content. */
async function fakeProvider(answer: (body: Seen['body']) => unknown, status = 200) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString());
      seen.push({ path: req.url!, authorization: req.headers.authorization, body });
      if (status !== 200) {
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
        return;
      }
      const completion = {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content: JSON.stringify(answer(body)), refusal: null } }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(completion));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen, close: () => new Promise((r) => server.close(r)) };
}

const rect = { x: 72, y: 600, width: 200, height: 20 };
const fields: ProposeField[] = [
  { id: 1, name: 'employer', label: 'Current employer', type: 'text', data_type: 'string', page: 0, rect },
  { id: 2, name: 'position', label: 'Position held', type: 'text', data_type: 'string', page: 0, rect },
  { id: 3, name: 'shift', label: 'Shift', type: 'choice', data_type: 'choice', page: 0, rect, options: ['Day', 'Night'] },
];
const letter = ['Dear Ms. Okafor,', 'We are glad to confirm that you will join Lakeside Foods Cooperative', 'as a warehouse lead on the night shift starting in May.', 'Regards, HR'].join('\n');
const doc = { id: 'doc-1', name: 'offer_letter.txt', mimetype: 'text/plain', bytes: new Uint8Array(Buffer.from(letter)) };

let provider: Awaited<ReturnType<typeof fakeProvider>>;
beforeAll(async () => {
  provider = await fakeProvider(() => ({
    values: [
      { field_id: 1, value: 'Lakeside Foods Cooperative', document_id: 'doc-1', quote: 'We are glad to confirm that you will join Lakeside Foods Cooperative' },
      // Not in the document: a made-up quote must be dropped.
      { field_id: 2, value: 'Senior Director', document_id: 'doc-1', quote: 'as Senior Director of logistics' },
      // A value outside the field's options is dropped too.
      { field_id: 3, value: 'Evening', document_id: 'doc-1', quote: 'as a warehouse lead on the night shift starting in May.' },
    ],
  }));
});
afterAll(() => provider.close());

describe('LLM provider', () => {
  test('quoted answers become medium-confidence llm proposals with quote_check evidence; unquotable ones are dropped', async () => {
    const { proposals } = await proposeFromContext({ fields, documents: [doc], maxChars: 100_000, llm: { baseURL: provider.baseURL, apiKey: 'sk-test-key', model: 'test-model', timeoutMs: 5000 } });
    const byId = new Map(proposals.map((p) => [p.field_id, p]));
    expect(byId.get(1)).toMatchObject({ status: 'proposed', value: 'Lakeside Foods Cooperative', origin: 'llm', confidence: 'medium' });
    expect(byId.get(1)!.evidence[0]).toMatchObject({ document_id: 'doc-1', document_name: 'offer_letter.txt', method: 'quote_check', page: 1 });
    expect(byId.get(2)!.value).toBeNull();
    expect(byId.get(3)!.value).toBeNull();

    const request = provider.seen.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test-key');
    expect(request.body.model).toBe('test-model');
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    const prompt = request.body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('field_id 1: "Current employer"');
    expect(prompt).toContain('Lakeside Foods Cooperative');
  });

  test('a provider that keeps failing leaves the extractor proposals standing', async () => {
    const broken = await fakeProvider(() => ({}), 500);
    try {
      const llm = { baseURL: broken.baseURL, apiKey: 'k', model: 'm', timeoutMs: 5000 };
      await expect(llmProposals(llm, fields, [])).rejects.toThrow();
      expect(broken.seen.length).toBe(3); // the SDK's own retries: 1 + 2
      const result = await proposeFromContext({ fields, documents: [doc], maxChars: 100_000, llm });
      expect(result.llmError).toMatch(/500|scripted failure/);
      expect(result.proposals.map((p) => p.status)).toEqual(['missing', 'missing', 'missing']);
    } finally {
      await broken.close();
    }
  });
});
