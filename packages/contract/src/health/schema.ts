// GET /api/health (readiness): 200 when every dependency answers within a second, 503 with the failing check otherwise.
// GET /api/health/live (liveness): 200 whenever the process answers at all, whatever its dependencies do.
import { Type, type Static } from '@sinclair/typebox';

export const HealthCheckResult = Type.Object({
  name: Type.String(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  message: Type.Optional(Type.String()),
});
export type HealthCheckResult = Static<typeof HealthCheckResult>;

export const HealthReport = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  /** Present once at least one check is registered (the database check comes with the database). */
  checks: Type.Optional(Type.Array(HealthCheckResult)),
}, { additionalProperties: false });
export type HealthReport = Static<typeof HealthReport>;

export const Liveness = Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false });
export type Liveness = Static<typeof Liveness>;

export const healthSchemas = {
  health: { response: { 200: HealthReport, 503: HealthReport } },
  liveness: { response: { 200: Liveness } },
};
