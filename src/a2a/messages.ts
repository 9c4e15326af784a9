// Building blocks of what the agent says: parts, its messages, and a status carrying an error.
import { randomUUID } from 'node:crypto';
import { Role, TaskState, type Message, type Part, type TaskStatus } from '@a2a-js/sdk';

export const part = (content: Part['content'], extra: Partial<Part> = {}): Part => ({ content, metadata: {}, filename: '', mediaType: '', ...extra });

export function agentMessage(taskId: string, contextId: string, parts: Part[]): Message {
  return { messageId: randomUUID(), taskId, contextId, role: Role.ROLE_AGENT, parts, metadata: {}, extensions: [], referenceTaskIds: [] };
}

export interface TaskError {
  code: string;
  message: string;
  /** The HTTP status REST answers the same refusal with. */
  status: number;
}

/** A failed status whose message holds the error as text and as data ({error: {code, message, status}}). */
export function failedStatus(taskId: string, contextId: string, error: TaskError): TaskStatus {
  return {
    state: TaskState.TASK_STATE_FAILED,
    message: agentMessage(taskId, contextId, [part({ $case: 'text', value: `${error.code}: ${error.message}` }), part({ $case: 'data', value: { error } })]),
    timestamp: new Date().toISOString(),
  };
}
