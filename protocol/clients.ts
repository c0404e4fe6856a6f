import type { ClientInfoEntry } from './records';

// A stored client (customer, core.md §3) and the limits a client must keep, shared by the server
// (which refuses what breaks them) and the UI form (which says so before anything is sent). The
// spec gives no limits ("Stored client data limits: not shown"); these are generous soft limits
// that keep one client a small row.

export const CLIENT_LIMITS = {
  name: 50,
  phone: 20,
  address: 200,
  orderNumber: 64,
  entries: 100,
  entryKey: 40,
  entryValue: 500,
} as const;

/** The custom_client_info keys the spec names (catalogues.md §3), offered by name in the form. */
export const KNOWN_CLIENT_KEYS = ['ClientName', 'ClientTel', 'OrderNo', 'ClientAddress', 'Remark'] as const;

/** What a client is made of, as the create and update calls take it. */
export interface ClientFields {
  readonly name: string;
  readonly phone: string;
  readonly address: string;
  readonly order_number: string;
  /** a city code (GB/T 2260, six digits) or '' for none */
  readonly regionCode: string;
  readonly custom_client_info: readonly ClientInfoEntry[];
}

export type ClientField = 'name' | 'phone' | 'address' | 'order_number' | 'regionCode' | 'custom_client_info';

export type ClientProblem =
  | { readonly field: 'name'; readonly code: 'required' }
  | { readonly field: 'name' | 'address' | 'order_number'; readonly code: 'tooLong'; readonly max: number }
  | { readonly field: 'phone'; readonly code: 'phone' }
  | { readonly field: 'regionCode'; readonly code: 'region'; readonly value: string }
  | { readonly field: 'custom_client_info'; readonly code: 'tooManyEntries'; readonly max: number }
  | { readonly field: 'custom_client_info'; readonly code: 'entryKeyRequired'; readonly index: number }
  | { readonly field: 'custom_client_info'; readonly code: 'entryKeyTooLong'; readonly index: number; readonly max: number }
  | { readonly field: 'custom_client_info'; readonly code: 'entryValueTooLong'; readonly index: number; readonly max: number }
  | { readonly field: 'custom_client_info'; readonly code: 'entryKeyRepeated'; readonly index: number; readonly key: string };

const chars = (s: string): number => [...s].length;

/**
 * The phone as people write it, tolerant of a +86 / 0086 prefix, spaces, dashes, dots and
 * brackets: what is left must be 5 to 15 digits (a mobile, a landline with its area code, an
 * extension). '' is allowed (a client may have no phone yet).
 */
export function isPlausiblePhone(phone: string): boolean {
  const trimmed = phone.trim();
  if (trimmed === '') return true;
  if (!/^[+0-9 ()\-.]+$/.test(trimmed) || trimmed.lastIndexOf('+') > 0) return false;
  const digits = trimmed.replace(/^(\+|00)86/, '').replace(/\D/g, '');
  return digits.length >= 5 && digits.length <= 15;
}

export const REGION_CODE = /^(\d{6})?$/;

/** Trims every text and drops custom entries with neither key nor value (empty form rows). */
export function normaliseClient(fields: ClientFields): ClientFields {
  return {
    name: fields.name.trim(),
    phone: fields.phone.trim(),
    address: fields.address.trim(),
    order_number: fields.order_number.trim(),
    regionCode: fields.regionCode.trim(),
    custom_client_info: fields.custom_client_info
      .map((e) => ({ key: e.key.trim(), Remark: e.Remark.trim() }))
      .filter((e) => e.key !== '' || e.Remark !== ''),
  };
}

/** Every limit a (normalised) client breaks, in form order; [] when it may be stored. */
export function clientProblems(c: ClientFields): ClientProblem[] {
  const out: ClientProblem[] = [];
  if (c.name === '') out.push({ field: 'name', code: 'required' });
  else if (chars(c.name) > CLIENT_LIMITS.name) out.push({ field: 'name', code: 'tooLong', max: CLIENT_LIMITS.name });
  if (chars(c.phone) > CLIENT_LIMITS.phone || !isPlausiblePhone(c.phone)) out.push({ field: 'phone', code: 'phone' });
  if (chars(c.address) > CLIENT_LIMITS.address) out.push({ field: 'address', code: 'tooLong', max: CLIENT_LIMITS.address });
  if (chars(c.order_number) > CLIENT_LIMITS.orderNumber) out.push({ field: 'order_number', code: 'tooLong', max: CLIENT_LIMITS.orderNumber });
  if (!REGION_CODE.test(c.regionCode)) out.push({ field: 'regionCode', code: 'region', value: c.regionCode });
  if (c.custom_client_info.length > CLIENT_LIMITS.entries) {
    out.push({ field: 'custom_client_info', code: 'tooManyEntries', max: CLIENT_LIMITS.entries });
    return out;
  }
  const seen = new Set<string>();
  c.custom_client_info.forEach((e, index) => {
    if (e.key === '') out.push({ field: 'custom_client_info', code: 'entryKeyRequired', index });
    else if (chars(e.key) > CLIENT_LIMITS.entryKey) out.push({ field: 'custom_client_info', code: 'entryKeyTooLong', index, max: CLIENT_LIMITS.entryKey });
    else if (seen.has(e.key)) out.push({ field: 'custom_client_info', code: 'entryKeyRepeated', index, key: e.key });
    seen.add(e.key);
    if (chars(e.Remark) > CLIENT_LIMITS.entryValue) out.push({ field: 'custom_client_info', code: 'entryValueTooLong', index, max: CLIENT_LIMITS.entryValue });
  });
  return out;
}

/** A client as the server answers it. */
export interface ClientRecord extends ClientFields {
  readonly id: number;
  readonly ownerId: number;
  /** live (not deleted) schemes of the project linked to this client */
  readonly sceneCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * The server id of the client a scene file's meta record names (ClientInfo.id holds it as text),
 * or null for none or an id that is not a stored client's (an older file's free-form id).
 */
export function serverClientId(metaClientId: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(metaClientId) ? Number(metaClientId) : null;
}
