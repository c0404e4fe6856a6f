import { describe, expect, it } from 'vitest';
import type { SceneMetaSummary } from '../../protocol/snapshot';
import { CLIENT_AREA_KEY } from '../../ui/workspace/client-info';
import {
  checkHouseholdStorage,
  checkNewScheme,
  emptyNewSchemeForm,
  houseTypeLabel,
  houseTypeParams,
  mayDeleteHouseType,
  newSchemeMeta,
  registerClientPicker,
  registeredClientPicker,
  sanitiseField,
  SCENE_STYLES,
  withPickedClient,
  type NewSchemeForm,
} from '../../ui/workspace/new-scheme';
import { i18nFor } from './cabinet-table-support';

// 新建方案's house-type dialog (issue 16): what the boxes keep, the checks, and how the defaults
// of catalogues.md §3 become the new scheme's meta record; 户型入库's checks and its request.

const zh = i18nFor('zh');
const en = i18nFor('en');

function form(over: Partial<NewSchemeForm> = {}): NewSchemeForm {
  return { ...emptyNewSchemeForm('未命名方案'), ...over };
}

describe('the house-type form', () => {
  it('strips non-digits from the count and phone boxes as typed (core.md §5), other boxes keep their text', () => {
    expect(sanitiseField('bedroomNumber', '3室')).toBe('3');
    expect(sanitiseField('parlourNumber', '-2')).toBe('2');
    expect(sanitiseField('bathroomNumber', '123')).toBe('12');
    expect(sanitiseField('clientPhone', '+86 138-0000-0000')).toBe('8613800000000');
    expect(sanitiseField('clientPhone', '1'.repeat(20))).toHaveLength(15);
    expect(sanitiseField('building', '阳光花园 3 期')).toBe('阳光花园 3 期');
  });

  it('accepts a full form: roomNumber is the total of 室, 厅 and 卫, roomType 0, empty counts are 0', () => {
    const checked = checkNewScheme(
      form({
        name: '  王宅  ',
        bedroomNumber: '3',
        parlourNumber: '2',
        bathroomNumber: '',
        style: '现代',
        city: '110100',
        building: ' 阳光花园 ',
        address: '人民路 1 号',
        clientName: '王五',
        clientPhone: '13800000000',
      }),
    );
    expect(checked).toEqual({
      ok: true,
      defaults: {
        name: '王宅',
        roomNumber: 5,
        bedroomNumber: 3,
        parlourNumber: 2,
        bathroomNumber: 0,
        roomType: 0,
        sceneStyle: '现代',
        clientCity: '110100',
        clientBuilding: '阳光花园',
        clientAddress: '人民路 1 号',
        client: { name: '王五', phone: '13800000000', id: '' },
      },
    });
  });

  it('names every problem at its box, in zh and en', () => {
    const checked = checkNewScheme(
      form({ name: '   ', bedroomNumber: '100', parlourNumber: '2a', clientPhone: '12345', building: 'x'.repeat(101), city: '北京' }),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(['bedroomNumber', 'building', 'city', 'clientPhone', 'name', 'parlourNumber']);
    expect(zh._(checked.errors.name!)).toBe('请输入方案名称');
    expect(en._(checked.errors.name!)).toBe('Please enter a scheme name');
    expect(zh._(checked.errors.bedroomNumber!)).toBe('请输入 0–99 的整数');
    expect(en._(checked.errors.clientPhone!)).toBe('Enter a phone number of 7–15 digits');
    expect(checkNewScheme(form({ name: 'x'.repeat(101) })).ok).toBe(false);
    expect(checkNewScheme(form({ clientPhone: '1234567' })).ok).toBe(true);
  });

  it('maps the defaults onto the meta record: style, client with the city as ClientArea, house type', () => {
    const checked = checkNewScheme(form({ name: '王宅', bedroomNumber: '3', parlourNumber: '1', bathroomNumber: '2', style: '北欧', city: '310100', building: '阳光花园', address: '人民路 1 号', clientName: '王五', clientPhone: '13800000000', clientId: '42' }));
    if (!checked.ok) throw new Error('expected a valid form');
    expect(newSchemeMeta(checked.defaults)).toEqual({
      name: '王宅',
      style: '北欧',
      roomType: 0,
      client: {
        name: '王五',
        phone: '13800000000',
        id: '42',
        address: '人民路 1 号',
        order_number: '',
        custom_client_info: [{ key: CLIENT_AREA_KEY, Remark: '310100' }],
      },
      houseType: { roomNumber: 6, bedroomNumber: 3, parlourNumber: 1, bathroomNumber: 2, building: '阳光花园' },
    });
    const noCity = checkNewScheme(form({ name: '空' }));
    if (!noCity.ok) throw new Error('expected a valid form');
    expect(newSchemeMeta(noCity.defaults).client?.custom_client_info).toEqual([]);
  });

  it('offers the first style list of catalogues.md §3, stored in Chinese, shown translated', () => {
    expect(SCENE_STYLES).toHaveLength(17);
    expect(SCENE_STYLES[0]!.value).toBe('现代');
    expect(en._(SCENE_STYLES[1]!.label)).toBe('Light luxury');
    expect(en._(houseTypeLabel({ bedroomNumber: 3, parlourNumber: 2, bathroomNumber: 1 }))).toBe('3 bed · 2 living · 1 bath');
    expect(zh._(houseTypeLabel({ bedroomNumber: 3, parlourNumber: 2, bathroomNumber: 1 }))).toBe('3室2厅1卫');
  });

  it('takes a picked client through the registered picker hook; a typed-over field keeps the typing', () => {
    expect(registeredClientPicker()).toBeNull();
    const picker = (onPick: (c: { id: string; name: string; phone: string }) => void) => onPick({ id: '7', name: '李四', phone: '139-0000-0000' });
    const unregister = registerClientPicker(picker);
    expect(registeredClientPicker()).toBe(picker);
    let picked = form({ address: '旧地址' });
    registeredClientPicker()!((c) => (picked = withPickedClient(picked, c)));
    expect(picked).toMatchObject({ clientId: '7', clientName: '李四', clientPhone: '13900000000', address: '旧地址', city: null });
    unregister();
    expect(registeredClientPicker()).toBeNull();
  });
});

describe('户型入库 (household storage)', () => {
  it('checks a saved scene first (请先保存场景！), then a non-empty one (场景不能为空！)', () => {
    expect(checkHouseholdStorage({ saved: false, contentRecords: 0 })).toBe('unsaved');
    expect(checkHouseholdStorage({ saved: false, contentRecords: 9 })).toBe('unsaved');
    expect(checkHouseholdStorage({ saved: true, contentRecords: 0 })).toBe('empty');
    expect(checkHouseholdStorage({ saved: true, contentRecords: 9 })).toBe('ok');
  });

  it('sends the house type, style and city of the meta record (zeros for a scheme that never had one)', () => {
    const meta: SceneMetaSummary = {
      name: '王宅',
      style: '现代',
      roomType: 100,
      isUseStackWall: 0,
      hasMeasuringSize: false,
      client: { name: '', phone: '', id: '', address: '', order_number: '', custom_client_info: [{ key: CLIENT_AREA_KEY, Remark: '110100' }] },
      houseType: { roomNumber: 6, bedroomNumber: 3, parlourNumber: 2, bathroomNumber: 1, building: '阳光花园' },
    };
    expect(houseTypeParams(12, meta, '北京市')).toEqual({
      sceneId: 12,
      style: '现代',
      roomNumber: 6,
      bedroomNumber: 3,
      parlourNumber: 2,
      bathroomNumber: 1,
      city: '110100',
      cityName: '北京市',
      building: '阳光花园',
    });
    const { houseType: _none, ...old } = meta;
    expect(houseTypeParams(12, { ...old, client: { ...old.client, custom_client_info: [] } }, '北京市')).toMatchObject({
      roomNumber: 0,
      bedroomNumber: 0,
      city: '',
      cityName: '',
      building: '',
    });
  });

  it('offers delete to whoever stored the entry and to project admins only', () => {
    const entry = { ownerId: 5 };
    expect(mayDeleteHouseType(entry, { id: 5, is_project_admin: 0 })).toBe(true);
    expect(mayDeleteHouseType(entry, { id: 6, is_project_admin: 1 })).toBe(true);
    expect(mayDeleteHouseType(entry, { id: 6, is_project_admin: 0 })).toBe(false);
    expect(mayDeleteHouseType(entry, null)).toBe(false);
  });
});
