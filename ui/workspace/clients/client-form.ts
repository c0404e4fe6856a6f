import type { ClientFields, ClientProblem, ClientRecord } from '../../../protocol/clients';
import { clientProblems, normaliseClient } from '../../../protocol/clients';
export { serverClientId } from '../../../protocol/clients';
import type { ClientInfo, ClientInfoEntry } from '../../../protocol/records';
import { CLIENT_AREA_KEY, withClientArea } from '../client-info';

// The client form's pure logic: what the form edits, what it sends, which limits it breaks (the
// server's own rules, protocol/clients.ts), and how a stored client becomes the scheme's client
// in the kernel's meta record.

/** One custom row of the form; `id` keeps React's rows stable while keys are typed. */
export interface EntryRow {
  readonly id: number;
  readonly key: string;
  readonly value: string;
}

export interface ClientForm {
  readonly name: string;
  readonly phone: string;
  readonly address: string;
  readonly order_number: string;
  readonly regionCode: string | null;
  readonly entries: readonly EntryRow[];
}

let nextRowId = 1;

export function entryRow(key = '', value = ''): EntryRow {
  return { id: nextRowId++, key, value };
}

export function emptyForm(): ClientForm {
  return { name: '', phone: '', address: '', order_number: '', regionCode: null, entries: [] };
}

export function formFromClient(c: ClientRecord): ClientForm {
  return {
    name: c.name,
    phone: c.phone,
    address: c.address,
    order_number: c.order_number,
    regionCode: c.regionCode || null,
    entries: c.custom_client_info.map((e) => entryRow(e.key, e.Remark)),
  };
}

/** What the create / update call takes (trimmed, empty rows dropped). */
export function formFields(form: ClientForm): ClientFields {
  return normaliseClient({
    name: form.name,
    phone: form.phone,
    address: form.address,
    order_number: form.order_number,
    regionCode: form.regionCode ?? '',
    custom_client_info: form.entries.map((r) => ({ key: r.key, Remark: r.value })),
  });
}

/**
 * The limits the form breaks, with custom-entry indexes mapped back to the rows on screen (empty
 * rows are dropped before the check, so the n-th entry sent is not always the n-th row).
 */
export function formProblems(form: ClientForm): ShownProblem[] {
  return problemRows(form, clientProblems(formFields(form)));
}

export interface ShownProblem {
  readonly problem: ClientProblem;
  /** the custom row it is about, null for a field (or the whole list) */
  readonly rowId: number | null;
}

/** Problems (the form's own or the server's) placed on the rows they are about. */
export function problemRows(form: ClientForm, problems: readonly ClientProblem[]): ShownProblem[] {
  const kept = form.entries.filter((r) => r.key.trim() !== '' || r.value.trim() !== '');
  return problems.map((problem) => ({ problem, rowId: 'index' in problem ? (kept[problem.index]?.id ?? null) : null }));
}

/**
 * The kernel meta client for a stored client: every field replaced (one meta.update, one undo
 * step), its city as the ClientArea entry the properties panel's picker reads.
 */
export function metaClientOf(c: ClientRecord): ClientInfo {
  const entries: ClientInfoEntry[] = c.custom_client_info.filter((e) => e.key !== CLIENT_AREA_KEY).map((e) => ({ key: e.key, Remark: e.Remark }));
  const base: ClientInfo = { id: String(c.id), name: c.name, phone: c.phone, address: c.address, order_number: c.order_number, custom_client_info: entries };
  return { ...base, custom_client_info: withClientArea(base, c.regionCode || null) };
}
