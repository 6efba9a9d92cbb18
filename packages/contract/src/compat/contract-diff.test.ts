import { describe, expect, test } from 'bun:test';
import { Type, type TSchema } from '@sinclair/typebox';
import type { RouteDefinition } from '../routes.ts';
import type { RouteSchemas } from '../schemas.ts';
import { Nullable, OneOf } from '../values.ts';
import { contractChanges, type ContractSnapshot } from './contract-diff.ts';
import { routeSnapshot } from './contract-snapshot.ts';

const listThings: RouteDefinition = { name: 'listThings', method: 'GET', path: '/api/things', access: 'user' };
const saveThing: RouteDefinition = { name: 'saveThing', method: 'POST', path: '/api/things', access: 'user' };

const contract = (...routes: [RouteDefinition, RouteSchemas][]): ContractSnapshot =>
  Object.fromEntries(routes.map(([route, schemas]) => [route.name, routeSnapshot(route, schemas)]));

/** The lines of each kind when `listThings` answers `released` and then `current`. */
function responseChange(released: TSchema, current: TSchema) {
  return split(contractChanges(contract([listThings, { response: { 200: released } }]), contract([listThings, { response: { 200: current } }])));
}

function bodyChange(released: TSchema, current: TSchema) {
  const route = (body: TSchema): [RouteDefinition, RouteSchemas] => [saveThing, { body, response: { 201: Type.Object({}) } }];
  return split(contractChanges(contract(route(released)), contract(route(current))));
}

function split(changes: ReturnType<typeof contractChanges>) {
  return {
    compatible: changes.filter((change) => change.compatible).map((change) => change.line),
    incompatible: changes.filter((change) => !change.compatible).map((change) => change.line),
  };
}

const thing = (fields: Record<string, TSchema>) => Type.Object({ items: Type.Array(Type.Object(fields, { additionalProperties: false })) });
const none = { compatible: [], incompatible: [] };

describe('routes', () => {
  const released = contract([listThings, { response: { 200: Type.String() } }]);

  test('the same contract: no change, whatever the descriptions and messages say', () => {
    const reworded = contract([listThings, { response: { 200: Type.String({ description: 'reworded', error: 'new message' }) } }]);
    expect(contractChanges(released, reworded)).toEqual([]);
  });

  test('a new route is compatible', () => {
    expect(split(contractChanges(released, contract([listThings, { response: { 200: Type.String() } }], [saveThing, { response: { 201: Type.String() } }])))).toEqual({
      compatible: ['saveThing: new route (POST /api/things, user)'],
      incompatible: [],
    });
  });

  test('a route removed, or its method, path or access changed, is incompatible', () => {
    expect(split(contractChanges(released, {})).incompatible).toEqual(['listThings: removed (GET /api/things)']);
    const moved = contract([{ ...listThings, method: 'POST', path: '/api/stuff', access: 'admin' }, { response: { 200: Type.String() } }]);
    expect(split(contractChanges(released, moved)).incompatible).toEqual([
      'listThings: method GET → POST',
      'listThings: path /api/things → /api/stuff',
      'listThings: access user → admin',
    ]);
  });

  test('a response status removed (or added) is incompatible', () => {
    const answers = (response: RouteSchemas['response']) => contract([listThings, { response }]);
    expect(split(contractChanges(answers({ 200: Type.String() }), answers({ 204: Type.Void() }))).incompatible).toEqual([
      'listThings response 200: removed',
      'listThings response 204: added',
    ]);
  });
});

