import { Elysia } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { checkHealth, type HealthCheck } from './service.ts';

/**
 * GET /api/health (readiness): 200 when every check passes within its short deadline, 503 otherwise (a stuck or
 * disconnected api is taken out of the load balancer). GET /api/health/live (liveness): 200 while the process answers.
 */
export const health = (checks: readonly HealthCheck[] = []) =>
  new Elysia({ name: 'module.health' })
    .get(
      routes.health.path,
      async ({ set }) => {
        const report = await checkHealth(checks);
        set.headers['cache-control'] = 'no-store';
        if (report.status !== 'ok') set.status = 503;
        return report;
      },
      routeSchemas.health,
    )
    .get(
      routes.liveness.path,
      ({ set }) => {
        set.headers['cache-control'] = 'no-store';
        return { status: 'ok' as const };
      },
      routeSchemas.liveness,
    );
