// Billing portal sessions: create; the portal page itself is a hosted page (page-actions.ts).
import { ok, pagesPath, unsupported, type ApiResult, type SimulatorContext } from '../context.ts';
import { expandObject } from '../expansion.ts';
import type { ParamHash } from '../form.ts';
import { newId, portalSessionObject } from '../model.ts';
import { ParamReader, readUrl } from '../params.ts';
import { insertObject } from '../store.ts';
import { loadCustomer } from './customers.ts';

export async function createPortalSession(ctx: SimulatorContext, params: ParamHash): Promise<ApiResult> {
  const r = new ParamReader(params);
  const customer = r.string('customer', { required: true }) as string;
  const returnUrl = readUrl(r, 'return_url') ?? null;
  if (r.has('flow_data')) throw unsupported('flow_data');
  if (r.has('configuration')) throw unsupported('configuration', 'portal configurations');
  const expand = r.stringArray('expand') ?? [];
  r.ignore('locale');
  r.done();
  await loadCustomer(ctx, customer, 'customer');
  const id = newId.portalSession();
  const session = portalSessionObject({
    id,
    created: ctx.now,
    customer,
    returnUrl,
    configuration: 'bpc_simulator',
    url: `${ctx.publicUrl}${pagesPath}/portal/${id}`,
  });
  await insertObject(ctx.sql, { id, type: 'billing_portal.session', customer, data: session });
  return ok(await expandObject(ctx, session, expand));
}
