// A local OpenAI-compatible chat-completions server for tests: the product talks to it through
// the official `openai` SDK over HTTP, as it would to a provider. It answers every field whose
// label the test names with a value and the document line that holds it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LlmStub {
  url: string;
  /** Bodies of the chat-completion requests received. */
  requests: { model: string; messages: { role: string; content: string }[] }[];
  close(): Promise<void>;
}

/** `answers`: field label → [value, a phrase of the document line to quote]. */
export async function startLlmStub(answers: Record<string, [string, string]>): Promise<LlmStub> {
  const requests: LlmStub['requests'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as LlmStub['requests'][number];
      requests.push(body);
      const prompt = body.messages.map((m) => m.content).join('\n');
      const values = [];
      for (const [label, [value, phrase]] of Object.entries(answers)) {
        const field = new RegExp(`field_id (\\d+): "${label}"`).exec(prompt);
        const line = prompt.split('\n').find((l) => l.includes(phrase));
        const doc = /<document id="([^"]+)"/.exec(prompt);
        if (field && line && doc) values.push({ field_id: Number(field[1]), value, document_id: doc[1], quote: line.replace(/^\[p\d+\] /, '') });
      }
      const completion = {
        id: 'chatcmpl-stub',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify({ values }) } }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
