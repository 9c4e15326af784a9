// Telnyx Programmable Fax through its official SDK (`telnyx`, generated from Telnyx's OpenAPI
// spec; no dependencies, no install scripts). POST /v2/faxes with a media_url the provider
// fetches; webhooks signed with Ed25519 over "<timestamp>|<raw body>" (Telnyx-Signature-Ed25519,
// Telnyx-Timestamp), which the SDK's webhooks.unwrap checks with a 300-second tolerance.
// TELNYX_API_BASE points the SDK at a local stand-in in tests. The SDK (~20 MB of a process) is
// loaded by the provider's first call, not when the service starts.
import type Telnyx from 'telnyx';
import { FaxProviderError, FaxWebhookRejected, type FaxProvider, type FaxProviderEvent, type SendFaxInput } from './provider.ts';

export interface TelnyxSettings {
  apiKey: string;
  connectionId: string;
  from: string;
  publicKey: string;
  apiBase?: string;
  timeoutMs: number;
}

const EVENT_TYPES: Record<string, FaxProviderEvent['type']> = {
  'fax.queued': 'queued',
  'fax.sending.started': 'sending',
  'fax.delivered': 'delivered',
  'fax.failed': 'failed',
};

interface TelnyxEvent {
  data?: {
    id?: string;
    event_type?: string;
    occurred_at?: string;
    payload?: { fax_id?: string; client_state?: string; page_count?: number; failure_reason?: string; status?: string };
  };
}

export class TelnyxFaxProvider implements FaxProvider {
  readonly name = 'telnyx';
  private sdk?: Promise<{ Sdk: typeof Telnyx; client: Telnyx }>;

  constructor(private readonly s: TelnyxSettings) {}

  private connect() {
    this.sdk ??= import('telnyx').then(({ default: Sdk }) => ({
      Sdk,
      client: new Sdk({
        apiKey: this.s.apiKey,
        publicKey: this.s.publicKey,
        // Explicit, so TELNYX_BASE_URL in the environment cannot move it.
        baseURL: this.s.apiBase ?? 'https://api.telnyx.com/v2',
        timeout: this.s.timeoutMs,
        // A POST that timed out may have been accepted: never resend it blindly (the fax job
        // decides, knowing whether a webhook for the fax arrived meanwhile).
        maxRetries: 0,
      }),
    }));
    return this.sdk;
  }

  async send(input: SendFaxInput): Promise<{ providerFaxId: string }> {
    const { Sdk, client } = await this.connect();
    try {
      const r = await client.faxes.create({
        connection_id: this.s.connectionId,
        from: this.s.from,
        to: input.to,
        media_url: input.mediaUrl,
        webhook_url: input.webhookUrl,
        // Our fax id comes back in every webhook, so a fax is found even when the answer to
        // this request was lost.
        client_state: Buffer.from(input.faxId).toString('base64'),
        quality: 'high',
        store_media: false,
      });
      const id = r.data?.id;
      if (!id) throw new FaxProviderError('Telnyx accepted the fax without an id.', false, 'provider_bad_response');
      return { providerFaxId: id };
    } catch (err) {
      throw failure(Sdk, err);
    }
  }

  async status(providerFaxId: string): Promise<{ state: 'open' | 'delivered' | 'failed'; reason?: string }> {
    const { Sdk, client } = await this.connect();
    let fax;
    try {
      fax = (await client.faxes.retrieve(providerFaxId)).data;
    } catch (err) {
      throw failure(Sdk, err);
    }
    if (fax?.status === 'delivered') return { state: 'delivered' };
    if (fax?.status === 'failed') return { state: 'failed', reason: fax.failure_reason ?? undefined };
    return { state: 'open' };
  }

  async cancel(providerFaxId: string): Promise<boolean> {
    const { client } = await this.connect();
    try {
      await client.faxes.actions.cancel(providerFaxId);
      return true;
    } catch {
      return false;
    }
  }

  async readWebhook(rawBody: Buffer, headers: Record<string, string>): Promise<FaxProviderEvent | null> {
    const { client } = await this.connect();
    let event: TelnyxEvent;
    try {
      event = (await client.webhooks.unwrap(rawBody.toString('utf8'), { headers })) as TelnyxEvent;
    } catch (err) {
      throw new FaxWebhookRejected((err as Error).message);
    }
    const data = event.data;
    const type = data?.event_type ? EVENT_TYPES[data.event_type] : undefined;
    if (!type) return null;
    const payload = data!.payload ?? {};
    if (!data!.id || !payload.fax_id) throw new FaxWebhookRejected('A fax event without an event id or fax id.');
    let faxId: string | undefined;
    if (payload.client_state) faxId = Buffer.from(payload.client_state, 'base64').toString('utf8');
    return {
      eventId: `telnyx:${data!.id}`,
      type,
      providerFaxId: payload.fax_id,
      faxId,
      pages: typeof payload.page_count === 'number' ? payload.page_count : undefined,
      reason: payload.failure_reason ?? undefined,
      occurredAt: data!.occurred_at ? new Date(data!.occurred_at) : new Date(),
    };
  }
}

/** A failed call as a FaxProviderError: retryable for a timeout, no connection, 408, 429 and 5xx. */
function failure(Sdk: typeof Telnyx, err: unknown): unknown {
  if (err instanceof FaxProviderError) return err;
  if (err instanceof Sdk.APIConnectionTimeoutError) return new FaxProviderError('Telnyx did not answer in time.', true, 'provider_timeout');
  if (err instanceof Sdk.APIConnectionError) return new FaxProviderError('Telnyx could not be reached.', true, 'provider_unreachable');
  if (err instanceof Sdk.APIError) {
    const status = err.status ?? 0;
    const retryable = status >= 500 || status === 429 || status === 408;
    return new FaxProviderError(`Telnyx answered ${status}.`, retryable, retryable ? 'provider_unavailable' : 'provider_rejected');
  }
  return err;
}
