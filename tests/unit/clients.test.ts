import { describe, expect, it } from 'vitest';
import { clientProblems, isPlausiblePhone, normaliseClient, serverClientId, type ClientFields, type ClientRecord } from '../../protocol/clients';
import { saveScene } from '../../ui/scene/save';
import { currentSceneOf } from '../../ui/scene/state';
import { clientArea } from '../../ui/workspace/client-info';
import { emptyForm, entryRow, formFields, formFromClient, formProblems, metaClientOf, problemRows } from '../../ui/workspace/clients/client-form';
import { makeDeps } from './scene-fakes';

const fields = (change: Partial<ClientFields> = {}): ClientFields => ({
  name: '张三',
  phone: '',
  address: '',
  order_number: '',
  regionCode: '',
  custom_client_info: [],
  ...change,
});

const record: ClientRecord = {
  ...fields({ phone: '13800138000', address: '滨江路 8 号', order_number: 'DD-1', regionCode: '330100' }),
  custom_client_info: [
    { key: 'Remark', Remark: 'VIP' },
    { key: 'ClientArea', Remark: '110100' },
  ],
  id: 42,
  ownerId: 7,
  sceneCount: 2,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
};

describe('client limits (protocol/clients.ts)', () => {
  it('takes phones as people write them and refuses what is not one', () => {
    for (const ok of ['', '13800138000', '+86 138-0013-8000', '0086 (571) 8888-6666', '0571.8888.6666', '12345']) expect(isPlausiblePhone(ok), ok).toBe(true);
    for (const bad of ['138abc', '1234', '+86 12', '138+0013', '1'.repeat(16), '++8613800138000']) expect(isPlausiblePhone(bad), bad).toBe(false);
  });

  it('names every broken limit in form order, counting characters (not UTF-16 units)', () => {
    expect(clientProblems(fields())).toEqual([]);
    expect(clientProblems(fields({ name: '𠀀'.repeat(50) }))).toEqual([]);
    expect(clientProblems(fields({ name: '', phone: 'x', regionCode: '33' }))).toEqual([
      { field: 'name', code: 'required' },
      { field: 'phone', code: 'phone' },
      { field: 'regionCode', code: 'region', value: '33' },
    ]);
    expect(clientProblems(fields({ name: '名'.repeat(51), address: '路'.repeat(201) }))).toEqual([
      { field: 'name', code: 'tooLong', max: 50 },
      { field: 'address', code: 'tooLong', max: 200 },
    ]);
    const entries = [
      { key: 'Remark', Remark: 'a' },
      { key: '', Remark: 'b' },
      { key: 'Remark', Remark: 'c'.repeat(501) },
      { key: 'k'.repeat(41), Remark: '' },
    ];
    expect(clientProblems(fields({ custom_client_info: entries }))).toEqual([
      { field: 'custom_client_info', code: 'entryKeyRequired', index: 1 },
      { field: 'custom_client_info', code: 'entryKeyRepeated', index: 2, key: 'Remark' },
      { field: 'custom_client_info', code: 'entryValueTooLong', index: 2, max: 500 },
      { field: 'custom_client_info', code: 'entryKeyTooLong', index: 3, max: 40 },
    ]);
    const many = Array.from({ length: 101 }, (_, i) => ({ key: `k${i}`, Remark: '' }));
    expect(clientProblems(fields({ custom_client_info: many }))).toEqual([{ field: 'custom_client_info', code: 'tooManyEntries', max: 100 }]);
  });

  it('trims and drops empty custom rows before checking', () => {
    expect(normaliseClient(fields({ name: ' 李四 ', custom_client_info: [{ key: ' ', Remark: '' }, { key: ' OrderNo ', Remark: ' 9 ' }] }))).toEqual(
      fields({ name: '李四', custom_client_info: [{ key: 'OrderNo', Remark: '9' }] }),
    );
  });

  it('reads a stored client id from the meta record only when it is one', () => {
    expect(serverClientId('42')).toBe(42);
    for (const no of ['', '0', '042', 'abc', '4.2', '12345678901234567']) expect(serverClientId(no), no).toBeNull();
  });
});

describe('the client form', () => {
  it('round-trips a stored client and sends trimmed fields without empty rows', () => {
    const form = formFromClient(record);
    expect(form.regionCode).toBe('330100');
    expect(formFields({ ...form, name: ' 张三 ', entries: [...form.entries, entryRow(' ', ' ')] })).toEqual(
      fields({ phone: '13800138000', address: '滨江路 8 号', order_number: 'DD-1', regionCode: '330100', custom_client_info: record.custom_client_info }),
    );
    expect(formFromClient({ ...record, regionCode: '' }).regionCode).toBeNull();
  });

  it('places a custom entry problem on the row it is about, skipping empty rows', () => {
    const blank = entryRow();
    const bad = entryRow('', '没有名称');
    const form = { ...emptyForm(), name: '王五', entries: [blank, bad] };
    expect(formProblems(form)).toEqual([{ problem: { field: 'custom_client_info', code: 'entryKeyRequired', index: 0 }, rowId: bad.id }]);
    expect(problemRows(form, [{ field: 'phone', code: 'phone' }])).toEqual([{ problem: { field: 'phone', code: 'phone' }, rowId: null }]);
    expect(formProblems({ ...emptyForm(), phone: 'abc' }).map((p) => p.problem.field)).toEqual(['name', 'phone']);
  });

  it('makes the meta client of a stored client: its id, fields, and its city as the one ClientArea entry', () => {
    const meta = metaClientOf(record);
    expect(meta).toEqual({
      id: '42',
      name: '张三',
      phone: '13800138000',
      address: '滨江路 8 号',
      order_number: 'DD-1',
      custom_client_info: [
        { key: 'Remark', Remark: 'VIP' },
        { key: 'ClientArea', Remark: '330100' },
      ],
    });
    expect(clientArea(meta)).toBe('330100');
    expect(clientArea(metaClientOf({ ...record, regionCode: '' }))).toBeNull();
  });
});

describe('saveScene sends the scheme client', () => {
  it('sends a stored client id, and null for none or a free-form id', async () => {
    const deps = makeDeps();
    deps.server.clients.add(42);
    deps.kernel.clientId = '42';
    expect((await saveScene(deps, { name: 'A' })).kind).toBe('saved');
    expect(deps.server.called('create')[0]!.args[0]).toMatchObject({ clientId: 42 });
    expect(deps.server.scenes.get(deps.state.scene!.id)!.clientId).toBe(42);

    deps.kernel.clientId = 'legacy-7';
    expect((await saveScene(deps)).kind).toBe('saved');
    expect(deps.server.called('update')[0]!.args[1]).toMatchObject({ clientId: null });
  });

  it('saves the design without the link when the server refuses the client (deleted meanwhile)', async () => {
    const deps = makeDeps();
    const scene = deps.server.seed('方案', 3);
    deps.state.scene = currentSceneOf(scene);
    deps.kernel.clientId = '99';
    const outcome = await saveScene(deps);
    expect(outcome.kind).toBe('saved');
    const updates = deps.server.called('update');
    expect(updates.map((u) => (u.args[1] as { clientId: unknown }).clientId)).toEqual([99, null]);
    expect(updates[0]!.args[2]).not.toBe(updates[1]!.args[2]);
    expect(deps.server.scenes.get(scene.id)).toMatchObject({ version: 4, clientId: null });
    expect(deps.state.unconfirmedSave).toBe(false);
  });
});
