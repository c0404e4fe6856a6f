import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CreateHouseTypeParams } from '../../api';
import type { NewSceneMeta } from '../../protocol/kernel-api';
import type { HouseTypeInfo } from '../../protocol/records';
import type { SceneMetaSummary } from '../../protocol/snapshot';
import { numberOnly } from '../widgets/input';
import { clientArea, withClientArea } from './client-info';

// The house-type dialog of 新建方案 (issue 16) and 户型入库, as pure functions: what the form
// keeps of a keystroke, its checks, how its values become the new scheme's meta record
// (catalogues.md §3 new-scheme defaults), and what household storage checks and sends.

/**
 * catalogues.md §3 styles (the first list). The value is what meta.style and the sample rooms
 * store: the Chinese name; the label is shown in the interface language.
 */
export const SCENE_STYLES: readonly { readonly value: string; readonly label: MessageDescriptor }[] = [
  { value: '现代', label: msg`现代` },
  { value: '轻奢', label: msg`轻奢` },
  { value: '北欧', label: msg`北欧` },
  { value: '美式', label: msg`美式` },
  { value: '新中式', label: msg`新中式` },
  { value: '中式', label: msg`中式` },
  { value: '侘寂', label: msg`侘寂` },
  { value: '简欧', label: msg`简欧` },
  { value: '日式', label: msg`日式` },
  { value: '欧式', label: msg`欧式` },
  { value: '地中海', label: msg`地中海` },
  { value: '后现代', label: msg`后现代` },
  { value: '法式', label: msg`法式` },
  { value: '工业风', label: msg`工业风` },
  { value: '田园', label: msg`田园` },
  { value: '混搭', label: msg`混搭` },
  { value: '其他', label: msg`其他` },
];

/** The kernel's limit per kind of room (kinds/meta MAX_HOUSE_ROOMS). */
export const MAX_ROOM_COUNT = 99;
export const NAME_MAX = 100;
export const TEXT_MAX = 100;
export const ADDRESS_MAX = 200;
/** A phone number: 7 digits (a local landline) to 15 (E.164's longest). */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

/** The form as typed: every box is text; city is a region code or null. */
export interface NewSchemeForm {
  readonly name: string;
  readonly bedroomNumber: string;
  readonly parlourNumber: string;
  readonly bathroomNumber: string;
  readonly style: string;
  readonly city: string | null;
  readonly building: string;
  readonly address: string;
  readonly clientName: string;
  readonly clientPhone: string;
  /** set by the client picker (another dialog), '' when the client was typed */
  readonly clientId: string;
}

export type NewSchemeField = keyof NewSchemeForm;

export function emptyNewSchemeForm(name: string): NewSchemeForm {
  return { name, bedroomNumber: '', parlourNumber: '', bathroomNumber: '', style: '', city: null, building: '', address: '', clientName: '', clientPhone: '', clientId: '' };
}

/** core.md §5: the count and phone boxes are number-only (non-digits are stripped as typed). */
export function sanitiseField(field: NewSchemeField, text: string): string {
  switch (field) {
    case 'bedroomNumber':
    case 'parlourNumber':
    case 'bathroomNumber':
      return numberOnly(text).slice(0, 2);
    case 'clientPhone':
      return numberOnly(text).slice(0, PHONE_DIGITS.max);
    default:
      return text;
  }
}

/** catalogues.md §3 new-scheme defaults, checked. */
export interface NewSchemeDefaults {
  readonly name: string;
  readonly roomNumber: number;
  readonly bedroomNumber: number;
  readonly parlourNumber: number;
  readonly bathroomNumber: number;
  /** roomType 0 (unnamed): rooms get their types as they are drawn */
  readonly roomType: 0;
  readonly sceneStyle: string;
  readonly clientCity: string | null;
  readonly clientBuilding: string;
  readonly clientAddress: string;
  readonly client: { readonly name: string; readonly phone: string; readonly id: string };
}

export type NewSchemeCheck =
  | { readonly ok: true; readonly defaults: NewSchemeDefaults }
  | { readonly ok: false; readonly errors: Partial<Record<NewSchemeField, MessageDescriptor>> };

const COUNT_FIELDS = ['bedroomNumber', 'parlourNumber', 'bathroomNumber'] as const;

function count(text: string): number | null {
  const digits = text.trim();
  if (digits === '') return 0;
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  return n <= MAX_ROOM_COUNT ? n : null;
}

