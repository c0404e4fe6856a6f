import { storeSourceUsed, storeUserEvent, storeUserOnlineTime, type ApiClient, type SourceUsedType } from '../../api';
import type { Clock } from '../scene/ports';

// Usage statistics (core.md §7 /api/admin/statistics): a visit to the design tool when the
// workspace opens, online minutes every half hour while it stays open (the product's interval),
// and each catalogue source used in a design. Statistics never disturb the designer: the calls
// are silent and their failures dropped.

/** The product reports online time every 30 minutes. */
export const ONLINE_REPORT_MINUTES = 30;

const quietly = (call: Promise<unknown>): void => void call.catch(() => undefined);

/** Starts reporting for one workspace visit; returns the function that stops it. */
export function startUsageReporting(client: ApiClient, clock: Clock): () => void {
  quietly(storeUserEvent(client, 'visitDesignTool', { silent: true }));
  let handle: unknown = null;
  const schedule = () => {
    handle = clock.setTimeout(() => {
      quietly(storeUserOnlineTime(client, ONLINE_REPORT_MINUTES, { silent: true }));
      schedule();
    }, ONLINE_REPORT_MINUTES * 60_000);
  };
  schedule();
  return () => {
    if (handle !== null) clock.clearTimeout(handle);
    handle = null;
  };
}

/** A catalogue item went into the design (a tile laid: pavingAgent; a model placed: modelAgent). */
export function reportSourceUsed(client: ApiClient, type: SourceUsedType, id: string | number): void {
  quietly(storeSourceUsed(client, type, id, { silent: true }));
}
