// The schemas of every /api route, by route name (routes.ts): what the api mounts as `params`, `query`,
// `body` and `response`, and what the browser's types are derived from (types.ts). Server side and types
// only: browser code imports types from here, never values (the schema library stays out of its bundles).
import type { TSchema } from '@sinclair/typebox';
import { adminSchemas } from './admin/schema.ts';
import { billingSchemas } from './billing/schema.ts';
import { callSchemas } from './calls/schema.ts';
import { contactSchemas } from './contacts/schema.ts';
import { healthSchemas } from './health/schema.ts';
import { forwardingSchemas } from './numbers/forwarding.ts';
import { greetingSchemas } from './numbers/greeting.ts';
import { numberSchemas } from './numbers/schema.ts';
import { profileSchemas } from './profile/schema.ts';
import { rateSchemas } from './rates/schema.ts';
import { referenceSchemas } from './reference/schema.ts';
import type { RouteName } from './routes.ts';
import { userSchemas } from './users/schema.ts';

export interface RouteSchemas {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** By HTTP status: the success status(es) the route answers with. Errors are the envelope (errors.ts). */
  response: Partial<Record<number, TSchema>>;
}

export const routeSchemas = {
  ...healthSchemas,
  ...referenceSchemas,
  ...userSchemas,
  ...profileSchemas,
  ...contactSchemas,
  ...billingSchemas,
  ...rateSchemas,
  ...numberSchemas,
  ...greetingSchemas,
  ...forwardingSchemas,
  ...callSchemas,
  ...adminSchemas,
} satisfies Record<RouteName, RouteSchemas>;

export type RouteSchemaTable = typeof routeSchemas;

export * from './values.ts';
export * from './errors.ts';
export * from './health/schema.ts';
export * from './reference/schema.ts';
export * from './users/schema.ts';
export * from './profile/schema.ts';
export * from './contacts/schema.ts';
export * from './billing/schema.ts';
export * from './rates/schema.ts';
export * from './numbers/schema.ts';
export * from './numbers/greeting.ts';
export * from './numbers/forwarding.ts';
export * from './calls/schema.ts';
export * from './admin/schema.ts';
