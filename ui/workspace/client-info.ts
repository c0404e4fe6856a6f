import type { ClientInfo, ClientInfoEntry } from '../../protocol/records';

// The client's city (the province / city picker) is kept as a custom_client_info entry keyed
// ClientArea whose Remark is the city's code: the scene file already carries such entries, so no
// record shape changes, and a code stays right when the names in the region table are updated.

export const CLIENT_AREA_KEY = 'ClientArea';

/** The client's city code, or null when none is set. */
export function clientArea(client: ClientInfo): string | null {
  const entry = client.custom_client_info?.find((e) => e.key === CLIENT_AREA_KEY);
  return entry && /^\d{6}$/.test(entry.Remark) ? entry.Remark : null;
}

/** The client's custom entries with the city set to `code` (null: removed), the others kept in order. */
export function withClientArea(client: ClientInfo, code: string | null): ClientInfoEntry[] {
  const others = (client.custom_client_info ?? []).filter((e) => e.key !== CLIENT_AREA_KEY);
  return code === null ? others : [...others, { key: CLIENT_AREA_KEY, Remark: code }];
}
