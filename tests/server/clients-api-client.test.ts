// api/clients.ts (and the scene calls' clientId) against the real server (PGlite): the typed calls
// reach their routes, and the refusals come back with what the client form and the save need.
import { describe, expect, it } from 'vitest';
import { clientProblemsOf, createClient, deleteClient, getClient, isClientUnavailable, listClients, updateClient } from '../../api/clients';
import { createScene, listScenes, uploadSceneFile } from '../../api/scene';
import type { ClientFields } from '../../protocol/clients';
import { backends } from './helpers';
import { designerClientFixture } from './catalogue-helpers';
import { sceneBytes, sceneFile } from './scene-helpers';

const pglite = backends().find((b) => b.name === 'pglite')!;

const fields = (name: string, change: Partial<ClientFields> = {}): ClientFields => ({
  name,
  phone: '',
  address: '',
  order_number: '',
  regionCode: '',
  custom_client_info: [],
  ...change,
});

describe('api/clients against the server', () => {
  const fixture = designerClientFixture(pglite);

  it('creates, lists, reads, updates and deletes', async () => {
    const api = fixture.client();
    const made = await createClient(api, fields('周七', { phone: '13900001111', regionCode: '440300', custom_client_info: [{ key: 'OrderNo', Remark: 'A-1' }] }));
    expect(made).toMatchObject({ name: '周七', regionCode: '440300', sceneCount: 0 });
    const page = await listClients(api, { keyword: '1111' });
    expect(page.list.map((c) => c.id)).toEqual([made.id]);
    expect((await updateClient(api, made.id, fields('周七七'))).name).toBe('周七七');
    expect((await getClient(api, made.id)).custom_client_info).toEqual([]);
    expect(await deleteClient(api, made.id)).toEqual({ id: made.id });
    expect(await getClient(api, made.id, { silent: true }).catch((e: unknown) => (e as { status?: number }).status)).toBe(404);
  });

  it('hands back every broken limit, and tells a refused clientId of a scene save', async () => {
    const api = fixture.client();
    const refused = await createClient(api, fields('', { phone: 'abc' }), { silent: true }).catch((e: unknown) => e);
    expect(clientProblemsOf(refused)).toEqual([
      { field: 'name', code: 'required' },
      { field: 'phone', code: 'phone' },
    ]);
    expect(isClientUnavailable(refused)).toBe(false);

    const owner = await createClient(api, fields('吴八'));
    const upload = await uploadSceneFile(api, 'scene', sceneBytes(sceneFile(3, 'api')));
    const scene = await createScene(api, { name: '吴八的方案', file: upload.url, clientId: owner.id });
    expect(scene).toMatchObject({ clientId: owner.id, clientName: '吴八' });
    expect((await listScenes(api, { clientId: owner.id })).list.map((s) => s.id)).toEqual([scene.id]);

    const again = await uploadSceneFile(api, 'scene', sceneBytes(sceneFile(3, 'api-2')));
    const gone = await createScene(api, { name: '不存在的客户', file: again.url, clientId: 987654321 }, { silent: true }).catch((e: unknown) => e);
    expect(isClientUnavailable(gone)).toBe(true);
    expect(clientProblemsOf(gone)).toBeNull();
  });
});
