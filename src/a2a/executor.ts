// The A2A agent executor: one task per message. It publishes the task (submitted), then working
// with progress, runs the skill the message asks for (src/a2a/skills.ts), and ends completed with
// artifacts (PDFs as file parts with signed download links, results as data parts), failed with
// the REST error's code and message, or canceled.
import { TaskState, type Artifact, type Part } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import type { AppContext } from '../context.ts';
import type { LibraryIndex } from '../library/search-index.ts';
import { knownApiError } from '../http/errors.ts';
import { readMessage } from './parts.ts';
import { chooseSkill, type SkillResult, type SkillRun } from './skills.ts';
import { HEARTBEAT_MS, heartbeat, ownerOf, scopesOf, storedTaskState } from './task-store.ts';
import { requireDoorScope } from '../http/agent-auth.ts';
import { agentMessage, failedStatus, part } from './messages.ts';
import { downloadLink } from '../use-cases/links/signed-links.ts';
import { cancelStartedWork, type StartedWork } from '../use-cases/jobs/cancel-started-work.ts';

/** How often a skill waiting for work done elsewhere looks again. */
const POLL_MS = 250;

class SkillCanceled extends Error {}


export class FormAgentExecutor implements AgentExecutor {
  /** Tasks running in this process, to stop them when canceled here. */
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly ctx: AppContext,
    private readonly library: LibraryIndex,
  ) {}

  execute = async (request: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId } = request;
    const status = (state: TaskState, parts: Part[] = []) =>
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId, status: { state, message: parts.length ? agentMessage(taskId, contextId, parts) : undefined, timestamp: new Date().toISOString() }, metadata: {} }));
    bus.publish(
      AgentEvent.task(
        request.task ?? { id: taskId, contextId, status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() }, artifacts: [], history: [request.userMessage], metadata: {} },
      ),
    );
    const abort = new AbortController();
    this.running.set(taskId, abort);
    const started: StartedWork[] = [];
    let canceledElsewhere = false;
    // Tells other processes this task is still being worked on (task-store.ts: STALE_MS).
    const beating = setInterval(() => void heartbeat(this.ctx, taskId).catch(() => undefined), HEARTBEAT_MS);
    try {
      const ownerId = ownerOf(request.context);
      const skillRequest = await readMessage(this.ctx, request.userMessage);
      const skill = chooseSkill(skillRequest);
      requireDoorScope(scopesOf(request.context), skill.readOnly ? 'forms:read' : 'forms:write');
      status(TaskState.TASK_STATE_WORKING, [part({ $case: 'text', value: `Working on ${skill.id}.` })]);
      const run: SkillRun = {
        ctx: this.ctx,
        ownerId,
        library: this.library,
        request: skillRequest,
        progress: (text) => {
          if (!abort.signal.aborted) status(TaskState.TASK_STATE_WORKING, [part({ $case: 'text', value: text })]);
        },
        waitFor: (check) => this.waitFor(taskId, abort.signal, check),
        started: (work) => void started.push(work),
      };
      const result = await skill.run(run);
      if (abort.signal.aborted) return;
      for (const artifact of await this.artifacts(ownerId, skill.id, result)) {
        bus.publish(AgentEvent.artifactUpdate({ taskId, contextId, artifact, append: false, lastChunk: true, metadata: {} }));
      }
      status(TaskState.TASK_STATE_COMPLETED, [part({ $case: 'text', value: result.summary })]);
    } catch (err) {
      if (abort.signal.aborted) return; // canceled here: cancelTask published it
      if (err instanceof SkillCanceled) {
        canceledElsewhere = true;
        // Canceled through another process: end this process's stream too (the stored state stays).
        status(TaskState.TASK_STATE_CANCELED, [part({ $case: 'text', value: 'Canceled.' })]);
        return;
      }
      const known = knownApiError(err);
      if (!known) this.ctx.log.error({ err, taskId }, 'a2a task failed');
      const error = known ? { code: known.code, message: known.message, status: known.status } : { code: 'internal_error', message: 'The task failed on our side.', status: 500 };
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId, status: failedStatus(taskId, contextId, error), metadata: {} }));
    } finally {
      clearInterval(beating);
      this.running.delete(taskId);
      // A canceled task stops the jobs it started: they end as canceled, unbilled.
      if (abort.signal.aborted || canceledElsewhere) await this.stopStarted(request, started);
    }
  };

  private async stopStarted(request: RequestContext, started: StartedWork[]): Promise<void> {
    for (const work of started) {
      try {
        await cancelStartedWork(this.ctx, ownerOf(request.context), work);
      } catch (err) {
        this.ctx.log.error({ err, taskId: request.taskId }, 'could not stop the job of a canceled a2a task');
      }
    }
  }

  /**
   * Stops the task if it runs here (its skill stops at its next poll) and publishes canceled; a
   * task running in another process sees the stored state at its next poll. Either way the skill's
   * process then stops the job it started (detection, a context fill, a batch) at the job's next
   * checkpoint: the job ends as canceled and is not billed (a batch keeps the rows already filled).
   */
  cancelTask = async (taskId: string, bus: ExecutionEventBus): Promise<void> => {
    this.running.get(taskId)?.abort();
    const task = await this.ctx.db.a2aTask.findUnique({ where: { id: taskId }, select: { contextId: true } });
    const contextId = task?.contextId ?? '';
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_CANCELED, message: agentMessage(taskId, contextId, [part({ $case: 'text', value: 'Canceled.' })]), timestamp: new Date().toISOString() },
        metadata: {},
      }),
    );
  };

  /** Polls until `check` answers; a cancel seen here or in the database (another process) stops it. */
  private async waitFor<T>(taskId: string, signal: AbortSignal, check: () => Promise<T | undefined>): Promise<T> {
    for (;;) {
      if (signal.aborted) throw new SkillCanceled();
      const value = await check();
      if (value !== undefined) return value;
      if ((await storedTaskState(this.ctx, taskId)) === TaskState.TASK_STATE_CANCELED) throw new SkillCanceled();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private async artifacts(ownerId: string, skillId: string, result: SkillResult): Promise<Artifact[]> {
    const list: Artifact[] = [{ artifactId: `${skillId}-result`, name: `${skillId} result`, description: result.summary, parts: [part({ $case: 'data', value: result.data }, { mediaType: 'application/json' })], metadata: {}, extensions: [] }];
    for (const pdf of result.pdfs) {
      // The service's signed download links (as MCP hands out): no key needed while they last.
      const { url } = await downloadLink(this.ctx, ownerId, 'artifact', pdf.artifactId);
      list.push({
        artifactId: pdf.artifactId,
        name: pdf.name,
        description: `Download within an hour from the link, or later with GET /artifacts/${pdf.artifactId}/pdf and your API key.`,
        parts: [part({ $case: 'url', value: url }, { mediaType: 'application/pdf', filename: pdf.name, metadata: { artifact_id: pdf.artifactId } })],
        metadata: {},
        extensions: [],
      });
    }
    return list;
  }
}
