// The retry schedule of the box office's queues (box-office/leases.ts) and of the KSeF client's
// own retries: pure, so the KSeF client's Node tests read it too.

/** The pause before the next try after `attempt` tries (from 1): the schedule's step, its last one after. */
export function backoff(schedule: readonly number[], attempt: number): number {
  return schedule[Math.min(Math.max(0, attempt - 1), schedule.length - 1)] ?? 0;
}
