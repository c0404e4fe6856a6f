import { proxy } from 'valtio';
import type { ClientRecord } from '../../../api';

// Whether the customer list (客户列表) is open, and what a pick does. Kept outside React so any
// code (the properties panel, the top bar, another dialog) can open it with one call.

export interface ClientUiState {
  open: boolean;
  /** pick mode: each client gets a 选择 button that calls this and closes the list */
  onPick: ((client: ClientRecord) => void) | null;
}

export const clientUi = proxy<ClientUiState>({ open: false, onPick: null });

/** Opens 客户列表 to manage the clients (new, edit, delete). */
export function openClientList(): void {
  clientUi.onPick = null;
  clientUi.open = true;
}

/**
 * Opens 客户列表 in pick mode: choosing a client closes the list and calls `onPick` with it (a
 * client made in the list may be chosen at once). Closing without a choice calls nothing.
 */
export function openClientPicker(onPick: (client: ClientRecord) => void): void {
  clientUi.onPick = onPick;
  clientUi.open = true;
}

export function closeClientList(): void {
  clientUi.open = false;
  clientUi.onPick = null;
}
