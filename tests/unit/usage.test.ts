import { describe, expect, it } from 'vitest';
import type { ApiClient, RequestBody } from '../../api';
import { ONLINE_REPORT_MINUTES, reportSourceUsed, startUsageReporting } from '../../ui/app/usage';
import type { Clock } from '../../ui/scene/ports';

/** Records posts; fails every call when asked to (statistics must swallow that). */
function fakeClient(fail = false): { client: ApiClient; posts: { path: string; body: RequestBody | undefined }[] } {
  const posts: { path: string; body: RequestBody | undefined }[] = [];
  const answer = <T>(): Promise<T> => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ id: 1 } as T));
  const client: ApiClient = {
    request: answer,
    get: answer,
    delete: answer,
    post: <T>(path: string, body?: RequestBody) => {
      posts.push({ path, body });
      return answer<T>();
    },
    put: answer,
    patch: answer,
    resolve: (path) => path,
  };
  return { client, posts };
}

function fakeClock(): Clock & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = next++;
      timers.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.id !== handle);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = end;
    },
    pending: () => timers.length,
  };
}

describe('usage statistics', () => {
  it('reports the visit at once and the online minutes every half hour until stopped', () => {
    const { client, posts } = fakeClient();
    const clock = fakeClock();
    const stop = startUsageReporting(client, clock);
    expect(posts).toEqual([{ path: 'admin/statistics', body: { action: 'storeUserEvent', event: 'visitDesignTool' } }]);
    clock.advance(ONLINE_REPORT_MINUTES * 60_000 - 1);
    expect(posts).toHaveLength(1);
    clock.advance(1);
    clock.advance(ONLINE_REPORT_MINUTES * 60_000);
    expect(posts.slice(1)).toEqual([
      { path: 'admin/statistics', body: { action: 'storeUserOnlineTime', mintue: 30 } },
      { path: 'admin/statistics', body: { action: 'storeUserOnlineTime', mintue: 30 } },
    ]);
    stop();
    expect(clock.pending()).toBe(0);
    clock.advance(ONLINE_REPORT_MINUTES * 60_000 * 3);
    expect(posts).toHaveLength(3);
  });

  it('a laid tile is a paving source used; failing calls are swallowed', async () => {
    const { client, posts } = fakeClient(true);
    reportSourceUsed(client, 'pavingAgent', 42);
    const stop = startUsageReporting(client, fakeClock());
    stop();
    // Nothing rejects unhandled (vitest would fail the run on an unhandled rejection).
    await new Promise((r) => setTimeout(r, 0));
    expect(posts[0]).toEqual({ path: 'admin/statistics', body: { action: 'storeSourceUsed', source_type: 'pavingAgent', source_id: 42 } });
  });
});
