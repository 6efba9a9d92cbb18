import { t } from 'elysia';

export const checkResult = t.Object({
  name: t.String(),
  status: t.Union([t.Literal('ok'), t.Literal('error')]),
  message: t.Optional(t.String()),
});

export const healthResponse = t.Object({
  status: t.Union([t.Literal('ok'), t.Literal('error')]),
  /** Present once at least one check is registered (the database check comes with the database). */
  checks: t.Optional(t.Array(checkResult)),
});

export type CheckResult = typeof checkResult.static;
export type HealthReport = typeof healthResponse.static;
