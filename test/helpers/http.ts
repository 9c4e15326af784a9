// A small client for the API under test: JSON and multipart requests with a key.
export interface Reply {
  status: number;
  headers: Headers;
  body: any;
  bytes: Uint8Array;
}

export type Part = string | { bytes: Uint8Array; filename?: string; type?: string };

export function client(baseUrl: string, key?: string) {
  async function send(method: string, path: string, init: { json?: unknown; form?: Record<string, Part | Part[]>; headers?: Record<string, string> } = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...init.headers };
    let body: RequestInit['body'];
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      const fd = new FormData();
      for (const [name, value] of Object.entries(init.form)) {
        for (const part of Array.isArray(value) ? value : [value]) {
          if (typeof part === 'string') fd.append(name, part);
          else fd.append(name, new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/pdf' }), part.filename ?? 'file.pdf');
        }
      }
      body = fd;
    }
    const res = await fetch(baseUrl + path, { method, headers, body });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') && bytes.length ? JSON.parse(Buffer.from(bytes).toString('utf8')) : undefined;
    return { status: res.status, headers: res.headers, body: parsed, bytes };
  }
  return {
    get: (path: string, headers?: Record<string, string>) => send('GET', path, { headers }),
    post: (path: string, json?: unknown, headers?: Record<string, string>) => send('POST', path, { json, headers }),
    put: (path: string, json?: unknown, headers?: Record<string, string>) => send('PUT', path, { json, headers }),
    upload: (path: string, form: Record<string, Part | Part[]>, headers?: Record<string, string>) => send('POST', path, { form, headers }),
  };
}
