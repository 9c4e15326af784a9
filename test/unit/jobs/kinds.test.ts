// Job kinds live apart from their handlers: every kind has exactly one handler, and a job row
// is written from the kind alone.
import { describe, expect, test } from 'vitest';
import { JOB_KINDS, newJobRow } from '../../../src/jobs/kinds.ts';
import { jobHandlers, kindsWithoutHandler } from '../../../src/jobs/registry.ts';

describe('job kinds', () => {
  test('every kind has a handler and every handler a kind', () => {
    expect(kindsWithoutHandler()).toEqual([]);
    expect([...jobHandlers.keys()].sort()).toEqual(Object.keys(JOB_KINDS).sort());
  });

  test('a job row takes its attempts from the kind', () => {
    const row = newJobRow('payment.refund', { refundId: 'r1' }, { ownerId: 'acct', jobId: 'j1', delayMs: 1000 });
    expect(row).toMatchObject({ id: 'j1', kind: 'payment.refund', ownerId: 'acct', maxAttempts: JOB_KINDS['payment.refund'].maxAttempts });
    expect(row.runAfter.getTime()).toBeGreaterThan(Date.now() + 500);
  });

  test('an unknown kind is refused when the row is written', () => {
    expect(() => newJobRow('no.such-kind' as never, {} as never)).toThrow(/unknown job kind/i);
  });
});
