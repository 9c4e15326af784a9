// A2A push notifications, delivered like the service's callbacks (§6): the URL is checked when the
// config is set and again at delivery (public https only, pinned to the checked address), the body
// is signed with the account's callback secret (X-Service-Signature), and delivery is a queued
// callback.deliver job with its retries, so a slow receiver never holds up the task.
import type { StreamResponse, Task, TaskPushNotificationConfig } from '@a2a-js/sdk';
import { V1PushNotificationSerializer, type PushNotificationSender, type ServerCallContext } from '@a2a-js/sdk/server';
import { V03PushNotificationSerializer } from '@a2a-js/sdk/compat/v0_3/server';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import type { AppContext } from '../context.ts';
import { acceptCallbackUrl } from '../domain/callbacks.ts';
import { DomainError } from '../domain/errors.ts';
import { queueCallback } from '../use-cases/callbacks/queue-callback.ts';
import { DatabasePushNotificationStore, ownerOf } from './task-store.ts';

/** The header A2A receivers read the config's token from (the SDK's default name). */
export const NOTIFICATION_TOKEN_HEADER = 'X-A2A-Notification-Token';

/** The database store, refusing a URL a callback could not be sent to (the A2A error for bad params). */
export class CheckedPushNotificationStore extends DatabasePushNotificationStore {
  constructor(private readonly app: AppContext) {
    super(app);
  }

  override async save(taskId: string, context: ServerCallContext, config: TaskPushNotificationConfig): Promise<void> {
    let url: string;
    try {
      url = await acceptCallbackUrl(config.url, { allowLoopback: this.app.config.CALLBACK_ALLOW_LOOPBACK });
    } catch (err) {
      if (err instanceof DomainError) throw new RequestMalformedError(`${err.code}: ${err.message}`);
      throw err;
    }
    await super.save(taskId, context, { ...config, url });
  }
}

const v1 = new V1PushNotificationSerializer();
const v03 = new V03PushNotificationSerializer();

export class CallbackPushNotificationSender implements PushNotificationSender {
  constructor(
    private readonly ctx: AppContext,
    private readonly store: DatabasePushNotificationStore,
  ) {}

  async send(event: StreamResponse, context: ServerCallContext, task?: Task): Promise<void> {
    const taskId = taskIdOf(event) ?? task?.id;
    if (!taskId) return;
    for (const { config, wireVersion } of await this.store.loadWithMetadata(taskId, context)) {
      // A config set by a v0.3 client gets v0.3 bodies (the whole task), as its receiver expects.
      const serializer = wireVersion.startsWith('0.') ? v03 : v1;
      const body: unknown = JSON.parse(serializer.serialize(event, task).body);
      const headers: Record<string, string> = {};
      if (config.authentication?.scheme && config.authentication.credentials) headers.Authorization = `${config.authentication.scheme} ${config.authentication.credentials}`;
      else if (config.token) headers[NOTIFICATION_TOKEN_HEADER] = config.token;
      await queueCallback(this.ctx, ownerOf(context), config.url, body, headers);
    }
  }
}

function taskIdOf(event: StreamResponse): string | undefined {
  const p = event.payload;
  if (!p) return undefined;
  if (p.$case === 'task') return p.value.id;
  if (p.$case === 'message') return p.value.taskId || undefined;
  return p.value.taskId;
}
