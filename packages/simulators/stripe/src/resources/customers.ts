// Customers: create, retrieve, update.
import { ok, type ApiResult, type SimulatorContext } from '../context.ts';
import { invalidRequest, noSuchObject, noSuchParamObject } from '../errors.ts';
import { expandObject } from '../expansion.ts';
import type { ParamHash } from '../form.ts';
import { customerObject, newId, type CustomerObject, type PaymentMethodObject } from '../model.ts';
import { newMetadata, ParamReader, updatedMetadata } from '../params.ts';
import { getObject, insertObject, updateObject } from '../store.ts';

/** The fields a customer is created or updated with, as Stripe limits them. */
function customerFields(r: ParamReader) {
  return {
    email: r.string('email', { max: 512 }),
    name: r.string('name', { max: 256 }),
    phone: r.string('phone', { max: 20 }),
    description: r.string('description', { max: 350 }),
    metadata: r.metadata(),
  };
}

export async function createCustomer(ctx: SimulatorContext, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const { email, name, phone, description, metadata } = customerFields(r);
  const expand = r.stringArray('expand') ?? [];
  r.ignore('preferred_locales', 'address', 'shipping', 'tax_exempt');
  r.done();
  const customer = customerObject({
    id: newId.customer(),
    created: ctx.now,
    email: email ?? null,
    name: name ?? null,
    phone: phone ?? null,
    description: description ?? null,
    metadata: newMetadata(metadata),
    invoicePrefix: newId.invoicePrefix(),
    defaultPaymentMethod: null,
  });
  await insertObject(ctx.sql, { id: customer.id, type: 'customer', data: customer });
  return ok(await expandObject(ctx, customer, expand));
}

export async function loadCustomer(ctx: SimulatorContext, id: string, param?: string) {
  const stored = await getObject<CustomerObject>(ctx.sql, 'customer', id);
  if (!stored) throw param ? noSuchParamObject('customer', id, param) : noSuchObject('customer', id);
  return stored.data;
}

export async function retrieveCustomer(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const expand = r.stringArray('expand') ?? [];
  r.done();
  return ok(await expandObject(ctx, await loadCustomer(ctx, id), expand));
}

export async function updateCustomer(ctx: SimulatorContext, id: string, params: ParamHash): Promise<ApiResult> {
  const customer = await loadCustomer(ctx, id);
  const r = new ParamReader(params);
  const { email, name, phone, description, metadata } = customerFields(r);
  const invoiceSettings = r.hash('invoice_settings');
  const defaultPaymentMethod = invoiceSettings?.string('default_payment_method');
  invoiceSettings?.done();
  const expand = r.stringArray('expand') ?? [];
  r.ignore('preferred_locales', 'address', 'shipping', 'tax_exempt');
  r.done();
  if (defaultPaymentMethod !== undefined) {
    const pm = await getObject<PaymentMethodObject>(ctx.sql, 'payment_method', defaultPaymentMethod);
    if (!pm || pm.data.customer !== id) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${defaultPaymentMethod}. The payment method must be attached to the customer.`,
        { param: 'invoice_settings[default_payment_method]' },
      );
    }
  }
  const updated: CustomerObject = {
    ...customer,
    email: email ?? customer.email,
    name: name ?? customer.name,
    phone: phone ?? customer.phone,
    description: description ?? customer.description,
    metadata: updatedMetadata(customer.metadata, metadata),
    invoice_settings: { ...customer.invoice_settings, default_payment_method: defaultPaymentMethod ?? customer.invoice_settings.default_payment_method },
  };
  await updateObject(ctx.sql, id, { data: updated });
  return ok(await expandObject(ctx, updated, expand));
}
