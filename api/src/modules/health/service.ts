import type { HealthCheckResult as CheckResult, HealthReport } from '@ringwise/contract/schemas';
import { DeadlineExceededError, withDeadline } from '../../lib/deadline.ts';

/** How long a check may take: past it, the dependency counts as down (a stuck database must not stall the probe). */
export const healthCheckDeadlineMs = 1000;

/** One dependency the api needs to serve requests (e.g. the database: `select 1`). Throws when it is down. */
export interface HealthCheck {
  name: string;
  run(): Promise<void>;
}

/** Runs every check in parallel; the report is 'ok' only if all of them pass. */
export async function checkHealth(checks: readonly HealthCheck[]): Promise<HealthReport> {
  if (checks.length === 0) return { status: 'ok' };
  const results = await Promise.all(checks.map(runCheck));
  return { status: results.every((r) => r.status === 'ok') ? 'ok' : 'error', checks: results };
}

async function runCheck(check: HealthCheck): Promise<CheckResult> {
  try {
    await withDeadline(healthCheckDeadlineMs, () => check.run());
    return { name: check.name, status: 'ok' };
  } catch (error) {
    const message = error instanceof DeadlineExceededError ? `no answer within ${healthCheckDeadlineMs} ms` : error instanceof Error ? error.message : String(error);
    return { name: check.name, status: 'error', message };
  }
}
