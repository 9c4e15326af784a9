// The A2A door: the agent card, the JSON-RPC endpoint POST /a2a (account API key, as REST) and the
// signed downloads of the PDFs tasks produce. The official SDK speaks the protocol (v1.0, and v0.3
// for older clients: message/send, tasks/get …); tasks live in the database (src/a2a/task-store.ts).
import express, { Router } from 'express';
import { AgentCard } from '@a2a-js/sdk';
import type { User } from '@a2a-js/sdk/server';
import { DefaultRequestHandler } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler } from '@a2a-js/sdk/server/express';
import type { AppContext } from '../context.ts';
import type { LibraryIndex } from '../library/search-index.ts';
import { callerOf, requireApiKey } from '../http/auth.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { LIMITS } from '../limits.ts';
import { A2A_PATH, AGENT_CARD_PATH, agentCard } from './card.ts';
import { FormAgentExecutor } from './executor.ts';
import { DatabaseTaskStore } from './task-store.ts';
import { CallbackPushNotificationSender, CheckedPushNotificationStore } from './push.ts';

/** The account a key belongs to, as the SDK's user: its id scopes every task. */
class AccountUser implements User {
  constructor(readonly userName: string) {}
  get isAuthenticated() {
    return true;
  }
}

/**
 * The SDK's card handler writes the card with JSON.stringify, which spells the oneof fields
 * (security schemes, OAuth flows) as {$case, value}, a shape no client reads; the card's own
 * toJSON gives the protocol's JSON. The compat layer still reads the object's fields.
 */
function withProtoJson(card: AgentCard): AgentCard {
  return Object.defineProperty(card, 'toJSON', { value: () => AgentCard.toJSON(card), enumerable: false });
}

/** File parts travel base64 inside the JSON body: room for a whole request's files (§8.1) in base64. */
const BODY_LIMIT = Math.ceil((LIMITS.requestBytes * 4) / 3) + 1024 * 1024;

export function a2aRouter(ctx: AppContext, library: LibraryIndex): Router {
  const card = agentCard(ctx);
  const pushStore = new CheckedPushNotificationStore(ctx);
  const handler = new DefaultRequestHandler(card, new DatabaseTaskStore(ctx), new FormAgentExecutor(ctx, library), undefined, pushStore, new CallbackPushNotificationSender(ctx, pushStore));
  const r = Router();
  // Built per request: the card names PUBLIC_BASE_URL as configured now.
  r.use(AGENT_CARD_PATH, agentCardHandler({ agentCardProvider: async () => withProtoJson(agentCard(ctx)), legacyCompat: { enabled: true } }));
  r.use(
    A2A_PATH,
    requireApiKey(ctx),
    rateLimit(ctx, 'account'),
    express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/a2a+json'] }),
    jsonRpcHandler({ requestHandler: handler, userBuilder: async (req) => new AccountUser(callerOf(req).accountId), legacyCompat: { enabled: true } }),
  );
  return r;
}
