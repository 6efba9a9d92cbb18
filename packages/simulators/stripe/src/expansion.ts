// `expand[]`: ids in an answer replaced by their objects, where Stripe allows it.
import { invalidRequest } from './errors.ts';
import type { SimulatorContext } from './context.ts';
import { lineItemList, type SessionObject } from './model.ts';
import type { SessionInternal } from './resources/checkout-sessions.ts';
import { getAnyObject, type ObjectType } from './store.ts';

/** Fields whose id can be replaced by the object (`expand[0]=payment_intent`), per object type. */
const expandable: Partial<Record<ObjectType | 'list' | 'invoice_settings', readonly string[]>> = {
  'checkout.session': ['customer', 'payment_intent', 'line_items'],
  payment_intent: ['customer', 'payment_method', 'latest_charge'],
  charge: ['customer', 'payment_intent'],
  payment_method: ['customer'],
  customer: ['invoice_settings.default_payment_method'],
  'billing_portal.session': [],
};

const maxExpansionDepth = 4;

/**
 * Applies `expand[]` paths to an answer: `payment_intent`, `payment_intent.payment_method`, `data.customer` on
 * lists. A path that names something not expandable is Stripe's 400 "This property cannot be expanded (x)."
 */
export async function expandObject<T extends object>(ctx: SimulatorContext, object: T, paths: readonly string[], internal?: SessionInternal): Promise<T> {
  let result: Record<string, unknown> = object as Record<string, unknown>;
  for (const [index, path] of paths.entries()) {
    const segments = path.split('.');
    if (segments.length > maxExpansionDepth) {
      throw invalidRequest(`You cannot expand more than ${maxExpansionDepth} levels of a property. Property: ${path}`, { param: `expand[${index}]` });
    }
    result = await expandPath(ctx, result, segments, path, `expand[${index}]`, internal);
  }
  return result as T;
}

async function expandPath(
  ctx: SimulatorContext,
  object: Record<string, unknown>,
  segments: string[],
  path: string,
  param: string,
  internal: SessionInternal | undefined,
): Promise<Record<string, unknown>> {
  const [head, ...rest] = segments as [string, ...string[]];
  const cannot = () => invalidRequest(`This property cannot be expanded (${path}).`, { param });
  if (object.object === 'list') {
    if (head !== 'data' || rest.length === 0) throw cannot();
    const data = object.data as Record<string, unknown>[];
    return { ...object, data: await Promise.all(data.map((item) => expandPath(ctx, item, rest, path, param, internal))) };
  }
  // customer.invoice_settings.default_payment_method: a nested hash, then the id in it
  if (object.object === 'customer' && head === 'invoice_settings' && rest[0] === 'default_payment_method') {
    const settings = object.invoice_settings as Record<string, unknown>;
    return { ...object, invoice_settings: await expandPath(ctx, { ...settings, object: 'invoice_settings' }, rest, path, param, internal).then(stripObjectKey) };
  }
  const type = object.object as ObjectType | 'invoice_settings';
  const allowed = type === 'invoice_settings' ? ['default_payment_method'] : (expandable[type] ?? []);
  if (!allowed.includes(head)) throw cannot();
  if (head === 'line_items' && type === 'checkout.session') {
    if (!internal) throw cannot();
    const list = lineItemList(object as unknown as SessionObject, internal.lineItems, 100);
    const expanded = rest.length > 0 ? await expandPath(ctx, list, rest, path, param, internal) : list;
    return { ...object, line_items: expanded };
  }
  const value = object[head];
  if (value === null || value === undefined) return object;
  let child: Record<string, unknown>;
  if (typeof value === 'string') {
    const stored = await getAnyObject(ctx.sql, value);
    if (!stored) return object;
    child = stored.data;
  } else {
    child = value as Record<string, unknown>;
  }
  if (rest.length > 0) child = await expandPath(ctx, child, rest, path, param, undefined);
  return { ...object, [head]: child };
}

function stripObjectKey(value: Record<string, unknown>): Record<string, unknown> {
  const { object: _ignored, ...rest } = value;
  return rest;
}
