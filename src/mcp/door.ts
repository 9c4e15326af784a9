// What every MCP tool, resource and prompt is built with: the service, the caller's account and
// scopes, and one way to register a tool so that each answers alike: arguments and results
// checked by zod schemas, structuredContent plus a one-line text summary (and resource links to
// documents), refusals as tool errors carrying the REST error body, scopes enforced.
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ResourceLink, ServerNotification, ServerRequest, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { AppContext } from '../context.ts';
import type { LibraryIndex } from '../library/search-index.ts';
import { ApiError, errorBody, knownApiError } from '../http/errors.ts';
import { BillingRequiredError } from '../billing/allowance.ts';
import { requireDoorScope, type DoorScope } from '../http/agent-auth.ts';
import { downloadLink, type DownloadKind } from '../use-cases/links/signed-links.ts';

export interface Door {
  ctx: AppContext;
  library: LibraryIndex;
  ownerId: string;
  scopes: string[];
  server: McpServer;
}

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ToolAnswer {
  value: Record<string, unknown>;
  summary: string;
  links?: ResourceLink[];
}

/** The REST error body of what a use case threw, and its status: a tool's error is its REST twin's. */
export function errorAnswer(err: unknown, ctx: AppContext): { status: number; body: Record<string, unknown> } {
  if (err instanceof BillingRequiredError) return { status: 402, body: err.body() };
  let api = knownApiError(err);
  if (!api) {
    ctx.log.error({ err: (err as Error)?.message, stack: (err as Error)?.stack }, 'unhandled error in an MCP tool');
    api = new ApiError(500, 'internal_error', 'Something went wrong on our side. The call can be retried.');
  }
  return { status: api.status, body: errorBody(api.code, api.message, api.extra) };
}

export function toolError(err: unknown, ctx: AppContext): CallToolResult {
  const { status, body } = errorAnswer(err, ctx);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ ...body, status }) }] };
}

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const WRITE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/** How a tool behaves: `read` changes nothing; `write` creates, fills or bills (never deletes). */
export const ANNOTATIONS = { read: READ, write: WRITE };

export function requireScope(door: Door, scope: DoorScope): void {
  requireDoorScope(door.scopes, scope);
}

export interface ToolSpec<I extends z.ZodRawShape, O extends z.ZodObject> {
  title: string;
  description: string;
  input: I;
  output: O;
  kind: 'read' | 'write';
  /** Fetches URLs the caller names (file arguments by URL). */
  openWorld?: boolean;
  idempotent?: boolean;
}

export function defineTool<I extends z.ZodRawShape, O extends z.ZodObject>(
  door: Door,
  name: string,
  spec: ToolSpec<I, O>,
  run: (args: z.infer<z.ZodObject<I>>, extra: Extra) => Promise<ToolAnswer>,
): void {
  const scope: DoorScope = spec.kind === 'read' ? 'forms:read' : 'forms:write';
  const annotations: ToolAnnotations = { ...ANNOTATIONS[spec.kind], title: spec.title, ...(spec.openWorld ? { openWorldHint: true } : {}), ...(spec.idempotent ? { idempotentHint: true } : {}) };
  const callback = async (args: unknown, extra: Extra): Promise<CallToolResult> => {
    try {
      requireScope(door, scope);
      const answer = await run(args as z.infer<z.ZodObject<I>>, extra);
      const structured = spec.output.parse(answer.value) as Record<string, unknown>;
      return { structuredContent: structured, content: [{ type: 'text', text: answer.summary }, ...(answer.links ?? [])] };
    } catch (err) {
      return toolError(err, door.ctx);
    }
  };
  door.server.registerTool(name, { title: spec.title, description: spec.description, inputSchema: spec.input, outputSchema: spec.output, annotations }, callback as never);
}

/** A signed, expiring download link to one of the caller's documents, as a resource link. */
export async function documentLink(door: Door, kind: DownloadKind, id: string, name: string, description: string): Promise<{ link: ResourceLink; url: string; expires_at: string }> {
  const { url, expires_at } = await downloadLink(door.ctx, door.ownerId, kind, id);
  const mimeType = kind === 'batch_zip' ? 'application/zip' : 'application/pdf';
  return { link: { type: 'resource_link', uri: url, name, mimeType, description: `${description} (link valid until ${expires_at})` }, url, expires_at };
}

export const LinkSchema = z.object({ url: z.string().describe('signed download URL; no key needed'), expires_at: z.string() });

/** Where long work stands, for a progress notification; `done` ends the wait. */
export interface Stage {
  done: boolean;
  progress: number;
  total?: number;
  message: string;
}

/**
 * Reads the state once, or, when the caller asked to wait, until `stage` says it is done, `seconds`
 * pass or the client cancels, sending a progress notification whenever it moves (if the client
 * sent a progressToken). Returns the last state either way: a caller that waited too little gets
 * it back still processing, and polls with the get_* tool.
 */
export async function readOrWait<T>(extra: Extra, wait: WaitArgs, read: () => Promise<T>, stage: (state: T, elapsedSeconds: number) => Stage): Promise<T> {
  if (!wait.wait) return read();
  const token = extra._meta?.progressToken;
  const started = Date.now();
  const deadline = started + (wait.wait_seconds ?? DEFAULT_WAIT_SECONDS) * 1000;
  let last = -1;
  for (let pause = 100; ; pause = Math.min(1000, pause * 1.5)) {
    const state = await read();
    const s = stage(state, Math.floor((Date.now() - started) / 1000));
    if (token !== undefined && s.progress > last) {
      last = s.progress;
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: s.progress, ...(s.total !== undefined ? { total: s.total } : {}), message: s.message } });
    }
    if (s.done || Date.now() >= deadline || extra.signal.aborted) return state;
    await new Promise((r) => setTimeout(r, pause));
  }
}

/** A job with no measure of its own: seconds so far, then 100 of 100 when it ends. */
export const elapsed = (done: boolean, seconds: number, doneMessage: string, message: string): Stage =>
  done ? { done, progress: 100, total: 100, message: doneMessage } : { done, progress: Math.min(99, seconds + 1), message };

export const WaitInput = {
  wait: z.boolean().optional().describe('wait for the work to finish (with progress notifications) instead of returning at once'),
  wait_seconds: z.number().int().min(1).max(300).optional().describe('how long to wait at most (default 50); then the current state comes back'),
};
export const DEFAULT_WAIT_SECONDS = 50;
export type WaitArgs = { wait?: boolean; wait_seconds?: number };
