// The A2A task store and push-notification config store, in the project database (A2aTask,
// A2aPushConfig), so every HTTP process sees every task: tasks/get or tasks/cancel may reach a
// process other than the one running the task. Rows belong to the account whose key made them
// (the SDK's User.userName is the account id): another account's task is not found, as in REST.
import { Task, TaskPushNotificationConfig, TaskState, taskStateToJSON, type ListTasksRequest, type ListTasksResponse } from '@a2a-js/sdk';
import type { PushNotificationStore, ServerCallContext, StoredPushNotificationConfig, TaskStore } from '@a2a-js/sdk/server';
import type { AppContext } from '../context.ts';
import { failedStatus } from './messages.ts';

/** How often a process running a task marks its row as alive. */
export const HEARTBEAT_MS = 15_000;
/**
 * A task not terminal whose row has not moved for this long has lost the process that ran it (a
 * restart, a crash): it is failed with task_interrupted when next read, rather than left working.
 */
export const STALE_MS = 8 * HEARTBEAT_MS;

export const TERMINAL_STATES: readonly TaskState[] = [TaskState.TASK_STATE_COMPLETED, TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_CANCELED, TaskState.TASK_STATE_REJECTED];
const TERMINAL_NAMES = TERMINAL_STATES.map((s) => taskStateToJSON(s));

/** The account a call is made for (set by src/a2a/router.ts from the bearer token). */
export function ownerOf(context: ServerCallContext): string {
  const user = context.user;
  if (!user?.isAuthenticated) throw new Error('A2A call without an authenticated account');
  return user.userName;
}

/** The door scopes the call's token carries (src/http/agent-auth.ts): an API key has both. */
export function scopesOf(context: ServerCallContext): readonly string[] {
  const scopes = (context.user as { scopes?: readonly string[] } | undefined)?.scopes;
  return Array.isArray(scopes) ? scopes : [];
}

/**
 * The task without the bytes of file parts the caller sent: history keeps each part's name, type
 * and size, so a 10 MB upload is not copied into every save of the task row.
 */
function withoutUploadedBytes(task: Task): Task {
  return {
    ...task,
    history: task.history.map((m) => ({
      ...m,
      parts: m.parts.map((p) => (p.content?.$case === 'raw' ? { ...p, content: undefined, metadata: { ...p.metadata, bytes_omitted: p.content.value.length } } : p)),
    })),
  };
}

export class DatabaseTaskStore implements TaskStore {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Writes the task. A task that reached a terminal state keeps it: a late save from the process
   * running a task that another process canceled does not bring it back to life.
   */
  async save(task: Task, context: ServerCallContext): Promise<void> {
    const ownerId = ownerOf(context);
    const state = taskStateToJSON(task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED);
    const json = Task.toJSON(withoutUploadedBytes(task)) as object;
    const updated = await this.ctx.db.a2aTask.updateMany({ where: { id: task.id, ownerId, state: { notIn: TERMINAL_NAMES } }, data: { state, task: json } });
    if (updated.count > 0) return;
    const existing = await this.ctx.db.a2aTask.findUnique({ where: { id: task.id }, select: { ownerId: true } });
    if (existing) return; // terminal already (or someone else's id: never overwritten)
    await this.ctx.db.a2aTask.create({ data: { id: task.id, ownerId, contextId: task.contextId, state, task: json} });
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const row = await this.ctx.db.a2aTask.findFirst({ where: { id: taskId, ownerId: ownerOf(context) } });
    if (!row) return undefined;
    const task = Task.fromJSON(row.task);
    if (TERMINAL_NAMES.includes(row.state) || Date.now() - row.updatedAt.getTime() < STALE_MS) return task;
    const interrupted = {
      ...task,
      status: failedStatus(task.id, task.contextId, {
        code: 'task_interrupted',
        message: 'The process running this task stopped. Work it had started (a form, a job, a batch) may have finished: look it up by the ids in the task history, or send the message again.',
        status: 500,
      }),
    };
    await this.ctx.db.a2aTask.updateMany({ where: { id: task.id, state: row.state, updatedAt: row.updatedAt }, data: { state: taskStateToJSON(TaskState.TASK_STATE_FAILED), task: Task.toJSON(interrupted) as object } });
    return interrupted;
  }

  async list(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const pageSize = Math.min(Math.max(params.pageSize ?? 50, 1), 100);
    const offset = Number(params.pageToken || 0) || 0;
    const where = {
      ownerId: ownerOf(context),
      ...(params.contextId ? { contextId: params.contextId } : {}),
      ...(params.status ? { state: taskStateToJSON(params.status) } : {}),
      ...(params.statusTimestampAfter ? { updatedAt: { gt: new Date(params.statusTimestampAfter) } } : {}),
    };
    const [rows, total] = await Promise.all([
      this.ctx.db.a2aTask.findMany({ where, orderBy: { updatedAt: 'desc' }, skip: offset, take: pageSize }),
      this.ctx.db.a2aTask.count({ where }),
    ]);
    const tasks = rows.map((r) => {
      const t = Task.fromJSON(r.task);
      return params.includeArtifacts ? t : { ...t, artifacts: [] };
    });
    return { tasks, nextPageToken: offset + rows.length < total ? String(offset + rows.length) : '', pageSize, totalSize: total };
  }
}

/** Marks a running task's row as alive (see STALE_MS). */
export async function heartbeat(ctx: AppContext, taskId: string): Promise<void> {
  await ctx.db.a2aTask.updateMany({ where: { id: taskId, state: { notIn: TERMINAL_NAMES } }, data: { updatedAt: new Date() } });
}

/** The state a task has in the database now, whoever runs it (undefined: no such task). */
export async function storedTaskState(ctx: AppContext, taskId: string): Promise<TaskState | undefined> {
  const row = await ctx.db.a2aTask.findUnique({ where: { id: taskId }, select: { task: true } });
  return row ? Task.fromJSON(row.task).status?.state : undefined;
}

export class DatabasePushNotificationStore implements PushNotificationStore {
  constructor(private readonly ctx: AppContext) {}

  async save(taskId: string, context: ServerCallContext, config: TaskPushNotificationConfig): Promise<void> {
    const ownerId = ownerOf(context);
    const id = config.id || taskId;
    const data = { ownerId, url: config.url, config: TaskPushNotificationConfig.toJSON({ ...config, id, taskId }) as object, wireVersion: context.requestedVersion };
    await this.ctx.db.a2aPushConfig.upsert({ where: { taskId_id: { taskId, id } }, create: { taskId, id, ...data }, update: data });
  }

  async load(taskId: string, context: ServerCallContext): Promise<TaskPushNotificationConfig[]> {
    return (await this.loadWithMetadata(taskId, context)).map((c) => c.config);
  }

  async loadWithMetadata(taskId: string, context: ServerCallContext): Promise<StoredPushNotificationConfig[]> {
    const rows = await this.ctx.db.a2aPushConfig.findMany({ where: { taskId, ownerId: ownerOf(context) }, orderBy: { createdAt: 'asc' } });
    return rows.map((r) => ({ config: TaskPushNotificationConfig.fromJSON(r.config), wireVersion: r.wireVersion }));
  }

  async delete(taskId: string, context: ServerCallContext, configId?: string): Promise<void> {
    await this.ctx.db.a2aPushConfig.deleteMany({ where: { taskId, ownerId: ownerOf(context), ...(configId ? { id: configId } : {}) } });
  }
}
