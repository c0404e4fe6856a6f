import type { ClientRecord } from '../../../api';
import { kernelState } from '../../kernel';
import { send } from '../panel-commands';
import { metaClientOf, serverClientId } from './client-form';
import { openClientPicker } from './state';
import type { PickedClient } from '../new-scheme';

// The open scheme's client: choosing a stored client writes all of it (id included) into the
// kernel's meta record in one meta.update, so it is one undo step and travels in the scene file;
// a save then sends that id as the scene's clientId (ui/scene/save.ts).

/** Makes `client` the open scheme's client (one undo step). */
export function linkClient(client: ClientRecord): Promise<unknown> {
  return send('meta.update', { client: metaClientOf(client) });
}

/** Opens 客户列表 in pick mode; the client chosen becomes the open scheme's. */
export function chooseSceneClient(): void {
  openClientPicker((client) => void linkClient(client));
}

/**
 * 新建方案's 选择客户: the customer list in pick mode, answering what the house-type dialog takes
 * from a client (registered with registerClientPicker where the workspace mounts its dialogs).
 */
export function pickClientForNewScheme(onPick: (client: PickedClient) => void): void {
  openClientPicker((c) => onPick({ id: String(c.id), name: c.name, phone: c.phone, address: c.address, city: c.regionCode || null }));
}

/** Keeps the scheme's client details but no longer as a stored client's (one undo step). */
export function unlinkClient(): Promise<unknown> {
  return send('meta.update', { client: { id: '' } });
}

/** An edited client that is the open scheme's: its new details go into the scheme too. */
export function linkedClientChanged(client: ClientRecord): void {
  if (serverClientId(kernelState.meta.client.id) === client.id) void linkClient(client);
}

/** A deleted client that was the open scheme's: the scheme keeps the details, without the link. */
export function linkedClientDeleted(id: number): void {
  if (serverClientId(kernelState.meta.client.id) === id) void unlinkClient();
}
