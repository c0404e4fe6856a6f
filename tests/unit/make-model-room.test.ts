import { describe, expect, it } from 'vitest';
import { ApiError, type ModelRoom, type SchemeUpdate } from '../../api';
import { makeModelRoomFromScheme, modelRoomRefusal, MODEL_ROOM_EXISTS_RETCODE, type MakeModelRoomServer } from '../../ui/scene/make-model-room';

const typed = [{ roomType: 2 }, { roomType: 7 }];

describe('制作样板间: core.md §5 checks in their order', () => {
  it('no room, then an untyped room, then an unsaved scene', () => {
    // Every check fails: the first one in the spec's order is the one reported.
    expect(modelRoomRefusal({ rooms: [], sceneId: null, unsaved: true })).toBe('no-room');
    expect(modelRoomRefusal({ rooms: [{ roomType: 2 }, { roomType: 0 }], sceneId: null, unsaved: true })).toBe('untyped-room');
    expect(modelRoomRefusal({ rooms: typed, sceneId: null, unsaved: false })).toBe('save-first');
    // saved once, but changed since: the sample room is made from the stored file
    expect(modelRoomRefusal({ rooms: typed, sceneId: 4, unsaved: true })).toBe('save-first');
    expect(modelRoomRefusal({ rooms: typed, sceneId: 4, unsaved: false })).toBeNull();
  });
});

function room(id: number, extra: Partial<ModelRoom> = {}): ModelRoom {
  return {
    id,
    scheme_id: id,
    scheme_brand: 'mnls',
    favor: 0,
    name: '两居室',
    cover_url: `/files/scenes/mnls/${id}.png`,
    scene_id: 4,
    scene_file: `/files/scenes/mnls/${id}.json`,
    room_type: 100,
    style: '',
    area: 0,
    viewed_count: 0,
    model_list_url: '',
    room: {},
    is_public: 0,
    is_owner: 1,
    created_at: '',
    updated_at: '',
    ...extra,
  };
}

function fakeServer(existing = 0) {
  const calls: string[] = [];
  const patches: SchemeUpdate[] = [];
  const server: MakeModelRoomServer = {
    countForScene: async (id) => {
      calls.push(`count ${id}`);
      return existing;
    },
    make: async (id) => {
      calls.push(`make ${id}`);
      return room(41);
    },
    patch: async (id, update) => {
      calls.push(`patch ${id}`);
      patches.push(update);
      return room(id, { model_list_url: update.scheme?.model_list_url ?? '' });
    },
  };
  return { server, calls, patches };
}

const info = {
  wholeRoomType: 100,
  rooms: [
    { name: '主卧', roomType: 2, area: 12.345 },
    { name: '厨房', roomType: 7, area: 6.2 },
  ],
};

describe('制作样板间: the flow', () => {
  it('makes it on the server, then PATCHes the list picture and the rooms with types and areas', async () => {
    const { server, calls, patches } = fakeServer();
    const outcome = await makeModelRoomFromScheme(server, { rooms: typed, sceneId: 4, unsaved: false }, info);
    expect(calls).toEqual(['count 4', 'make 4', 'patch 41']);
    expect(outcome).toMatchObject({ kind: 'made', room: { id: 41, model_list_url: '/files/scenes/mnls/41.png' } });
    expect(patches[0]).toEqual({
      scheme: { model_list_url: '/files/scenes/mnls/41.png' },
      room: {
        roomType: 100,
        area: 18.55,
        rooms: [
          { name: '主卧', roomType: 2, area: 12.345 },
          { name: '厨房', roomType: 7, area: 6.2 },
        ],
      },
    });
  });

  it('asks the server nothing when a local check refuses', async () => {
    const { server, calls } = fakeServer();
    expect(await makeModelRoomFromScheme(server, { rooms: [{ roomType: 0 }], sceneId: 4, unsaved: false }, info)).toEqual({ kind: 'refused', reason: 'untyped-room' });
    expect(calls).toEqual([]);
  });

  it('refuses with 该场景已制作过样板间！ when the list has one for the scene, or the server says so', async () => {
    const listed = fakeServer(1);
    expect(await makeModelRoomFromScheme(listed.server, { rooms: typed, sceneId: 4, unsaved: false }, info)).toEqual({ kind: 'refused', reason: 'made-before' });
    expect(listed.calls).toEqual(['count 4']);

    const raced = fakeServer();
    raced.server.make = async () => {
      throw new ApiError({ kind: 'response', method: 'POST', url: '/api/admin/model-room', status: 409, code: MODEL_ROOM_EXISTS_RETCODE, serverMessage: '该场景已制作过样板间！' });
    };
    expect(await makeModelRoomFromScheme(raced.server, { rooms: typed, sceneId: 4, unsaved: false }, info)).toEqual({ kind: 'refused', reason: 'made-before' });
  });

  it('reports other failures, and counts a sample room as made when only the PATCH failed', async () => {
    const down = fakeServer();
    const error = new ApiError({ kind: 'network', method: 'POST', url: '/api/admin/model-room' });
    down.server.make = async () => {
      throw error;
    };
    expect(await makeModelRoomFromScheme(down.server, { rooms: typed, sceneId: 4, unsaved: false }, info)).toEqual({ kind: 'failed', error });

    const half = fakeServer();
    half.server.patch = async () => {
      throw error;
    };
    expect(await makeModelRoomFromScheme(half.server, { rooms: typed, sceneId: 4, unsaved: false }, info)).toMatchObject({ kind: 'made', room: { id: 41 } });
  });
});

describe('opening a sample room: where its content comes from', () => {
  it('the owner opens the scene itself; others its file, or the scene file; none: 该样板间没有场景文件', async () => {
    const { modelRoomSource } = await import('../../ui/scene/open-model-room');
    expect(modelRoomSource({ scene_id: 4, scene_file: '/f.json', is_owner: 1 })).toEqual({ kind: 'scene', sceneId: 4 });
    expect(modelRoomSource({ scene_id: 4, scene_file: '/f.json', is_owner: 0 })).toEqual({ kind: 'file', url: '/f.json' });
    expect(modelRoomSource({ scene_id: 4, scene_file: '', is_owner: 0 })).toEqual({ kind: 'scene-file', sceneId: 4 });
    expect(modelRoomSource({ scene_id: null, scene_file: '', is_owner: 1 })).toEqual({ kind: 'none' });
  });
});
