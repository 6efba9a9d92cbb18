// AvailablePhoneNumbers: a search of the stock (inventory.ts) of one kind of number in a country.
import type { ApiResult, ServiceContext } from '../context.ts';
import { invalidParameter, notFound, TwilioApiError } from '../errors.ts';
import { onSale } from '../catalogue.ts';
import { capabilitiesOf, friendlyNameOf, localityOf, parseContains, PatternError, searchInventory, searchTypes, type SearchType } from '../inventory.ts';
import { readPage } from '../params.ts';

export function searchAvailable(ctx: ServiceContext, bought: ReadonlySet<string>, country: string, resource: SearchType, params: URLSearchParams, path: string): ApiResult {
  const type = searchTypes[resource];
  if (!onSale(country, type)) throw notFound(path);
  const pageSize = readPage(params).pageSize;
  const areaCode = params.get('AreaCode') ?? undefined;
  if (areaCode !== undefined && !/^\d{1,5}$/.test(areaCode)) throw new TwilioApiError(400, 21451, `Invalid area code: ${areaCode}`);
  const containsText = params.get('Contains') ?? undefined;
  let contains;
  try {
    contains = containsText === undefined || containsText === '' ? undefined : parseContains(containsText);
  } catch (error) {
    if (error instanceof PatternError) throw invalidParameter(error.message);
    throw error;
  }
  const numbers = searchInventory(country, type, { ...(areaCode ? { areaCode } : {}), ...(contains ? { contains, containsText } : {}) }, pageSize, bought);
  const capabilities = capabilitiesOf(country, type);
  const available = numbers.map((phoneNumber) => {
    const where = localityOf(phoneNumber);
    return {
      friendly_name: friendlyNameOf(phoneNumber),
      phone_number: phoneNumber,
      lata: where?.lata ?? null,
      locality: where?.locality ?? null,
      rate_center: where?.rateCenter ?? null,
      latitude: where?.latitude ?? null,
      longitude: where?.longitude ?? null,
      region: where?.region ?? null,
      postal_code: where?.postalCode ?? null,
      iso_country: country,
      address_requirements: 'none',
      beta: false,
      capabilities,
    };
  });
  const query = new URLSearchParams(params);
  query.set('PageSize', String(pageSize));
  const uri = `${path}?${query.toString()}`;
  return {
    status: 200,
    body: {
      available_phone_numbers: available,
      end: Math.max(0, available.length - 1),
      first_page_uri: uri,
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri,
    },
  };
}
