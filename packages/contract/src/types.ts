// The request and response types of each route, derived from its schemas (type-only: no runtime code).
import type { Static, TSchema } from '@sinclair/typebox';
import type { RouteSchemaTable } from './schemas.ts';
import type { RouteName } from './routes.ts';

type SuccessStatus = 200 | 201 | 202 | 204;
type StaticOf<T> = T extends TSchema ? Static<T> : never;
type Part<N extends RouteName, K extends 'params' | 'query' | 'body'> = RouteSchemaTable[N] extends Record<K, infer S> ? StaticOf<S> : never;

export type ParamsOf<N extends RouteName> = Part<N, 'params'>;
export type QueryOf<N extends RouteName> = Part<N, 'query'>;
export type BodyOf<N extends RouteName> = Part<N, 'body'>;

/** What a route answers on success (its 2xx schemas). */
export type ResponseOf<N extends RouteName> = {
  [S in keyof RouteSchemaTable[N]['response'] & SuccessStatus]: StaticOf<RouteSchemaTable[N]['response'][S]>;
}[keyof RouteSchemaTable[N]['response'] & SuccessStatus];

type IfPresent<T, Shape> = [T] extends [never] ? unknown : Shape;
type AllOptional<T> = Partial<T> extends T ? true : false;

/** What `callApi` takes for a route: its path parameters, query and body, each only when the route has one. */
export type RequestOf<N extends RouteName> = IfPresent<ParamsOf<N>, { params: ParamsOf<N> }> &
  IfPresent<QueryOf<N>, AllOptional<QueryOf<N>> extends true ? { query?: QueryOf<N> } : { query: QueryOf<N> }> &
  IfPresent<BodyOf<N>, { body: BodyOf<N> }>;