describe('responses: remotes read them and never validate them', () => {
  test('an added optional property is compatible: an old remote ignores it', () => {
    expect(responseChange(thing({ id: Type.String() }), thing({ id: Type.String(), phone: Type.Optional(Type.String()) }))).toEqual({
      compatible: ['listThings response 200 .items[].phone: added, optional'],
      incompatible: [],
    });
  });

  test('an added required property is incompatible: a new remote would count on it from an api that does not send it', () => {
    expect(responseChange(thing({ id: Type.String() }), thing({ id: Type.String(), phone: Type.String() })).incompatible).toEqual([
      'listThings response 200 .items[].phone: added, required',
    ]);
  });

  test('an optional property made required, or a nullable one no longer nullable, is incompatible: the released api does not promise it', () => {
    expect(responseChange(thing({ phone: Type.Optional(Type.String()) }), thing({ phone: Type.String() })).incompatible).toEqual([
      'listThings response 200 .items[].phone: made required',
    ]);
    expect(responseChange(thing({ phone: Nullable(Type.String()) }), thing({ phone: Type.String() })).incompatible).toEqual([
      'listThings response 200 .items[].phone: no longer nullable',
    ]);
  });

  test('a property removed, made optional or made nullable is incompatible', () => {
    expect(responseChange(thing({ id: Type.String(), phone: Type.String() }), thing({ id: Type.String() })).incompatible).toEqual([
      'listThings response 200 .items[].phone: removed',
    ]);
    expect(responseChange(thing({ phone: Type.String() }), thing({ phone: Type.Optional(Type.String()) })).incompatible).toEqual([
      'listThings response 200 .items[].phone: made optional',
    ]);
    expect(responseChange(thing({ phone: Type.String() }), thing({ phone: Nullable(Type.String()) })).incompatible).toEqual([
      'listThings response 200 .items[].phone: made nullable',
    ]);
  });

  test('a changed type, enum or format is incompatible', () => {
    expect(responseChange(thing({ count: Type.Integer() }), thing({ count: Type.String() })).incompatible).toEqual([
      'listThings response 200 .items[].count: type "integer" → "string"',
    ]);
    expect(responseChange(thing({ state: OneOf(['open', 'done']) }), thing({ state: OneOf(['open', 'done', 'lost']) })).incompatible).toEqual([
      'listThings response 200 .items[].state: enum changed: added "lost"',
    ]);
    expect(responseChange(thing({ at: Type.String() }), thing({ at: Type.String({ format: 'date-time' }) })).incompatible).toEqual([
      'listThings response 200 .items[].at: format none → "date-time"',
    ]);
  });

  test('a nullable property keeps its nullability and its changes are found inside it', () => {
    expect(responseChange(thing({ email: Nullable(Type.String()) }), thing({ email: Nullable(Type.Integer()) })).incompatible).toEqual([
      'listThings response 200 .items[].email: type "string" → "integer"',
    ]);
    expect(responseChange(thing({ email: Nullable(Type.String()) }), thing({ email: Nullable(Type.String()) }))).toEqual(none);
  });

  test('unions are compared member by member; a member added is not understood, so incompatible', () => {
    const either = (second: TSchema) => Type.Union([Type.Object({ kind: Type.Literal('a') }), second]);
    expect(responseChange(either(Type.Object({ n: Type.Integer() })), either(Type.Object({ n: Type.Integer(), m: Type.Optional(Type.Integer()) })))).toEqual({
      compatible: ['listThings response 200 .anyOf[1].m: added, optional'],
      incompatible: [],
    });
    expect(responseChange(either(Type.String()), Type.Union([Type.Object({ kind: Type.Literal('a') }), Type.String(), Type.Integer()])).incompatible).toEqual([
      'listThings response 200: anyOf changed: 2 → 3 members',
    ]);
  });

  test('any other keyword changed is incompatible, named with its path', () => {
    expect(responseChange(thing({ code: Type.String({ pattern: '^[A-Z]{2}$' }) }), thing({ code: Type.String({ pattern: '^[A-Z]{3}$' }) })).incompatible).toEqual([
      'listThings response 200 .items[].code: pattern "^[A-Z]{2}$" → "^[A-Z]{3}$"',
    ]);
    expect(responseChange(Type.Record(Type.String(), Type.String()), Type.Record(Type.String(), Type.Integer())).incompatible).toEqual([
      'listThings response 200: patternProperties {"^(.*)$":{"type":"string"}} → {"^(.*)$":{"type":"integer"}}',
    ]);
  });
});

describe('requests: the api validates them, old remotes keep sending what they did', () => {
  const body = (fields: Record<string, TSchema>) => Type.Object(fields, { additionalProperties: false });

  test('an added optional property, or a required one made optional, is compatible', () => {
    expect(bodyChange(body({ name: Type.String() }), body({ name: Type.String(), note: Type.Optional(Type.String()) }))).toEqual({
      compatible: ['saveThing body .note: added, optional'],
      incompatible: [],
    });
    expect(bodyChange(body({ name: Type.String() }), body({ name: Type.Optional(Type.String()) }))).toEqual({
      compatible: ['saveThing body .name: made optional'],
      incompatible: [],
    });
  });

  test('an added required property is incompatible: an old remote does not send it', () => {
    expect(bodyChange(body({ name: Type.String() }), body({ name: Type.String(), note: Type.String() })).incompatible).toEqual(['saveThing body .note: added, required']);
  });

  test('a removed property is incompatible: the api would drop the value an old remote still sends', () => {
    expect(bodyChange(body({ name: Type.String(), note: Type.Optional(Type.String()) }), body({ name: Type.String() })).incompatible).toEqual([
      'saveThing body .note: removed',
    ]);
  });

  test('a changed type or enum is incompatible; accepting null too is compatible', () => {
    expect(bodyChange(body({ count: Type.Integer() }), body({ count: Type.String() })).incompatible).toEqual(['saveThing body .count: type "integer" → "string"']);
    expect(bodyChange(body({ state: OneOf(['open', 'done']) }), body({ state: OneOf(['open']) })).incompatible).toEqual([
      'saveThing body .state: enum changed: removed "done"',
    ]);
    expect(bodyChange(body({ note: Type.String() }), body({ note: Nullable(Type.String()) }))).toEqual({ compatible: ['saveThing body .note: now accepts null'], incompatible: [] });
  });

  test('a body the api no longer reads, or one it now wants from a route that had none, is incompatible', () => {
    const route = (body?: TSchema) => contract([saveThing, { ...(body ? { body } : {}), response: { 201: Type.Object({}) } }]);
    expect(split(contractChanges(route(body({ name: Type.String() })), route())).incompatible).toEqual(['saveThing body: removed (the api no longer reads it)']);
    expect(split(contractChanges(route(), route(body({ name: Type.String() })))).incompatible).toEqual(['saveThing body: added (an old remote sends none)']);
  });

  test('a query gained on a route that had none is compared as one of no properties', () => {
    const released = contract([listThings, { response: { 200: Type.String() } }]);
    const withQuery = (query: TSchema) => contract([listThings, { query, response: { 200: Type.String() } }]);
    expect(split(contractChanges(released, withQuery(Type.Object({ search: Type.Optional(Type.String()) }))))).toEqual({
      compatible: ['listThings query .search: added, optional'],
      incompatible: [],
    });
    expect(split(contractChanges(released, withQuery(Type.Object({ search: Type.String() })))).incompatible).toEqual(['listThings query .search: added, required']);
  });
});
