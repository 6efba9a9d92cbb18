// PaymentMethods: cards only, saved to a customer by a Checkout payment; list, retrieve, detach.
import type { ApiResult, SimulatorContext } from '../context.ts';
import { ok } from '../context.ts';
import { invalidRequest, noSuchObject, noSuchParamObject } from '../errors.ts';
import { expandObject } from '../expansion.ts';
import type { ParamHash } from '../form.ts';
import { listObject, newId, paymentMethodObject, type CardBehaviour, type CardInput, type CustomerObject, type PaymentMethodObject } from '../model.ts';
import { ParamReader, readListParams } from '../params.ts';
import { getObject, insertObject, listObjects, updateObject } from '../store.ts';
import { loadCustomer } from './customers.ts';

export interface PaymentMethodInternal {
  behaviour: CardBehaviour;
}

async function listPaymentMethodsOf(ctx: SimulatorContext, customer: string, r: ParamReader, url: string): Promise<ApiResult> {
  const type = r.string('type');
  const page = readListParams(r);
  const expand = r.stringArray('expand') ?? [];
  r.ignore('allow_redisplay');
  r.done();
  // only cards exist here; any other type is an empty list
  const result =
    type === undefined || type === 'card'
      ? await listObjects<PaymentMethodObject>(ctx.sql, { type: 'payment_method', customer, ...page })
      : { data: [], hasMore: false };
  if ('missingCursor' in result) {
    throw invalidRequest(`No such payment_method: '${result.missingCursor}'`, { code: 'resource_missing', param: page.startingAfter ? 'starting_after' : 'ending_before' });
  }
  return ok(await expandObject(ctx, listObject(url, result.data, result.hasMore), expand));
}

export async function listCustomerPaymentMethods(ctx: SimulatorContext, customer: string, params: ParamHash): Promise<ApiResult> {
  await loadCustomer(ctx, customer);
  return listPaymentMethodsOf(ctx, customer, new ParamReader(params), `/v1/customers/${customer}/payment_methods`);
}

export async function listPaymentMethods(ctx: SimulatorContext, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const customer = r.string('customer');
  if (customer === undefined) {
    // Stripe would list the account's unattached payment methods; the simulator keeps cards only for customers
    readListParams(r);
    r.stringArray('expand');
    r.ignore('type', 'allow_redisplay');
    r.done();
    return ok(listObject('/v1/payment_methods', [], false));
  }
  await loadCustomer(ctx, customer, 'customer');
  return listPaymentMethodsOf(ctx, customer, r, '/v1/payment_methods');
}

export async function loadPaymentMethod(ctx: SimulatorContext, id: string, param?: string) {
  const stored = await getObject<PaymentMethodObject, PaymentMethodInternal>(ctx.sql, 'payment_method', id);
  if (!stored) {
    const error = param ? noSuchParamObject('PaymentMethod', id, param) : noSuchObject('PaymentMethod', id, 'payment_method');
    throw error;
  }
  return stored;
}

export async function retrievePaymentMethod(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const expand = r.stringArray('expand') ?? [];
  r.done();
  return ok(await expandObject(ctx, (await loadPaymentMethod(ctx, id)).data, expand));
}

export async function detachPaymentMethod(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const expand = r.stringArray('expand') ?? [];
  r.done();
  const { data } = await loadPaymentMethod(ctx, id);
  if (data.customer === null) {
    throw invalidRequest(`The payment method you provided is not attached to a customer so detachment is impossible.`, { param: 'payment_method' });
  }
  const detached = await detach(ctx, data);
  return ok(await expandObject(ctx, detached, expand));
}

export async function detach(ctx: SimulatorContext, pm: PaymentMethodObject): Promise<PaymentMethodObject> {
  const customerId = pm.customer;
  const detached: PaymentMethodObject = { ...pm, customer: null };
  await updateObject(ctx.sql, pm.id, { data: detached, customer: null });
  if (customerId) {
    const customer = await getObject<CustomerObject>(ctx.sql, 'customer', customerId);
    if (customer && customer.data.invoice_settings.default_payment_method === pm.id) {
      const data = { ...customer.data, invoice_settings: { ...customer.data.invoice_settings, default_payment_method: null } };
      await updateObject(ctx.sql, customerId, { data });
    }
  }
  return detached;
}

export async function createPaymentMethod(ctx: SimulatorContext, card: CardInput, behaviour: CardBehaviour, customer: string | null) {
  const pm = paymentMethodObject({ id: newId.paymentMethod(), created: ctx.now, card, customer });
  const internal: PaymentMethodInternal = { behaviour };
  await insertObject(ctx.sql, { id: pm.id, type: 'payment_method', customer, data: pm, internal });
  return { data: pm, internal };
}
