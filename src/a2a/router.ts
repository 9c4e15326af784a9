// The A2A door: the agent card, the JSON-RPC endpoint POST /a2a (an account API key or an OAuth
// access token, checked as on the MCP door: src/http/agent-auth.ts) and the
// signed downloads of the PDFs tasks produce. The official SDK speaks the protocol (v1.0, and v0.3
// for older clients: message/send, tasks/get …); tasks live in the database (src/a2a/task-store.ts).
import express, { Router } from 'express';
import { AgentCard } from '@a2a-js/sdk';
import type { User } from '@a2a-js/sdk/server';
import { DefaultRequestHandler } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler } from '@a2a-js/sdk/server/express';
import type { AppContext } from '../context.ts';
import type { LibraryIndex } from '../library/search-index.ts';
import { accountOf, agentBearerAuth, bearerCaller, type AccessTokenVerifier } from '../http/agent-auth.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { agentDoorCors } from '../http/cors.ts';
import { LIMITS } from '../limits.ts';
import { A2A_PATH, AGENT_CARD_PATH, agentCard } from './card.ts';
import { FormAgentExecutor } from './executor.ts';
import { DatabaseTaskStore } from './task-store.ts';
import { CallbackPushNotificationSender, CheckedPushNotificationStore } from './push.ts';

/** The account a token acts for, as the SDK's user: its id scopes every task; its scopes bound the skills. */
export class AccountUser implements User {
  constructor(
    readonly userName: string,
    readonly scopes: readonly string[],
  ) {}
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

export function a2aRouter(ctx: AppContext, library: LibraryIndex, verifyAccessToken: AccessTokenVerifier): Router {
  const card = agentCard(ctx);
  const pushStore = new CheckedPushNotificationStore(ctx);
  const handler = new DefaultRequestHandler(card, new DatabaseTaskStore(ctx), new FormAgentExecutor(ctx, library), undefined, pushStore, new CallbackPushNotificationSender(ctx, pushStore));
  const r = Router();
  // Built per request: the card names PUBLIC_BASE_URL as configured now.
  r.use(AGENT_CARD_PATH, agentCardHandler({ agentCardProvider: async () => withProtoJson(agentCard(ctx)), legacyCompat: { enabled: true } }));
  r.use(
    A2A_PATH,
    agentDoorCors, // browser-based clients; preflights end here, before the bearer check
    agentBearerAuth(ctx, verifyAccessToken),
    bearerCaller,
    rateLimit(ctx, 'account'),
    express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/a2a+json'] }),
    jsonRpcHandler({ requestHandler: handler, userBuilder: async (req) => {
        const { accountId, scopes } = accountOf(req.auth);
        return new AccountUser(accountId, scopes);
      }, legacyCompat: { enabled: true } }),
  );
  return r;
}