/** Every problem of the form at once (each shown at its box); the defaults when there is none. */
export function checkNewScheme(form: NewSchemeForm): NewSchemeCheck {
  const errors: Partial<Record<NewSchemeField, MessageDescriptor>> = {};
  const name = form.name.trim();
  if (!name) errors.name = msg`请输入方案名称`;
  else if (name.length > NAME_MAX) errors.name = msg`方案名称不能超过 100 个字`;
  const counts: Partial<Record<(typeof COUNT_FIELDS)[number], number>> = {};
  for (const field of COUNT_FIELDS) {
    const n = count(form[field]);
    if (n === null) errors[field] = msg`请输入 0–99 的整数`;
    else counts[field] = n;
  }
  if (form.building.trim().length > TEXT_MAX) errors.building = msg`小区/楼盘不能超过 100 个字`;
  if (form.address.trim().length > ADDRESS_MAX) errors.address = msg`地址不能超过 200 个字`;
  if (form.clientName.trim().length > TEXT_MAX) errors.clientName = msg`客户姓名不能超过 100 个字`;
  const phone = form.clientPhone.trim();
  if (phone && !(/^\d+$/.test(phone) && phone.length >= PHONE_DIGITS.min && phone.length <= PHONE_DIGITS.max)) {
    errors.clientPhone = msg`请输入 7–15 位数字的电话号码`;
  }
  if (form.city !== null && !/^\d{6}$/.test(form.city)) errors.city = msg`请选择城市`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const bedroomNumber = counts.bedroomNumber ?? 0;
  const parlourNumber = counts.parlourNumber ?? 0;
  const bathroomNumber = counts.bathroomNumber ?? 0;
  return {
    ok: true,
    defaults: {
      name,
      roomNumber: bedroomNumber + parlourNumber + bathroomNumber,
      bedroomNumber,
      parlourNumber,
      bathroomNumber,
      roomType: 0,
      sceneStyle: form.style,
      clientCity: form.city,
      clientBuilding: form.building.trim(),
      clientAddress: form.address.trim(),
      client: { name: form.clientName.trim(), phone: phone, id: form.clientId },
    },
  };
}

/** The new scheme's meta record: style in meta.style, the city as the client's ClientArea entry, the house type in meta.houseType. */
export function newSchemeMeta(d: NewSchemeDefaults): NewSceneMeta {
  const client = { name: d.client.name, phone: d.client.phone, id: d.client.id, address: d.clientAddress, order_number: '' };
  return {
    name: d.name,
    style: d.sceneStyle,
    roomType: d.roomType,
    client: { ...client, custom_client_info: withClientArea(client, d.clientCity) },
    houseType: {
      roomNumber: d.roomNumber,
      bedroomNumber: d.bedroomNumber,
      parlourNumber: d.parlourNumber,
      bathroomNumber: d.bathroomNumber,
      building: d.clientBuilding,
    },
  };
}

/** 3室2厅1卫 (in the interface language). */
export function houseTypeLabel(h: Pick<HouseTypeInfo, 'bedroomNumber' | 'parlourNumber' | 'bathroomNumber'>): MessageDescriptor {
  return msg`${h.bedroomNumber}室${h.parlourNumber}厅${h.bathroomNumber}卫`;
}

export type HouseholdStorageCheck = 'unsaved' | 'empty' | 'ok';

/** core.md §5, in its order: a saved scene (请先保存场景！), then a non-empty one (场景不能为空！). */
export function checkHouseholdStorage(scene: { readonly saved: boolean; readonly contentRecords: number }): HouseholdStorageCheck {
  if (!scene.saved) return 'unsaved';
  if (scene.contentRecords === 0) return 'empty';
  return 'ok';
}

/** What 户型入库 sends: the scheme's house type and city from its meta (zeros when it never had one). */
export function houseTypeParams(sceneId: number, meta: SceneMetaSummary, cityName: string): CreateHouseTypeParams {
  const h = meta.houseType;
  const city = clientArea(meta.client);
  return {
    sceneId,
    style: meta.style,
    roomNumber: h?.roomNumber ?? 0,
    bedroomNumber: h?.bedroomNumber ?? 0,
    parlourNumber: h?.parlourNumber ?? 0,
    bathroomNumber: h?.bathroomNumber ?? 0,
    city: city ?? '',
    cityName: city ? cityName : '',
    building: h?.building ?? '',
  };
}

/** A client chosen in the customer list (another dialog): what the new scheme takes from it. */
export interface PickedClient {
  readonly id: string;
  readonly name: string;
  readonly phone: string;
  readonly address?: string;
  /** a city code of the region table */
  readonly city?: string | null;
}

export type ClientPicker = (onPick: (client: PickedClient) => void) => void;

let clientPicker: ClientPicker | null = null;

/**
 * The house-type dialog's 选择客户 button appears once a customer list registers here (e.g.
 * `registerClientPicker(openClientPicker)` where the app starts); returns the unregister.
 */
export function registerClientPicker(picker: ClientPicker): () => void {
  clientPicker = picker;
  return () => {
    if (clientPicker === picker) clientPicker = null;
  };
}

export function registeredClientPicker(): ClientPicker | null {
  return clientPicker;
}

/** The form with a picked client's fields filled in (empty ones keep what was typed). */
export function withPickedClient(form: NewSchemeForm, client: PickedClient): NewSchemeForm {
  return {
    ...form,
    clientId: client.id,
    clientName: client.name || form.clientName,
    clientPhone: sanitiseField('clientPhone', client.phone) || form.clientPhone,
    address: client.address || form.address,
    city: client.city ?? form.city,
  };
}

/** The server's rule, shown before asking it: whoever stored an entry, or a project admin, may delete it. */
export function mayDeleteHouseType(entry: { readonly ownerId: number }, user: { readonly id: number; readonly is_project_admin: 0 | 1 } | null): boolean {
  return user !== null && (user.id === entry.ownerId || user.is_project_admin === 1);
}
