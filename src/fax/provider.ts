// What the service needs from a fax provider: hand it a document URL and a number, and read its
// signed status webhooks. One provider is implemented (telnyx.ts); the rest of the service only
// knows this interface.

/** A fax as the provider reports it in a webhook, after the signature was checked. */
export interface FaxProviderEvent {
  /** The provider's id of this event: a replay of the same id is ignored. */
  eventId: string;
  /** queued and sending keep the fax open; delivered and failed end an attempt. */
  type: 'queued' | 'sending' | 'delivered' | 'failed';
  providerFaxId: string;
  /** Our fax id, echoed back by the provider (client state), when it carries one. */
  faxId?: string;
  /** Pages transmitted (delivered; on failure, pages that went through before the line dropped). */
  pages?: number;
  /** The provider's failure reason (failed). */
  reason?: string;
  occurredAt: Date;
}

export interface SendFaxInput {
  faxId: string;
  /** E.164. */
  to: string;
  /** A short-lived URL the provider fetches the PDF from. */
  mediaUrl: string;
  /** Where the provider posts status webhooks for this fax. */
  webhookUrl: string;
}

/**
 * The provider refused or could not be reached. `retryable`: a 5xx, a timeout or a network error
 * (try again later); otherwise (4xx: bad number, bad credentials) sending again cannot help.
 */
export class FaxProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A webhook whose signature, timestamp or body is not acceptable: nothing is changed. */
export class FaxWebhookRejected extends Error {}

export interface FaxProvider {
  readonly name: string;
  /** Hands the fax to the provider; resolves with the provider's fax id once it accepted it. */
  send(input: SendFaxInput): Promise<{ providerFaxId: string }>;
  /**
   * The provider's own word on a fax, for one whose webhooks did not come: 'open' while it is
   * still being worked on. Throws FaxProviderError when the provider cannot be asked.
   */
  status(providerFaxId: string): Promise<{ state: 'open' | 'delivered' | 'failed'; reason?: string }>;
  /** Asks the provider to stop a fax it accepted; false when it could not (already sent, unreachable). */
  cancel(providerFaxId: string): Promise<boolean>;
  /**
   * Checks a webhook's signature and timestamp over the raw body, then reads it. Throws
   * FaxWebhookRejected for a bad signature or a stale timestamp; returns null for an event of a
   * kind this service does not track (inbound faxes, media processed …).
   */
  readWebhook(rawBody: Buffer, headers: Record<string, string>): Promise<FaxProviderEvent | null>;
}

/** Failure reasons worth another attempt later: the line, not the number or the document. */
export const RETRYABLE_FAILURES = new Set([
  'user_busy',
  'receiver_no_answer',
  'receiver_no_response',
  'receiver_call_dropped',
  'receiver_communication_error',
  'sender_communication_error',
  'fax_initial_communication_timeout',
  'receiver_recovery_on_timer_expire',
  'user_channel_limit_exceeded',
  'outbound_profile_channel_limit_exceeded',
  'connection_channel_limit_exceeded',
]);
