import { Elysia } from 'elysia';
import { routes } from '@ringwise/contract/routes';
import { routeSchemas } from '@ringwise/contract/schemas';
import { checkHealth, type HealthCheck } from './service.ts';

/** GET /api/health: 200 when every check passes, 503 otherwise. Later issues pass their checks in (database). */
export const health = (checks: readonly HealthCheck[] = []) =>
  new Elysia({ name: 'module.health' }).get(
    routes.health.path,
    async ({ set }) => {
      const report = await checkHealth(checks);
      set.headers['cache-control'] = 'no-store';
      if (report.status !== 'ok') set.status = 503;
      return report;
    },
    routeSchemas.health,
  );
