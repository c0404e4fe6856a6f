import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type SessionExpiredEvent } from '../../api';
import { isLoggedInElsewhere } from '../../ui/auth/session-rules';
import { autoSaveOnForcedLogout, once } from '../../ui/scene/forced-logout';
import { currentSceneOf } from '../../ui/scene/state';
import { makeDeps, networkError } from './scene-fakes';

describe('forced logout elsewhere', () => {
  it("recognises the server's logged-in-elsewhere 401 in both languages, and only that", () => {
    expect(isLoggedInElsewhere({ code: 401, reason: 'logged_in_elsewhere' })).toBe(true);
    expect(isLoggedInElsewhere({ code: '401', reason: 'logged_in_elsewhere' })).toBe(true);
    expect(isLoggedInElsewhere({ code: 401, reason: 'expired' })).toBe(false);
    expect(isLoggedInElsewhere({ code: 401 })).toBe(false);
    expect(isLoggedInElsewhere({ code: 500, reason: 'logged_in_elsewhere' })).toBe(false);
  });

  it("the API client's session-expired event carries the server's reason, so the UI can tell", async () => {
    const events: SessionExpiredEvent[] = [];
    const answer = (msg: string, retdata: unknown) =>
      new Response(JSON.stringify({ retcode: 401, retmsg: msg, retdata }), { status: 401, headers: { 'content-type': 'application/json' } });
    let reply = answer('您的账号正在其他设备或不同浏览器登录访问', { reason: 'logged_in_elsewhere' });
    const client = createApiClient({ baseURL: 'http://app.test/api', fetch: async () => reply, onSessionExpired: (e) => events.push(e) });
    await expect(client.get('session/me')).rejects.toThrow();
    // The same words without the reason (an expired session, or a proxy's page) are no login elsewhere.
    reply = answer('您的账号正在其他设备或不同浏览器登录访问', null);
    await expect(client.get('session/me')).rejects.toThrow();
    expect(events.map((e) => [e.reason, isLoggedInElsewhere(e)])).toEqual([
      ['logged_in_elsewhere', true],
      [undefined, false],
    ]);
  });

  it('auto saves the open scene with the revoked token, without touching the kernel saved flag', async () => {
    const deps = makeDeps();
    const scene = deps.server.seed('方案', 2);
    deps.state.scene = currentSceneOf(scene);
    const outcome = await autoSaveOnForcedLogout(deps, 'tok-old');
    expect(outcome.kind).toBe('saved');
    const [call] = deps.server.called('autoSave');
    expect(call!.args[0]).toEqual({
      fromSceneId: scene.id,
      token: 'tok-old',
      uuid: scene.uuid,
      filecontnt: deps.kernel.file.json,
      isUseStackWall: 0,
      previewcontent: '',
    });
    expect(deps.kernel.called('save')).toHaveLength(0);
    expect(deps.kernel.dirty()).toBe(true);
    expect(deps.state.busy).toBeNull();
  });

  it("a scene never saved goes up without a scene id (the server makes a new scene)", async () => {
    const deps = makeDeps();
    const outcome = await autoSaveOnForcedLogout(deps, 'tok');
    expect(outcome).toMatchObject({ kind: 'saved', result: { created: true } });
    expect(deps.server.called('autoSave')[0]!.args[0]).toMatchObject({ fromSceneId: '' });
  });

  it('an untouched starting room is not filed as a new scene; an unchanged stored scene is not sent again', async () => {
    const untouched = makeDeps();
    // the kernel's starting room: content, but marked saved (startScene)
    untouched.kernel.isDirty = false;
    expect(await autoSaveOnForcedLogout(untouched, 'tok')).toEqual({ kind: 'empty' });
    expect(untouched.server.calls).toHaveLength(0);

    const stored = makeDeps();
    stored.state.scene = currentSceneOf(stored.server.seed('方案', 2));
    stored.kernel.isDirty = false;
    expect(await autoSaveOnForcedLogout(stored, 'tok')).toEqual({ kind: 'empty' });
    // ... unless its last save never reached the server
    stored.state.unconfirmedSave = true;
    expect((await autoSaveOnForcedLogout(stored, 'tok')).kind).toBe('saved');
  });

  it('an empty scene is not sent; a failure is reported, not thrown', async () => {
    const empty = makeDeps();
    empty.kernel.content = 0;
    expect(await autoSaveOnForcedLogout(empty, 'tok')).toEqual({ kind: 'empty' });
    expect(empty.server.calls).toHaveLength(0);

    const failing = makeDeps();
    failing.server.failNext.set('autoSave', { error: networkError(), times: 2 });
    expect((await autoSaveOnForcedLogout(failing, 'tok')).kind).toBe('failed');
    expect(failing.server.called('autoSave').map((c) => c.args[1])).toEqual(['key-1', 'key-1']);
    expect(failing.state.busy).toBeNull();
  });

  it('runs the save once for a burst of 401s', async () => {
    const fn = vi.fn(async () => 'done');
    const guard = once(fn);
    expect(guard.started).toBe(false);
    const results = await Promise.all([guard.run(), guard.run(), guard.run()]);
    expect(results).toEqual(['done', 'done', 'done']);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(guard.started).toBe(true);
  });
});
