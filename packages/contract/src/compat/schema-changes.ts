// How one JSON Schema of the contract changed since the released one, and whether a remote built against the
// released one still works with the api serving the new one. Request schemas may widen (an old remote still
// sends what it did); a response may only gain optional properties: an old remote ignores them, and a new
// remote reading one must already cope with an api that does not send it. Every other change, and any
// keyword this module does not know, is incompatible.
import type { JsonSchema } from './contract-snapshot.ts';

/** Who reads the schema: the api validates requests; remotes read responses (and never validate them). */
export type Side = 'request' | 'response';

export interface SchemaChange {
  /** `.contacts[].email`; '' for the schema itself. */
  path: string;
  compatible: boolean;
  what: string;
}

// words for people (and the validation messages the api shows): no value is accepted or produced differently
const annotations = new Set(['description', 'examples', 'error', 'title', '$comment']);
const unions = ['anyOf', 'oneOf'] as const;

const compatible = (path: string, what: string): SchemaChange => ({ path, compatible: true, what });
const incompatible = (path: string, what: string): SchemaChange => ({ path, compatible: false, what });

const asSchema = (value: unknown): JsonSchema => (value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : {});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function shown(value: unknown): string {
  if (value === undefined) return 'none';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const isNullSchema = (schema: unknown) => asSchema(schema).type === 'null' && Object.keys(asSchema(schema)).every((key) => key === 'type' || annotations.has(key));

/** `Nullable(X)` is `anyOf: [X, {type: 'null'}]`: its nullability, and X. */
function withoutNull(schema: JsonSchema): { nullable: boolean; core: JsonSchema } {
  for (const union of unions) {
    const members = schema[union];
    if (!Array.isArray(members) || !members.some(isNullSchema)) continue;
    const rest = members.filter((member) => !isNullSchema(member));
    const { [union]: _members, ...outer } = schema;
    return { nullable: true, core: rest.length === 1 ? { ...outer, ...asSchema(rest[0]) } : { ...outer, [union]: rest } };
  }
  return { nullable: false, core: schema };
}

/** The values of `enum`, of a union of `const`s (TypeBox's union of literals), or the one of a `const`. */
function enumValues(schema: JsonSchema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  for (const union of unions) {
    const members = schema[union];
    if (Array.isArray(members) && members.length > 0 && members.every((member) => 'const' in asSchema(member))) {
      return members.map((member) => asSchema(member).const);
    }
  }
  return undefined;
}

function nullabilityChange(path: string, side: Side, nowNullable: boolean): SchemaChange {
  if (side === 'request') return nowNullable ? compatible(path, 'now accepts null') : incompatible(path, 'no longer accepts null');
  return incompatible(path, nowNullable ? 'made nullable' : 'no longer nullable');
}

function enumChanges(path: string, released: unknown[] | undefined, current: unknown[] | undefined): SchemaChange[] {
  if (!released || !current) return [incompatible(path, `enum ${shown(released)} → ${shown(current)}`)];
  const added = current.filter((value) => !released.some((was) => same(was, value)));
  const removed = released.filter((value) => !current.some((now) => same(now, value)));
  if (added.length === 0 && removed.length === 0) return [];
  const parts = [added.length > 0 ? `added ${added.map(shown).join(', ')}` : '', removed.length > 0 ? `removed ${removed.map(shown).join(', ')}` : ''];
  return [incompatible(path, `enum changed: ${parts.filter(Boolean).join('; ')}`)];
}

function unionChanges(path: string, side: Side, released: JsonSchema, current: JsonSchema): SchemaChange[] {
  return unions.flatMap((union) => {
    const was = released[union];
    const now = current[union];
    if (was === undefined && now === undefined) return [];
    if (!Array.isArray(was) || !Array.isArray(now) || was.length !== now.length) {
      return [incompatible(path, `${union} changed: ${Array.isArray(was) ? was.length : 'no'} → ${Array.isArray(now) ? now.length : 'no'} members`)];
    }
    return was.flatMap((member, index) => schemaChanges(asSchema(member), asSchema(now[index]), side, `${path}.${union}[${index}]`));
  });
}

function requirednessChange(path: string, side: Side, wasRequired: boolean, nowRequired: boolean): SchemaChange[] {
  if (wasRequired === nowRequired) return [];
  if (nowRequired) return [incompatible(path, 'made required')];
  return [side === 'request' ? compatible(path, 'made optional') : incompatible(path, 'made optional')];
}

function propertyChanges(path: string, side: Side, released: JsonSchema, current: JsonSchema): SchemaChange[] {
  const was = asSchema(released.properties);
  const now = asSchema(current.properties);
  const wasRequired = new Set(Array.isArray(released.required) ? released.required : []);
  const nowRequired = new Set(Array.isArray(current.required) ? current.required : []);
  const changes: SchemaChange[] = [];
  for (const key of Object.keys(was)) {
    const at = `${path}.${key}`;
    // Removing a request property is not widening: the api does not reject a key its schema lacks. Elysia's
    // normalize (on by default) strips unknown keys from a body whose schema has additionalProperties: false
    // (every request body of the contract), and the handlers read only the query keys they know. An old remote
    // still sending the property gets a 2xx while its value is silently dropped.
    if (!(key in now)) changes.push(incompatible(at, 'removed'));
    else changes.push(...requirednessChange(at, side, wasRequired.has(key), nowRequired.has(key)), ...schemaChanges(asSchema(was[key]), asSchema(now[key]), side, at));
  }
  for (const key of Object.keys(now)) {
    if (key in was) continue;
    const at = `${path}.${key}`;
    changes.push(nowRequired.has(key) ? incompatible(at, 'added, required') : compatible(at, 'added, optional'));
  }
  return changes;
}

function itemChanges(path: string, side: Side, released: JsonSchema, current: JsonSchema): SchemaChange[] {
  if (released.items === undefined && current.items === undefined) return [];
  if (released.items === undefined || current.items === undefined) return [incompatible(`${path}[]`, `items ${shown(released.items)} → ${shown(current.items)}`)];
  return schemaChanges(asSchema(released.items), asSchema(current.items), side, `${path}[]`);
}

const understood = new Set(['type', 'properties', 'required', 'items', 'enum', 'const', ...unions]);

/** Every other keyword (pattern, format, minLength, additionalProperties, …): any change is incompatible. */
function keywordChanges(path: string, released: JsonSchema, current: JsonSchema, skip: ReadonlySet<string>): SchemaChange[] {
  const keywords = new Set([...Object.keys(released), ...Object.keys(current)]);
  return [...keywords]
    .filter((keyword) => !annotations.has(keyword) && !skip.has(keyword) && !same(released[keyword], current[keyword]))
    .map((keyword) => incompatible(path, `${keyword} ${shown(released[keyword])} → ${shown(current[keyword])}`));
}

function coreChanges(released: JsonSchema, current: JsonSchema, side: Side, path: string): SchemaChange[] {
  const wasEnum = enumValues(released);
  const nowEnum = enumValues(current);
  if (wasEnum || nowEnum) return [...enumChanges(path, wasEnum, nowEnum), ...keywordChanges(path, released, current, understood)];
  if (!same(released.type, current.type)) return [incompatible(path, `type ${shown(released.type)} → ${shown(current.type)}`)];
  const changes = [...unionChanges(path, side, released, current), ...keywordChanges(path, released, current, understood)];
  if (released.properties !== undefined || current.properties !== undefined || released.required !== undefined || current.required !== undefined) {
    changes.push(...propertyChanges(path, side, released, current));
  }
  return [...changes, ...itemChanges(path, side, released, current)];
}

/** Every difference between the released schema and the current one, each classified. */
export function schemaChanges(released: JsonSchema, current: JsonSchema, side: Side, path = ''): SchemaChange[] {
  const was = withoutNull(released);
  const now = withoutNull(current);
  const nullability = was.nullable === now.nullable ? [] : [nullabilityChange(path, side, now.nullable)];
  return [...nullability, ...coreChanges(was.core, now.core, side, path)];
}
